import { existsSync } from "node:fs"
import path from "node:path"
import fastifyStatic from "@fastify/static"
import type { FastifyInstance } from "fastify"

export const immutableCache = "public, max-age=31536000, immutable"

/**
 * Serves the built app as it is when the server starts; hashed files under assets/ are cached
 * forever, index.html never. The build writes a Brotli and a gzip copy beside each file, sent
 * to browsers that accept them.
 */
export async function registerSpa(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, "index.html"))) {
    app.log.warn({ distDir }, "app build not found: serving the API only (run npm run build)")
    return false
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: "/",
    // One route per built file, listed at start: a page's address or an unknown /v1 path then
    // goes straight to the not-found handler, instead of each GET searching the disk (a listing
    // and three file lookups) for a file named like it. index.html is sent from there.
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      // A compressed copy is cached like the file it stands for.
      const relative = path
        .relative(distDir, filePath)
        .split(path.sep)
        .join("/")
        .replace(/\.(br|gz)$/, "")
      if (relative.startsWith("assets/")) res.header("cache-control", immutableCache)
      else if (relative === "index.html") res.header("cache-control", "no-cache")
      else res.header("cache-control", "public, max-age=3600")
    },
  })
  return true
}
