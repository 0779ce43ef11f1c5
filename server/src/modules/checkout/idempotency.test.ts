import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { OpenedDatabase } from "../../db/client.ts"
import { idempotencyKeys } from "../../db/schema-billing.ts"
import { openTestDatabase } from "../../../test/test-database.ts"
import { createIdempotency, idempotencyAbandonedMs } from "./idempotency.ts"
import { createIdempotencyRepository } from "./idempotency.repository.ts"

let database: OpenedDatabase
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

const request = { email: "ana@exemplo.com", planName: "MONTHLY" }
let clock = new Date("2026-11-23T12:00:00Z")
const idempotency = () =>
  createIdempotency({ repo: createIdempotencyRepository(database.db), now: () => clock })
const execute = (value: string) => async () => ({ result: value, stored: { value } })
const replay = async (stored: { value: string }) => `replay:${stored.value}`

describe("idempotency keys", () => {
  it("replays the first answer and refuses the key with other parameters", async () => {
    const run = (req: unknown, value: string) =>
      idempotency().run({ scope: "t1", key: "chave-0001", request: req }, execute(value), replay)
    expect(await run(request, "primeira")).toBe("primeira")
    expect(await run(request, "segunda")).toBe("replay:primeira")
    await expect(run({ ...request, planName: "SEMIANNUAL" }, "x")).rejects.toMatchObject({
      code: "idempotency_key_reused",
    })
  })

  it("answers 409 while the first request runs, and lets a retry take over a claim its process abandoned", async () => {
    // A claim left by a process killed mid-request: in progress, never completed.
    const first = idempotency().run(
      { scope: "t2", key: "chave-0002", request },
      () => new Promise<never>(() => {}),
      replay,
    )
    void first
    await new Promise((resolve) => setTimeout(resolve, 50))
    const retry = () =>
      idempotency().run({ scope: "t2", key: "chave-0002", request }, execute("retomada"), replay)
    await expect(retry()).rejects.toMatchObject({ code: "idempotency_in_progress" })

    clock = new Date(clock.getTime() + idempotencyAbandonedMs + 1)
    expect(await retry()).toBe("retomada")
    expect(await retry()).toBe("replay:retomada")
    const rows = await database.db.select().from(idempotencyKeys)
    expect(rows.filter((row) => row.key === "chave-0002")).toHaveLength(1)
  })
})
