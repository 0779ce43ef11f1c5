import type { ByteRange } from "../../adapters/storage/storage.ts"

/**
 * One `bytes=` range of RFC 9110: `a-b`, `a-` or `-n` (the last n bytes). Several ranges or a
 * malformed header are ignored (the whole file is sent), as the RFC allows.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | "unsatisfiable" | null {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === "" && match[2] === "")) return null
  if (match[1] === "") {
    const suffix = Number(match[2])
    if (suffix === 0) return "unsatisfiable"
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(match[1])
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (start >= size || end < start) return "unsatisfiable"
  return { start, end }
}
