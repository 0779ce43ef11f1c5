import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runFuzz } from "./fuzz-battery.ts"
import { buildWorld, type World } from "./security-world.ts"

/** A few inputs per route here; `npm run test:hard` sends thousands (tests/hard/input-fuzz.test.ts). */
const runsPerRoute = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 10)

let w: World

beforeAll(async () => {
  w = await buildWorld()
}, 120_000)
afterAll(() => w?.t.close())

describe("bad input on every /v1 route", () => {
  it("is a 4xx with a pt-BR message, never a 5xx, and changes nothing", async () => {
    const report = await runFuzz(w, {
      runsPerRoute,
      seed: Number(process.env.FUZZ_SEED) || undefined,
    })
    console.log(
      `input fuzzing (seed ${report.seed}): ${report.inputs} inputs on ${report.routes} routes; ` +
        `5xx seen ${report.serverErrors.length}, wrong answers ${report.wrongAnswers.length}, ` +
        `changes ${report.changes.length}, plausible inputs accepted ${report.accepted}`,
    )
    expect({
      serverErrors: report.serverErrors.slice(0, 20),
      wrongAnswers: report.wrongAnswers.slice(0, 20),
      changes: report.changes.slice(0, 20),
    }).toEqual({ serverErrors: [], wrongAnswers: [], changes: [] })
  }, 300_000)
})
