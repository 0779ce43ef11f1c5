// @vitest-environment node
import { expect, it } from "vitest"
import type { Plugin } from "vite"
import { withoutAppOnlyPlugins } from "./app-only-plugins.ts"
import { precompress } from "./precompress.ts"

const named = (name: string): Plugin => ({ name })

it("drops the precompression and early start plugins at any depth, keeping the others in order", async () => {
  const plugins = await withoutAppOnlyPlugins([
    named("react"),
    [named("tailwind"), precompress(), named("early-start")],
    Promise.resolve(precompress()),
    false,
    named("docs"),
  ])
  expect(plugins).toEqual([named("react"), [named("tailwind")], false, named("docs")])
})
