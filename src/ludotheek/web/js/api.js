// The HTTP API and the live WebSocket, with reconnection.
export class ApiError extends Error {
  constructor(status, message, body) { super(message); this.status = status; this.body = body; }
}

async function call(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "network", null);
  }
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, data.error || res.statusText, data);
  return data;
}

export const api = {
  get: (path, token) => call("GET", path, undefined, token),
  post: (path, body, token) => call("POST", path, body, token),
  del: (path, body, token) => call("DELETE", path, body, token),
};

// Keeps a WebSocket to /api/games/<id>/live open; calls onMessage for every message
// and onStatus("open" | "lost") when the connection changes. It asks for views=1: a move
// and the computer's instant reply come as one "views" message (the views in order).
export function connectLive(gameId, token, onMessage, onStatus, chat = false) {
  let ws = null;
  let closed = false;
  let delay = 500;
  function open() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    // chat: the lines said before come first ({type: "chat", history: true}), at every (re)connection
    const q = (token ? `?token=${encodeURIComponent(token)}&views=1` : "?views=1") + (chat ? "&chat=1" : "");
    ws = new WebSocket(`${proto}://${location.host}/api/games/${gameId}/live${q}`);
    ws.onopen = () => { delay = 500; onStatus("open"); };
    ws.onmessage = (ev) => { try { onMessage(JSON.parse(ev.data)); } catch (e) { console.error(e); } };
    ws.onclose = (ev) => {
      if (closed) return;
      if (ev.code >= 4400 && ev.code < 4500) { onStatus("refused"); return; }
      onStatus("lost");
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    };
  }
  open();
  return {
    send(msg) { if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg)); },
    close() { closed = true; if (ws) ws.close(); },
  };
}
