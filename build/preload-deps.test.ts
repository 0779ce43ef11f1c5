// @vitest-environment node
import { expect, it } from "vitest"
import { skipLoadedChunks } from "./preload-deps.ts"

const deps = [
  "assets/rolldown-runtime-XKyaHtl9.js",
  "assets/vendor-C4GpWrUG.js",
  "assets/vendor-extra-C4GpWrUG.js",
  "assets/creator-iXKOyft8.js",
  "assets/app-hhT8gs1V.css",
]
const resolve = skipLoadedChunks(["rolldown-runtime", "vendor"])

it("leaves the chunks every page has loaded out of a lazy import's preloads", () => {
  expect(resolve("assets/x.js", deps, { hostId: "assets/app-1.js", hostType: "js" })).toEqual([
    "assets/vendor-extra-C4GpWrUG.js",
    "assets/creator-iXKOyft8.js",
    "assets/app-hhT8gs1V.css",
  ])
})

it("keeps every preload of index.html's", () => {
  expect(resolve("index.html", deps, { hostId: "index.html", hostType: "html" })).toEqual(deps)
})
