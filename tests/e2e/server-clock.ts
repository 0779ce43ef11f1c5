import { readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { setTimeout as sleep } from "node:timers/promises"

/**
 * The journeys' server clock (scripts/e2e-clock-server.ts): how far ahead of the real time it
 * runs, in milliseconds, written here by a journey and answered in the `.applied` file once the
 * server has taken it. Under the e2e server's data folder, which every run starts afresh. No
 * Playwright here: the server process reads these names too.
 */
export const serverClockFile = path.resolve(".e2e-data", "clock-offset-ms")
export const serverClockAppliedFile = `${serverClockFile}.applied`

/** Moves the server's clock to `offsetMs` ahead of the real time, once the server has it. */
export async function setServerClockOffset(offsetMs: number) {
  const value = String(Math.round(offsetMs))
  await writeFile(serverClockFile, value)
  for (let waited = 0; waited < 5_000; waited += 100) {
    if ((await readFile(serverClockAppliedFile, "utf8").catch(() => null)) === value) return
    await sleep(100)
  }
  throw new Error(`o servidor não moveu o relógio para ${value} ms`)
}
