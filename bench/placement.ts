import { execFileSync } from "node:child_process"
import os from "node:os"

/**
 * Where the bench's processes run. "shared": the load generator and the server share every
 * core, as on the machine the bench happens to run on; "pinned": the load generator (this
 * process) on core 0, the servers measured on core 1, so one does not slow the other by
 * taking its core, and ratios move less from one machine to the next.
 */
export type Placement = "pinned" | "shared"

// Read once, before any pinning: a pinned process sees one core available.
const cores = os.availableParallelism()

function canPin(): boolean {
  if (cores < 2) return false
  try {
    execFileSync("taskset", ["-V"], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
}
const available: Placement[] = canPin() ? ["pinned", "shared"] : ["shared"]

/** Pinning needs two cores and `taskset` (util-linux); without them only "shared" is run. */
export const placements = (): Placement[] => available

const setAffinity = (pid: number, cores: string) =>
  // -a: every thread of the process (libuv's pool hashes passwords, V8 collects garbage).
  execFileSync("taskset", ["-a", "-p", "-c", cores, String(pid)], { stdio: "ignore" })

/** Puts this process and the servers (by pid) where `placement` says. */
export function place(placement: Placement, serverPids: number[]): void {
  if (placement === "shared") {
    const all = `0-${cores - 1}`
    if (available.includes("pinned"))
      for (const pid of [process.pid, ...serverPids]) setAffinity(pid, all)
    return
  }
  setAffinity(process.pid, "0")
  for (const pid of serverPids) setAffinity(pid, "1")
}
