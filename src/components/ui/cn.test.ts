import { getDefaultConfig } from "tailwind-merge"
import { describe, expect, it } from "vitest"
import { classGroups, sourceClasses, usedConfig } from "../../../scripts/tw-merge-config.mjs"
import { cn } from "./cn.ts"
import { twMergeConfig } from "./tw-merge-config.ts"

const refresh = "run `node scripts/tw-merge-config.mjs` to refresh tw-merge-config.ts"

describe("cn", () => {
  it("knows every class the sources use, in the group tailwind-merge's default config gives it", () => {
    expect(twMergeConfig, refresh).toEqual(usedConfig())
    const trimmed = {
      ...getDefaultConfig(),
      ...twMergeConfig,
      classGroups: Object.fromEntries(
        Object.entries(twMergeConfig.classes).map(([group, names]) => [group, names.split(" ")]),
      ),
    }
    const [ours, theirs] = [classGroups(trimmed), classGroups(getDefaultConfig())]
    const classes = sourceClasses()
    expect(classes.length).toBeGreaterThan(300)
    for (const name of classes) expect(ours(name)?.group, name).toBe(theirs(name)?.group)
  })

  it("lets a later class override an earlier one of the same kind, and keeps the rest", () => {
    expect(cn("inline-flex min-h-11 px-4 text-base", "size-11 px-0")).toBe(
      "inline-flex min-h-11 text-base size-11 px-0",
    )
    expect(cn("size-5 shrink-0", "size-8")).toBe("shrink-0 size-8")
    expect(cn("text-base font-semibold", "text-sm text-danger")).toBe(
      "font-semibold text-sm text-danger",
    )
    expect(cn("p-4", "px-2 md:p-6", false, "hover:bg-canvas")).toBe(
      "p-4 px-2 md:p-6 hover:bg-canvas",
    )
    expect(cn("py-2 pb-4", "-mb-px py-6")).toBe("-mb-px py-6")
  })
})
