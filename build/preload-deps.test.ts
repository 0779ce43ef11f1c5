// @vitest-environment node
import { expect, it } from "vitest"
import { skipLoadedChunks, staffPages } from "./preload-deps.ts"

const deps = [
  "assets/rolldown-runtime-XKyaHtl9.js",
  "assets/vendor-C4GpWrUG.js",
  "assets/vendor-extra-C4GpWrUG.js",
  "assets/creator-iXKOyft8.js",
  "assets/app-hhT8gs1V.css",
]
const resolve = skipLoadedChunks(["rolldown-runtime", "vendor"], staffPages)

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

it("lists nothing for the studio's and the operator's pages, which no follower's first load should carry", () => {
  const js = { hostId: "assets/app-1.js", hostType: "js" } as const
  expect(resolve("assets/studio-content-route-B6TidF5f.js", deps, js)).toEqual([])
  expect(resolve("assets/admin-leads-route-BKerIq8k.js", deps, js)).toEqual([])
  expect(resolve("assets/checkout-pix-route-DBOO6ZpN.js", deps, js)).toHaveLength(3)
})

it("leaves out the imported chunk itself, which the import fetches as the list is read", () => {
  const js = { hostId: "assets/app-1.js", hostType: "js" } as const
  expect(resolve("assets/creator-iXKOyft8.js", deps, js)).toEqual([
    "assets/vendor-extra-C4GpWrUG.js",
    "assets/app-hhT8gs1V.css",
  ])
})
