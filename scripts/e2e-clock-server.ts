// The journeys' server: the real one, on a clock a journey can move ahead and back
// (tests/e2e/server-clock.ts), so time-driven work is seen in seconds instead of waited for.
import { readFileSync, watchFile, writeFileSync } from "node:fs"
import { sql } from "drizzle-orm"
import type { Clock } from "../server/src/clock.ts"
import { startServer } from "../server/src/start-server.ts"
import { serverClockAppliedFile, serverClockFile } from "../tests/e2e/server-clock.ts"

let offsetMs = 0
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) }
const { db } = await startServer(clock)

watchFile(serverClockFile, { interval: 100 }, () => {
  let next = 0
  try {
    next = Number(readFileSync(serverClockFile, "utf8")) || 0
  } catch {
    // Removed: the real time again.
  }
  const back = offsetMs - next
  offsetMs = next
  void (async () => {
    // Jobs that ran ahead took their next turn ahead too: moved back with the clock, they keep
    // their pace instead of waiting for the real time to catch up.
    if (back > 0) {
      await db.execute(sql`
        update job_leases
        set due_at = due_at - ${back}::int * interval '1 millisecond',
            leased_until = leased_until - ${back}::int * interval '1 millisecond'
        where last_run_at > now()`)
    }
    writeFileSync(serverClockAppliedFile, String(next))
  })()
})
