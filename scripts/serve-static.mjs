// A tiny static file server for the built Storybook, so visual tests need no extra package.
import { createReadStream, existsSync, statSync } from "node:fs"
import { createServer } from "node:http"
import { extname, join, normalize, resolve } from "node:path"

const [root = "storybook-static", port = "6107"] = process.argv.slice(2)
const base = resolve(root)
const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".mp4": "video/mp4",
  ".woff2": "font/woff2",
}

createServer((req, res) => {
  if (req.url === "/__health") return res.writeHead(200).end("ok")
  const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)
  let file = normalize(join(base, path))
  if (!file.startsWith(base)) return res.writeHead(403).end()
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html")
  if (!existsSync(file)) return res.writeHead(404).end("not found")
  // One built Storybook per run: the browser keeps its files (and their compiled code) between
  // stories instead of downloading and compiling them again for each screenshot.
  res.writeHead(200, {
    "content-type": types[extname(file)] ?? "application/octet-stream",
    "cache-control": "max-age=3600",
  })
  createReadStream(file).pipe(res)
}).listen(Number(port), "127.0.0.1")
