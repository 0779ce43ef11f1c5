// What `npm test` needs from the system (Debian packages), checked before anything runs.
import { spawnSync } from "node:child_process"
import { accessSync, constants } from "node:fs"
import path from "node:path"

/** The first executable `name` on PATH, or null. */
export function onPath(name, envPath = process.env.PATH ?? "") {
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    try {
      accessSync(path.join(dir, name), constants.X_OK)
      return path.join(dir, name)
    } catch {
      // not in this folder
    }
  }
  return null
}

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The font families fontconfig knows, or null without fontconfig. */
export function installedFonts() {
  const result = spawnSync("fc-list", [":", "family"], { encoding: "utf8" })
  return result.status === 0 ? result.stdout : null
}

/**
 * The prerequisites missing on this machine, each with what it is for and its Debian package.
 * `system` is what the machine has; tests pass their own.
 */
export function missingPrerequisites(system) {
  const { chromePath, hasCommand, fonts } = system
  const missing = []
  if (!isExecutable(chromePath))
    missing.push({
      what: `Chromium (${chromePath}; CHROME_PATH points elsewhere)`,
      for: "stories, screenshots and end-to-end journeys",
      package: "chromium",
    })
  for (const command of ["ffmpeg", "ffprobe"])
    if (!hasCommand(command))
      missing.push({ what: command, for: "the server's story video tests", package: "ffmpeg" })
  if (!hasCommand("openssl"))
    missing.push({
      what: "openssl",
      for: "the certificate of the notification tests' local push service",
      package: "openssl",
    })
  missing.push(...missingFonts(fonts))
  return missing
}

/**
 * The fonts the screenshot baselines were drawn with, missing from `fonts` (fc-list's output,
 * null without fontconfig). Without them Chromium falls back to other glyphs and every
 * screenshot differs by a few pixels, which reads as 600 failures instead of one cause.
 */
export function missingFonts(fonts) {
  const missing = []
  if (fonts === null)
    missing.push({ what: "fc-list (fontconfig)", for: "finding fonts", package: "fontconfig" })
  if (!/liberation/i.test(fonts ?? ""))
    missing.push({
      what: "Liberation fonts",
      for: "screenshots' text",
      package: "fonts-liberation",
    })
  if (!/noto color emoji/i.test(fonts ?? ""))
    missing.push({
      what: "Noto Color Emoji font",
      for: "screenshots' emoji",
      package: "fonts-noto-color-emoji",
    })
  return missing
}

/** The message the screenshot suite stops with when the baselines' fonts are absent. */
export function missingFontsMessage(missing) {
  const packages = [...new Set(missing.map((m) => m.package))]
  return [
    "The screenshots cannot be compared on this machine: the fonts the baselines were drawn with are missing:",
    ...missing.map((m) => `  - ${m.what}, for ${m.for} (Debian package ${m.package})`),
    "Install them with:",
    `  sudo apt-get update && sudo apt-get install -y ${packages.join(" ")}`,
  ].join("\n")
}

/** The message that names each missing piece and the one command that installs them all. */
export function prerequisitesMessage(missing) {
  const packages = [...new Set(missing.map((m) => m.package))]
  return [
    "npm test cannot run on this machine yet. Missing:",
    ...missing.map((m) => `  - ${m.what}, for ${m.for} (Debian package ${m.package})`),
    "Install them with:",
    `  sudo apt-get update && sudo apt-get install -y ${packages.join(" ")}`,
  ].join("\n")
}

/** This machine's prerequisites. */
export function thisMachine() {
  return {
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    hasCommand: (name) => onPath(name) !== null,
    fonts: installedFonts(),
  }
}
