import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { brotliCompressSync, gunzipSync, gzipSync } from "node:zlib"
import Fastify, { type FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { registerNotFound } from "./not-found.ts"
import { immutableCache, registerSpa } from "./spa.ts"

let app: FastifyInstance
let distDir: string

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), "closer-dist-"))
  mkdirSync(path.join(distDir, "assets"))
  writeFileSync(path.join(distDir, "index.html"), "<!doctype html><div id=root></div>")
  writeFileSync(path.join(distDir, "assets", "index-AbC123.js"), "console.log(1)")
  writeFileSync(path.join(distDir, "sw.js"), "self.addEventListener('fetch', () => {})")
  // The build's compressed copies (build/precompress.ts), here of the entry and of index.html.
  const compressed = {
    "assets/app-Zz9.js": "console.log('comprimido')",
    "index.html": "<!doctype html><div id=root data-copy=gz></div>",
  }
  for (const [file, text] of Object.entries(compressed)) {
    writeFileSync(path.join(distDir, file), text)
    writeFileSync(path.join(distDir, `${file}.gz`), gzipSync(text))
    writeFileSync(path.join(distDir, `${file}.br`), brotliCompressSync(text))
  }
  app = Fastify()
  registerNotFound(app, { spa: await registerSpa(app, distDir) })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  rmSync(distDir, { recursive: true, force: true })
})

describe("the built app's files", () => {
  it("are those listed at start: a page's address never searches the disk for a file", async () => {
    writeFileSync(path.join(distDir, "pagina-nova"), "not a page")
    const res = await app.inject({ url: "/pagina-nova" })
    expect(res.statusCode).toBe(200)
    expect(res.headers["content-type"]).toMatch(/text\/html/)
    expect(res.body).toContain("<div id=root")
  })
})

describe("the built app's caching", () => {
  it("keeps hashed files for a year, since a new build gives them new names", async () => {
    const res = await app.inject({ url: "/assets/index-AbC123.js" })
    expect(res.statusCode).toBe(200)
    expect(res.headers["cache-control"]).toBe(immutableCache)
    expect(immutableCache).toBe("public, max-age=31536000, immutable")
  })

  it("revalidates index.html on every visit, so a deploy reaches phones at once", async () => {
    for (const url of ["/", "/index.html", "/demo", "/demo/checkout"]) {
      const res = await app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers["content-type"], url).toMatch(/text\/html/)
      expect(res.headers["cache-control"], url).toBe("no-cache")
    }
  })

  it("sends the build's Brotli or gzip copy to browsers that accept it, and plain text otherwise", async () => {
    const brotli = await app.inject({
      url: "/assets/app-Zz9.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    })
    expect(brotli.headers["content-encoding"]).toBe("br")
    expect(brotli.headers["cache-control"]).toBe(immutableCache)
    expect(brotli.headers["content-type"]).toMatch(/javascript/)

    const gzip = await app.inject({ url: "/demo", headers: { "accept-encoding": "gzip" } })
    expect(gzip.headers["content-encoding"]).toBe("gzip")
    expect(gzip.headers["cache-control"]).toBe("no-cache")
    expect(gunzipSync(gzip.rawPayload).toString()).toContain("data-copy=gz")

    const plain = await app.inject({ url: "/assets/app-Zz9.js" })
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expect(plain.body).toBe("console.log('comprimido')")
  })

  it("answers a missing file with 404 instead of the app's 200, still with the app to say so", async () => {
    for (const url of ["/assets/index-Gone9.js", "/demo/foto.png"]) {
      const res = await app.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers["content-type"], url).toMatch(/text\/html/)
    }
    expect((await app.inject({ url: "/ana.silva" })).statusCode).toBe(200)
  })

  it("caches unhashed files such as the service worker only briefly", async () => {
    const res = await app.inject({ url: "/sw.js" })
    expect(res.headers["cache-control"]).toBe("public, max-age=3600")
  })
})
