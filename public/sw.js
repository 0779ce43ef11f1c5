// App shell and static files only. The API and media (everything under /v1/, including the
// receipt upload) always go to the network, so nobody sees another person's or stale data.
const CACHE = "closer-shell-v2"
// The plain shell: pages come rendered by the server with their own data, so a page is never
// kept to stand in for another; offline, the shell opens and the app says what did not load.
const SHELL = "/index.html"

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(SHELL))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  )
})

// Offline visits open a shell at most a day older than the build online.
const SHELL_MAX_AGE_MS = 24 * 60 * 60 * 1000

async function refreshShell() {
  const cache = await caches.open(CACHE)
  const cached = await cache.match(SHELL)
  const age = Date.now() - Date.parse(cached?.headers.get("date") ?? "")
  if (!(age < SHELL_MAX_AGE_MS)) await cache.add(SHELL)
}

async function networkFirstShell(event) {
  try {
    const response = await fetch(event.request)
    event.waitUntil(refreshShell().catch(() => undefined))
    return response
  } catch {
    return (await (await caches.open(CACHE)).match(SHELL)) ?? Response.error()
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE)
  const cached = await cache.match(request)
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok) await cache.put(request, response.clone())
  return response
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE)
  try {
    const response = await fetch(request)
    if (response.ok) await cache.put(request, response.clone())
    return response
  } catch {
    return (await cache.match(request)) ?? Response.error()
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event
  if (request.method !== "GET") return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || url.pathname.startsWith("/v1/")) return
  if (request.mode === "navigate") event.respondWith(networkFirstShell(event))
  // Hashed file names never change content: the cached copy is always right.
  else if (url.pathname.startsWith("/assets/")) event.respondWith(cacheFirst(request))
  else event.respondWith(networkFirst(request))
})

// New-content notifications (modules/notifications): the payload names the creator and the page
// to open, never the content, so the lock screen shows only "@demo publicou algo novo".
function pushPayload(event) {
  try {
    return event.data ? event.data.json() : null
  } catch {
    return null
  }
}

self.addEventListener("push", (event) => {
  const payload = pushPayload(event)
  if (!payload || typeof payload.body !== "string") return
  const url = typeof payload.url === "string" && payload.url.startsWith("/") ? payload.url : "/"
  event.waitUntil(
    self.registration.showNotification(payload.title || "Closer", {
      body: payload.body,
      tag: payload.tag,
      icon: "/apple-touch-icon.png",
      data: { url },
    }),
  )
})

self.addEventListener("notificationclick", (event) => {
  event.notification.close()
  const url = new URL(event.notification.data?.url ?? "/", self.location.origin).href
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url)
      return open ? open.focus() : self.clients.openWindow(url)
    }),
  )
})
