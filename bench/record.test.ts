// @vitest-environment node
import { afterEach, expect, it, vi } from "vitest"
import { recordOutput, withRun } from "./record.ts"

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
