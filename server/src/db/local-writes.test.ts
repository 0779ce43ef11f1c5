import { PGlite } from "@electric-sql/pglite"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createUnwrittenMemo } from "../cache/unwritten-memo.ts"
import { watchLocalWrites, type LocalWrites } from "./local-writes.ts"

let client: PGlite
let writes: LocalWrites

beforeAll(async () => {
  client = await PGlite.create("memory://")
  writes = watchLocalWrites(client)
  await client.exec("create table notes (id int primary key, body text)")
})
afterAll(() => client.close())

const count = async () =>
  (await client.query<{ n: number }>("select count(*)::int as n from notes")).rows[0]!.n

describe("the embedded database's count of writes", () => {
  it("stays still for selects and moves for every other statement and every transaction", async () => {
    const start = writes.generation()
    await client.query("select * from notes where id = $1", [1])
    await client.query("  SELECT 1")
    expect(writes.generation()).toBe(start)
    await client.query("insert into notes values ($1, 'a')", [1])
    const afterInsert = writes.generation()
    expect(afterInsert).toBeGreaterThan(start)
    await client.query("with gone as (delete from notes where id = 99 returning id) select 1")
    expect(writes.generation()).toBeGreaterThan(afterInsert)
    const beforeTransaction = writes.generation()
    await client.transaction(async (tx) => {
      await tx.query("select * from notes")
    })
    expect(writes.generation()).toBeGreaterThan(beforeTransaction)
    const beforeExec = writes.generation()
    await client.exec("update notes set body = 'b'")
    expect(writes.generation()).toBeGreaterThan(beforeExec)
  })

  it("moves while a write runs, not only once it ends", async () => {
    const start = writes.generation()
    let during = start
    await client.transaction(async (tx) => {
      during = writes.generation()
      await tx.query("insert into notes values (2, 'c')")
    })
    expect(during).not.toBe(start)
    expect(writes.generation()).not.toBe(during)
  })
})

describe("reads kept while nothing was written", () => {
  it("answers from memory until a write, then reads again", async () => {
    const memo = createUnwrittenMemo({ writes, ttlMs: 60_000, maxEntries: 10 })
    let loads = 0
    const read = () =>
      memo.get("notes", async () => {
        loads += 1
        return count()
      })
    const first = await read()
    expect(await read()).toBe(first)
    expect(loads).toBe(1)
    await client.query("insert into notes values ($1, 'd')", [100 + first])
    expect(await read()).toBe(first + 1)
    expect(loads).toBe(2)
  })

  it("does not keep a read that a write overlapped", async () => {
    const memo = createUnwrittenMemo({ writes, ttlMs: 60_000, maxEntries: 10 })
    let loads = 0
    const load = async () => {
      loads += 1
      const n = await count()
      // A write lands while this read is still on its way back.
      if (loads === 1) await client.query("insert into notes values ($1, 'e')", [1000 + n])
      return n
    }
    const stale = await memo.get("overlapped", load)
    expect(await memo.get("overlapped", load)).toBe(stale + 1)
    expect(loads).toBe(2)
  })

  it("forgets what it kept after its time", async () => {
    let now = 0
    const memo = createUnwrittenMemo({ writes, ttlMs: 1000, maxEntries: 10, now: () => now })
    let loads = 0
    const read = () => memo.get("timed", async () => (loads += 1))
    await read()
    now = 999
    await read()
    expect(loads).toBe(1)
    now = 1000
    await read()
    expect(loads).toBe(2)
  })

  it("reads every time where writes are not counted (PostgreSQL), sharing only a trip in flight", async () => {
    const memo = createUnwrittenMemo({ writes: undefined, ttlMs: 60_000, maxEntries: 10 })
    let loads = 0
    const load = async () => {
      loads += 1
      return count()
    }
    await memo.get("k", load)
    await memo.get("k", load)
    expect(loads).toBe(2)
    const together = await Promise.all([memo.get("k", load), memo.get("k", load)])
    expect(loads).toBe(3)
    expect(together[0]).toBe(together[1])
    await memo.get("k", load)
    expect(loads).toBe(4)
  })

  it("forgets a failed read at once", async () => {
    const memo = createUnwrittenMemo({ writes, ttlMs: 60_000, maxEntries: 10 })
    await expect(memo.get("fails", () => Promise.reject(new Error("fora do ar")))).rejects.toThrow()
    expect(await memo.get("fails", async () => 7)).toBe(7)
  })

  it("is off when its time is 0", async () => {
    const memo = createUnwrittenMemo({ writes, ttlMs: 0, maxEntries: 10 })
    let loads = 0
    await Promise.all([
      memo.get("k", async () => (loads += 1)),
      memo.get("k", async () => (loads += 1)),
    ])
    expect(loads).toBe(2)
  })
})
