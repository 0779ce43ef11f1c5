import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

/**
 * A built app in miniature for the page renderer: its index.html and the build's record of the
 * pages (build/early-start.ts), in a new temporary folder whose path is returned.
 */
export function builtApp(indexHtml: string, pages: object): string {
  const distDir = mkdtempSync(path.join(tmpdir(), "closer-pages-"))
  mkdirSync(path.join(distDir, ".vite"))
  writeFileSync(path.join(distDir, "index.html"), indexHtml)
  writeFileSync(path.join(distDir, ".vite", "pages.json"), JSON.stringify(pages))
  return distDir
}
