import { readFileSync } from "node:fs"

/**
 * The CPU time a process has used (user and system), from /proc, in ms: what a request costs,
 * whatever the load. /proc counts in clock ticks of 1/100 s.
 */
export function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")
  const ticks = Number(fields[11]) + Number(fields[12])
  return (ticks * 1000) / 100
}
