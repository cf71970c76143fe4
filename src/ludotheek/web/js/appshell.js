// An app on the home screen: the service worker (/sw.js) is registered from the lobby and the
// game page, so the site installs and its pages open without a network (they come from the
// worker's cache). A page that cannot reach the server says so in its language and comes back
// by itself: it asks /healthz every few seconds and, once the server answers, goes on.

// Register the worker; nothing happens where the browser has none (or refuses it).
export function registerWorker() {
  if (!("serviceWorker" in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((err) => {
    console.warn("the service worker was not registered", err);
    return null;
  });
}

let waiting = null;

// Show `text` in the notice `box` until the server answers again, then hide it and call
// `back` (once, however often this is called meanwhile).
export function untilServerIsBack(box, text, back, every = 3000) {
  box.textContent = text;
  box.hidden = false;
  if (waiting) return;
  waiting = setInterval(async () => {
    try {
      const res = await fetch("/healthz", { cache: "no-store" });
      if (!res.ok) return;
    } catch { return; }
    clearInterval(waiting);
    waiting = null;
    box.hidden = true;
    box.textContent = "";
    back();
  }, every);
}

// Whether an error of js/api.js means the server could not be reached at all.
export function unreachable(err) { return Boolean(err) && err.status === 0; }
