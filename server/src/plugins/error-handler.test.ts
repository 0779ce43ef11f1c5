import { Writable } from "node:stream"
import pino from "pino"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { z } from "zod"
import { ConflictError, NotFoundError } from "../errors.ts"
import { createTestApp, type TestApp } from "../../test/test-app.ts"

let t: TestApp
const logLines: Array<Record<string, unknown>> = []
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split("\n").filter(Boolean)) logLines.push(JSON.parse(line))
    done()
  },
})

beforeAll(async () => {
  t = await createTestApp({
    logger: pino({ level: "error" }, sink),
    beforeReady: (app) => {
      app.get("/boom", async () => {
        throw new Error("segredo interno: senha do banco")
      })
      app.get("/conflict", async () => {
        throw new ConflictError("Já existe", "already_exists", "email")
      })
      app.get("/missing", async () => {
        throw new NotFoundError()
      })
      app.get(
        "/bad-response",
        { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
        async () => ({ ok: "nope" }) as never,
      )
    },
  })
})
afterAll(() => t.close())

describe("error handler", () => {
  it("answers an unexpected error with 500 in pt-BR, no details, and logs it with the request id", async () => {
    const res = await t.inject({ url: "/boom" })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ message: "Houve um erro inesperado.", code: "internal_error" })
    expect(res.body).not.toContain("segredo")
    const logged = logLines.find((line) =>
      (line.err as { message?: string } | undefined)?.message?.includes("segredo"),
    )
    expect(logged?.reqId).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("answers a response that breaks its schema with 500, never the wrong data", async () => {
    const res = await t.inject({ url: "/bad-response" })
    expect(res.statusCode).toBe(500)
    expect(res.json().code).toBe("internal_error")
  })

  it("maps typed errors to their status with message, code and field", async () => {
    expect((await t.inject({ url: "/conflict" })).json()).toEqual({
      message: "Já existe",
      code: "already_exists",
      field: "email",
    })
    const missing = await t.inject({ url: "/missing" })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: "Não encontrado.", code: "not_found" })
  })
})
