import { installedFonts, missingFonts, missingFontsMessage } from "../../scripts/prerequisites.mjs"

/**
 * Stops the screenshot suite before its first picture when the baselines' fonts are absent:
 * each screenshot would otherwise fail on a few pixels of other glyphs, with no word of why.
 */
export default function checkFonts() {
  const missing = missingFonts(installedFonts())
  if (missing.length > 0) throw new Error(missingFontsMessage(missing))
}
