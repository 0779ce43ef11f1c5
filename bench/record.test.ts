// @vitest-environment node
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { format } from "prettier"
import { afterEach, expect, it, vi } from "vitest"
import { recordOutput, withRun, writeRun } from "./record.ts"

const docs = "# Performance\n\nIntro.\n\n## The bench and its runs\n\n### Older run\n\nOld table.\n"

it("puts the run first under the runs' heading, its output as printed", () => {
  const next = withRun(docs, "2026-11-28 20:00 UTC", "Machine: 2 cores.", "page  score\n/     98")
  expect(next).toBe(
    "# Performance\n\nIntro.\n\n## The bench and its runs\n\n### 2026-11-28 20:00 UTC\n\n" +
      "Machine: 2 cores.\n\n```text\npage  score\n/     98\n```\n\n### Older run\n\nOld table.\n",
  )
})

it("refuses a file without the runs' heading instead of losing the run", () => {
  expect(() => withRun("# Performance\n", "t", "a", "o")).toThrow(/The bench and its runs/)
})

afterEach(() => vi.restoreAllMocks())

it("keeps what is printed while still printing it", () => {
  const printed = vi.spyOn(console, "log").mockImplementation(() => {})
  const original = console.log
  const recorded = recordOutput()
  console.log("Budgets")
  console.log("a", 1)
  expect(recorded()).toBe("Budgets\na 1")
  expect(printed).toHaveBeenCalledWith("Budgets")
  console.log = original
})

it("writes the file as prettier formats it, so the lint still passes", async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "closer-record-")), "performance.md")
  writeFileSync(file, docs)
  const about = "A line much longer than the others, ".repeat(4) + "as the machine's line is."
  await writeRun(file, "2026-11-28 20:00 UTC", about, "page  score   \n/     98")
  const written = readFileSync(file, "utf8")
  expect(written).toContain("### 2026-11-28 20:00 UTC")
  // Prettier drops the trailing spaces of the table's padding, nothing else.
  expect(written).toContain("page  score\n/     98")
  expect(await format(written, { filepath: file })).toBe(written)
})
