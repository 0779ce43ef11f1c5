import { readFileSync, writeFileSync } from "node:fs"
import { format, resolveConfig } from "prettier"

/** Where each recorded run goes: first under this heading, newest first. */
const runsHeading = "## The bench and its runs\n"

/**
 * Everything the bench prints to standard output from now on, kept to be written into
 * docs/performance.md: the file's tables are then the bench's own output, not copies.
 */
export function recordOutput(): () => string {
  const lines: string[] = []
  const log = console.log.bind(console)
  console.log = (...values: unknown[]) => {
    lines.push(values.map(String).join(" "))
    log(...values)
  }
  return () => lines.join("\n").trim()
}

/** `docs` with a section for this run put first under "The bench and its runs". */
export function withRun(docs: string, title: string, about: string, output: string): string {
  const at = docs.indexOf(runsHeading)
  if (at < 0) throw new Error(`docs/performance.md has no "${runsHeading.trim()}" heading`)
  const section = `\n### ${title}\n\n${about}\n\n\`\`\`text\n${output}\n\`\`\`\n`
  const after = at + runsHeading.length
  return docs.slice(0, after) + section + docs.slice(after)
}

/** Written as `npm run lint` wants it: a record never makes the repository fail its own lint. */
export async function writeRun(file: string, title: string, about: string, output: string) {
  const text = withRun(readFileSync(file, "utf8"), title, about, output)
  writeFileSync(file, await format(text, { ...(await resolveConfig(file)), filepath: file }))
}
