// The service worker (served at /sw.js, its scope the whole site: server/pages/appshell.py).
// The server writes RELEASE (the version and a hash of the pages' files) and SHELL (the files
// the pages load) when it starts: a new release is a new worker, whose cache has a name of its
// own; when it takes over, the caches of the old releases are deleted.
//
// Pages and files come from the network first, so a page always runs what the server serves;
// the cache is what a page opened without a network gets (it then says that the server cannot
// be reached, and comes back by itself: js/appshell.js). The API (/api/...) and anything sent
// with a secret never go into the cache.
//
// A push (server/push/) shows a notification; tapping it opens the game it names.
const RELEASE = "dev";
const SHELL = [];
const PREFIX = "ludotheek-";
const CACHE = `${PREFIX}${RELEASE}`;
const GAME_PAGE = "/play/";  // every game's page is the same file: kept once, under this key
const KEPT = new Set(SHELL);

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(SHELL.map((url) => new Request(url, { cache: "no-cache" })));
    const game = await fetch("/static/game.html", { cache: "no-cache" });
    if (game.ok) await cache.put(GAME_PAGE, game);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// the address a response is kept under, or null when it is not kept (not part of the shell)
function keyOf(url) {
  if (/^\/play\/[^/]+$/.test(url.pathname)) return GAME_PAGE;
  if (url.search) return null;
  return KEPT.has(url.pathname) ? url.pathname : null;
}

// whether a request may be answered from the cache at all: never the API, the worker itself,
// a request with a secret (an Authorization header, a token in the address)
function cacheable(request, url) {
  if (url.origin !== self.location.origin || request.method !== "GET") return false;
  if (url.pathname.startsWith("/api/") || ["/sw.js", "/healthz", "/openapi.json"].includes(url.pathname)) return false;
  if (request.headers.has("Authorization")) return false;
  return ![...url.searchParams.keys()].some((k) => /token|invite|secret|profile/i.test(k));
}

async function networkFirst(request, url) {
  const key = keyOf(url);
  try {
    const response = await fetch(request);
    if (key && response.ok && response.type === "basic") {
      const cache = await caches.open(CACHE);
      await cache.put(key, response.clone());
    }
    return response;
  } catch (err) {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(key || request, { ignoreSearch: request.mode === "navigate" });
    if (kept) return kept;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (!cacheable(event.request, url)) return;  // the network alone, as without a worker
  event.respondWith(networkFirst(event.request, url));
});

// a push's message: {title, body, url, tag} (server/push/sender.py); the address must be
// this site's
function pushed(event) {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = {}; }
  const url = new URL(typeof data.url === "string" ? data.url : "/", self.location.origin);
  return {
    title: typeof data.title === "string" ? data.title.slice(0, 200) : "ludotheek",
    body: typeof data.body === "string" ? data.body.slice(0, 500) : "",
    tag: typeof data.tag === "string" ? data.tag.slice(0, 100) : undefined,
    url: url.origin === self.location.origin ? url.pathname : "/",
  };
}

self.addEventListener("push", (event) => {
  const msg = pushed(event);
  event.waitUntil(self.registration.showNotification(msg.title, {
    body: msg.body, tag: msg.tag, icon: "/static/img/icon-192.png", data: { url: msg.url },
  }));
});

// A tap on a notification: the page of the game it names is brought to the front where it is
// open already, else opened (`clients`: the worker's Clients; a test gives its own). Only a
// path on this site is opened (pushed() made it one).
async function openFromNotification(data, clients) {
  const url = data && typeof data.url === "string" && data.url.startsWith("/") && !data.url.startsWith("//")
    ? data.url : "/";
  const open = await clients.matchAll({ type: "window", includeUncontrolled: true });
  const there = open.find((c) => new URL(c.url).pathname === url);
  if (there) return there.focus();
  return clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(event.notification.data, self.clients));
});
