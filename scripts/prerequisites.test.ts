// @vitest-environment node
import { spawnSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import {
  missingFonts,
  missingFontsMessage,
  missingPrerequisites,
  prerequisitesMessage,
  thisMachine,
} from "./prerequisites.mjs"

const fonts = "Liberation Sans\nLiberation Mono\nNoto Color Emoji\nDejaVu Sans\n"

describe("npm test's prerequisites", () => {
  it("are all present on this machine", () => {
    expect(missingPrerequisites(thisMachine())).toEqual([])
  })

  it("name each missing piece and one apt-get line that installs them all", () => {
    const bare = { chromePath: "/nao/existe/chromium", hasCommand: () => false, fonts: "" }
    const missing = missingPrerequisites(bare)
    expect(missing.map((m) => m.package)).toEqual([
      "chromium",
      "ffmpeg",
      "ffmpeg",
      "openssl",
      "fonts-liberation",
      "fonts-noto-color-emoji",
    ])
    const message = prerequisitesMessage(missing)
    expect(message).toContain("Chromium (/nao/existe/chromium")
    expect(message).toContain("ffprobe")
    expect(message).toContain(
      "sudo apt-get update && sudo apt-get install -y chromium ffmpeg openssl fonts-liberation fonts-noto-color-emoji",
    )
  })

  it("ask for fontconfig when fc-list itself is missing, and only for what lacks", () => {
    const system = { chromePath: process.execPath, hasCommand: () => true, fonts: null }
    expect(missingPrerequisites(system).map((m) => m.package)).toEqual([
      "fontconfig",
      "fonts-liberation",
      "fonts-noto-color-emoji",
    ])
    expect(missingPrerequisites({ ...system, fonts })).toEqual([])
  })

  it("stop npm test before it runs anything when one is missing", () => {
    const run = spawnSync(process.execPath, ["scripts/test-all.mjs"], {
      encoding: "utf8",
      env: { ...process.env, CHROME_PATH: "/nao/existe/chromium" },
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain("Chromium (/nao/existe/chromium")
    expect(run.stderr).toContain("sudo apt-get install -y chromium")
    expect(run.stdout).not.toContain("▶")
  })
})

describe("the screenshot suite's fonts", () => {
  it("are all present with Liberation and Noto Color Emoji", () => {
    expect(missingFonts(fonts)).toEqual([])
  })

  it("name the missing font and the package that installs it", () => {
    const missing = missingFonts("DejaVu Sans\nNoto Color Emoji\n")
    expect(missing.map((m) => m.package)).toEqual(["fonts-liberation"])
    expect(missingFontsMessage(missing)).toContain(
      "sudo apt-get update && sudo apt-get install -y fonts-liberation",
    )
  })

  it("ask for fontconfig when fc-list is absent", () => {
    expect(missingFonts(null).map((m) => m.package)).toEqual([
      "fontconfig",
      "fonts-liberation",
      "fonts-noto-color-emoji",
    ])
  })
})
