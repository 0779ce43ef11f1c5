/** A plain-text table of `rows`, one column per key, numbers rounded for reading. */
export function table(rows: Array<Record<string, string | number>>): string {
  const columns = Object.keys(rows[0] ?? {})
  const cell = (value: string | number) =>
    typeof value === "number" ? value.toFixed(value < 10 ? 2 : 0) : value
  const widths = columns.map((c) =>
    Math.max(c.length, ...rows.map((r) => String(cell(r[c] ?? "")).length)),
  )
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i] ?? 0)).join("  ")
  return [
    line(columns),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map((r) => line(columns.map((c) => String(cell(r[c] ?? ""))))),
  ].join("\n")
}
