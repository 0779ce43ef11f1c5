// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { afterEach, expect, it } from "vitest"
import { precompress } from "./precompress.ts"
import { callHook, resolvedConfig } from "./testing/plugin-hooks.ts"

let root: string
afterEach(() => rmSync(root, { recursive: true, force: true }))

it("writes gzip and Brotli copies beside the built text files worth compressing", () => {
  root = mkdtempSync(path.join(tmpdir(), "precompress-"))
  const dist = path.join(root, "dist")
  mkdirSync(path.join(dist, "assets"), { recursive: true })
  mkdirSync(path.join(dist, ".vite"))
  const script = "export const greeting = 'olá';\n".repeat(100)
  const files = {
    "assets/app-1.js": script,
    "assets/tiny-1.js": "export {}",
    "assets/photo.png": script,
    ".vite/pages.json": JSON.stringify({ padding: script }),
  }
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dist, file), text)

  const plugin = precompress()
  callHook(plugin, "configResolved", {}, resolvedConfig(root))
  callHook(plugin, "writeBundle", {})

  const app = path.join(dist, "assets/app-1.js")
  expect(gunzipSync(readFileSync(`${app}.gz`)).toString()).toBe(script)
  expect(brotliDecompressSync(readFileSync(`${app}.br`)).toString()).toBe(script)
  expect(readFileSync(`${app}.br`).length).toBeLessThan(script.length / 10)
  for (const skipped of ["assets/tiny-1.js", "assets/photo.png", ".vite/pages.json"])
    expect(existsSync(path.join(dist, `${skipped}.gz`)), skipped).toBe(false)
})
