import { once } from "node:events"
import net, { type AddressInfo } from "node:net"
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { createAcceptAllCaptcha } from "../../adapters/captcha/captcha.ts"
import { buildApp } from "../../app.ts"
import { openDatabase } from "../../db/client.ts"
import { captureLogs } from "../../../test/capture-logs.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { readinessTimeoutMs } from "./readiness.ts"

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe("GET /v1/ready", () => {
  it("is ready with every migration applied, and says in pt-BR when one is missing", async () => {
    const ready = await t.inject({ url: "/v1/ready" })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: "ready" })

    // A replica of a newer version meeting a database not migrated yet.
    await t.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1
           where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    )
    const behind = await t.inject({ url: "/v1/ready" })
    expect(behind.statusCode).toBe(503)
    expect(behind.json()).toEqual({
      message: "O banco de dados ainda não tem todas as migrações desta versão.",
      code: "not_ready_migrations",
    })
    await t.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at + 1
           where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    )
  })
})

describe("GET /v1/ready when the database does not answer", () => {
  /** Fails instead of hanging the file when a probe never answers. */
  const within = <T>(ms: number, work: Promise<T>) =>
    Promise.race([
      work,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms),
      ),
    ])

  it("answers 503 in pt-BR once its deadline passes, then ready again when it answers", async () => {
    // A session holding the table the probe reads: the database is up but does not answer it.
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const lockTaken = new Promise<void>((resolve) => (locked = resolve))
    const holding = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`)
      locked()
      await released
    })
    await lockTaken
    try {
      const started = Date.now()
      const probes = await within(
        readinessTimeoutMs + 5_000,
        Promise.all([t.inject({ url: "/v1/ready" }), t.inject({ url: "/v1/ready" })]),
      )
      expect(Date.now() - started).toBeGreaterThanOrEqual(readinessTimeoutMs - 50)
      for (const probe of probes) {
        expect(probe.statusCode).toBe(503)
        expect(probe.json()).toEqual({
          message: "O banco de dados não respondeu em 2 s.",
          code: "not_ready_database_timeout",
        })
      }
    } finally {
      release()
      await holding
    }
    expect((await within(5_000, t.inject({ url: "/v1/ready" }))).statusCode).toBe(200)
  })

  it("answers 503 in pt-BR when nothing listens at the database's address", async () => {
    const closed = net.createServer().listen(0, "127.0.0.1")
    await once(closed, "listening")
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const unreachable = await openDatabase({
      databaseUrl: `postgres://closer@127.0.0.1:${port}/closer`,
      dataDir: "",
    })
    const app = await buildApp({
      db: unreachable.db,
      clock: t.clock,
      mailer: t.mailer,
      captcha: createAcceptAllCaptcha({ info: () => {}, warn: () => {} }),
      storage: t.storage,
      gateways: t.gateways,
      config: t.config,
    })
    try {
      const res = await within(readinessTimeoutMs + 5_000, app.inject({ url: "/v1/ready" }))
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({
        message: "O banco de dados não está respondendo.",
        code: "not_ready_database",
      })
      expect((await app.inject({ url: "/v1/health" })).statusCode).toBe(200)
    } finally {
      await app.close()
      await unreachable.close()
    }
  })
})

describe("shutting down (app.drain)", () => {
  it("answers /v1/ready 503 while every other request is still served, closing its connection", async () => {
    const leaving = await createTestApp()
    try {
      expect((await leaving.inject({ url: "/v1/ready" })).statusCode).toBe(200)
      leaving.app.drain()
      const ready = await leaving.inject({ url: "/v1/ready" })
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toEqual({
        message: "Este servidor está encerrando.",
        code: "not_ready_closing",
      })
      const health = await leaving.inject({ url: "/v1/health" })
      expect(health.statusCode).toBe(200)
      expect(health.headers.connection).toBe("close")
      const creator = await leaving.createCreator({ username: "encerrando" })
      const profile = await leaving.inject({ url: `/v1/profile/${creator.username}` })
      expect(profile.statusCode).toBe(200)
    } finally {
      await leaving.close()
    }
  })
})

describe("closing (app.close)", () => {
  it("still serves a request that reaches it while it closes, not Fastify's English 503", async () => {
    const leaving = await createTestApp()
    try {
      await leaving.app.listen({ port: 0, host: "127.0.0.1" })
      const { port } = leaving.app.server.address() as AddressInfo
      const socket = net.connect(port, "127.0.0.1")
      await once(socket, "connect")
      let received = ""
      socket.on("data", (chunk) => (received += chunk.toString()))
      // A request whose body has not all arrived keeps the connection busy, so the close
      // waits for it; the next request on that connection then arrives while the app closes.
      socket.write(
        "POST /v1/webhooks/iugu HTTP/1.1\r\nHost: api\r\n" +
          "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\n\r\n",
      )
      await new Promise((resolve) => setTimeout(resolve, 100))
      const closed = leaving.app.close()
      await new Promise((resolve) => setTimeout(resolve, 100))
      socket.write("a=b&c" + "GET /v1/health HTTP/1.1\r\nHost: api\r\n\r\n")
      await once(socket, "close")
      await closed
      const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]))
      expect(statuses, received).toHaveLength(2)
      expect(statuses[1], received).toBe(200)
      expect(received).toContain('"status":"ok"')
    } finally {
      await leaving.close()
    }
  })
})

describe("access log", () => {
  it("makes no logger of its own for a request that logs nothing but its access line", async () => {
    const { logger, lines } = captureLogs()
    const logged = await createTestApp({ logger })
    try {
      const child = vi.spyOn(logger, "child")
      for (let i = 0; i < 3; i++)
        expect((await logged.inject({ url: "/v1/health" })).statusCode).toBe(200)
      expect(child).not.toHaveBeenCalled()
      const ids = lines.filter((line) => line.msg === "request").map((line) => line.reqId)
      expect(new Set(ids).size).toBe(3)
    } finally {
      await logged.close()
    }
  })

  it("writes one line per request: its id, the address, what was asked and how it went", async () => {
    const { logger, lines } = captureLogs()
    const logged = await createTestApp({ logger })
    try {
      const res = await logged.inject({ url: "/v1/profile/ninguem", remoteAddress: "203.0.113.9" })
      expect(res.statusCode).toBe(404)
      // Fastify's own two lines ("incoming request", "request completed") are off.
      expect(lines.filter((line) => line.reqId)).toEqual([
        expect.objectContaining({
          level: 30,
          msg: "request",
          method: "GET",
          url: "/v1/profile/ninguem",
          ip: "203.0.113.9",
          statusCode: 404,
          ms: expect.any(Number),
          reqId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        }),
      ])
    } finally {
      await logged.close()
    }
  })
})
