import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runFuzz } from "../../server/test/security/fuzz-battery.ts"
import { buildWorld, type World } from "../../server/test/security/security-world.ts"
import { postgresUrl } from "./replica-cluster.ts"

/** The same battery as the server suite's, at volume and on PostgreSQL. */
const runsPerRoute = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 200)

let w: World

beforeAll(async () => {
  // createTestApp makes its own database on this server (see testing/test-database.ts).
  process.env.DATABASE_URL = postgresUrl()
  w = await buildWorld()
}, 180_000)
afterAll(() => w?.t.close())

describe("thousands of bad inputs on every /v1 route, on PostgreSQL", () => {
  it("answers each with a 4xx in pt-BR, never a 5xx, and changes nothing", async () => {
    const report = await runFuzz(w, {
      runsPerRoute,
      seed: Number(process.env.FUZZ_SEED) || undefined,
    })
    console.log(
      `input fuzzing at volume (seed ${report.seed}): ${report.inputs} inputs on ${report.routes} routes; ` +
        `5xx seen ${report.serverErrors.length}, wrong answers ${report.wrongAnswers.length}, ` +
        `changes ${report.changes.length}, plausible inputs accepted ${report.accepted}`,
    )
    expect({
      serverErrors: report.serverErrors.slice(0, 20),
      wrongAnswers: report.wrongAnswers.slice(0, 20),
      changes: report.changes.slice(0, 20),
    }).toEqual({ serverErrors: [], wrongAnswers: [], changes: [] })
    expect(report.inputs).toBeGreaterThanOrEqual(runsPerRoute * 70)
  }, 3_600_000)
})
