// @vitest-environment node
import { execFileSync, spawnSync } from "node:child_process"
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, expect, test } from "vitest"

const root = process.cwd()
const copy = mkdtempSync(path.join(tmpdir(), "closer-knip-"))
afterAll(() => rmSync(copy, { recursive: true, force: true }))

/** The tracked files of the project, with its node_modules linked in, as lint sees them. */
function copyProject() {
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
  for (const file of files.split("\0").filter(Boolean))
    cpSync(path.join(root, file), path.join(copy, file), { recursive: true })
  symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"))
}

test("lint's dependency check fails on an import missing from package.json and an unused entry", () => {
  copyProject()
  const manifest = JSON.parse(readFileSync(path.join(copy, "package.json"), "utf8"))
  delete manifest.dependencies.pino
  manifest.dependencies["left-pad"] = "^1.3.0"
  writeFileSync(path.join(copy, "package.json"), JSON.stringify(manifest, null, 2))

  const knip = path.join(root, "node_modules/.bin/knip")
  const result = spawnSync(knip, ["--dependencies", "--no-progress"], {
    cwd: copy,
    encoding: "utf8",
  })
  const output = result.stdout + result.stderr

  expect(result.status).not.toBe(0)
  expect(output).toMatch(/Unlisted dependencies[\s\S]*pino\s+server\/src\/logging\/logger\.ts/)
  expect(output).toMatch(/Unused dependencies[\s\S]*left-pad/)
}, 180_000)
