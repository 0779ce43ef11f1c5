// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { JSDOM } from "jsdom"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { OutputBundle } from "rolldown"
import { earlyStart } from "./early-start.ts"
import { callHook, resolvedConfig } from "./testing/plugin-hooks.ts"

// The project the bundle was built from: its module ids are absolute paths under it.
const root = mkdtempSync(path.join(tmpdir(), "early-start-"))
const chunk = (fileName: string, modules: string[], imports: string[] = [], isEntry = false) => ({
  type: "chunk",
  fileName,
  moduleIds: modules.map((module) => path.join(root, module)),
  imports,
  isEntry,
})
/** A built app in miniature: the entry and the chunks of the pages a follower lands on. */
const bundle = Object.fromEntries(
  [
    chunk("assets/index-1.js", ["index.html"], ["assets/vendor-1.js"], true),
    chunk("assets/vendor-1.js", ["node_modules/react/index.js"]),
    chunk("assets/landing-1.js", ["src/app/site/landing-route.tsx"], ["assets/vendor-1.js"]),
    chunk("assets/creator-1.js", [
      "src/app/creator-page/routes/creator-layout-route.tsx",
      "src/app/creator-page/routes/profile-route.tsx",
    ]),
    chunk(
      "assets/checkout-1.js",
      ["src/app/creator-page/routes/checkout-route.tsx"],
      ["assets/creator-1.js"],
    ),
  ].map((c) => [c.fileName, c]),
) as unknown as OutputBundle

const html = "<!doctype html><html><head></head><body></body></html>"
let tag: { tag: string; attrs: { src: string }; injectTo: string }
let script: string

beforeAll(async () => {
  // What the bundler has written by then.
  mkdirSync(path.join(root, "dist/assets"), { recursive: true })
  const plugin = earlyStart("https://api.example.com/")
  callHook(plugin, "configResolved", {}, resolvedConfig(root))
  const result = (await callHook(plugin, "transformIndexHtml", {}, html, { bundle })) as {
    tags: (typeof tag)[]
  }
  tag = result.tags[0]!
  callHook(plugin, "writeBundle", {})
  script = readFileSync(path.join(root, "dist", tag.attrs.src), "utf8")
}, 30_000)
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Runs the built script as a browser would, on `url`, and tells what it started. */
function visit(url: string) {
  const dom = new JSDOM(html, { url, runScripts: "outside-only" })
  const asked: string[] = []
  dom.window.fetch = async (input) => {
    asked.push(String(input))
    return new Response()
  }
  dom.window.eval(script)
  const preloads = [...dom.window.document.head.querySelectorAll("link[rel=modulepreload]")]
  const early = (dom.window as { __closerEarly?: object }).__closerEarly
  return {
    preloaded: preloads.map((link) => link.getAttribute("href")),
    asked,
    kept: Object.keys(early ?? {}),
  }
}

describe("earlyStart", () => {
  it("adds a classic script to the head, named by its content, and records it for the server", () => {
    expect(tag).toEqual({
      tag: "script",
      attrs: { src: expect.stringMatching(/^\/assets\/early-start-[\w-]{8}\.js$/) },
      injectTo: "head",
    })
    const pages = readFileSync(path.join(root, "dist/.vite/pages.json"), "utf8")
    expect(JSON.parse(pages)).toEqual({
      earlyStart: tag.attrs.src,
      // Every route page's chunks beyond the entry's, for the pages the browser draws.
      routeChunks: {
        "src/app/creator-page/routes/checkout-route.tsx": [
          "/assets/checkout-1.js",
          "/assets/creator-1.js",
        ],
        "src/app/creator-page/routes/creator-layout-route.tsx": ["/assets/creator-1.js"],
        "src/app/creator-page/routes/profile-route.tsx": ["/assets/creator-1.js"],
        "src/app/site/landing-route.tsx": ["/assets/landing-1.js"],
      },
    })
  })

  it("is minified: one line, no type annotations or comments", () => {
    expect(script.trim().split("\n")).toHaveLength(1)
    expect(script).not.toMatch(/EARLY_START_PLAN|\/\*\*|: string/)
  })

  it("preloads the landing's chunks beyond the entry's on /", () => {
    expect(visit("https://closer.example/")).toEqual({
      preloaded: ["/assets/landing-1.js"],
      asked: [],
      kept: [],
    })
  })

  it("asks the API for a visitor's profile on a creator's checkout and preloads its chunks", () => {
    // The highlights and the counts are the profile page's alone.
    const profile = ["https://api.example.com/v1/profile/demo"]
    expect(visit("https://closer.example/demo/checkout")).toEqual({
      preloaded: ["/assets/creator-1.js", "/assets/checkout-1.js", "/assets/creator-1.js"],
      asked: profile,
      kept: profile,
    })
  })

  it("starts nothing on the app's own pages", () => {
    expect(visit("https://closer.example/studio/entrar")).toEqual({
      preloaded: [],
      asked: [],
      kept: [],
    })
  })
})
