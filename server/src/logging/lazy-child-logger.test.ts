import { describe, expect, it, vi } from "vitest"
import { captureLogs } from "../../test/capture-logs.ts"
import { lazyChildLogger } from "./lazy-child-logger.ts"

describe("a request's logger made when it first logs", () => {
  it("makes no pino child while nothing is logged, or only lines its level drops", () => {
    const { logger, lines } = captureLogs()
    const child = vi.spyOn(logger, "child")
    const requestLog = lazyChildLogger(logger, { reqId: "req-1" }, {})
    requestLog.debug("não escrita")
    requestLog.trace({ detail: 1 }, "não escrita")
    expect(child).not.toHaveBeenCalled()
    expect(lines).toEqual([])
    expect(requestLog.level).toBe("info")
  })

  it("writes its lines with the request's id, the redaction kept, through one child", () => {
    const { logger, lines } = captureLogs()
    const child = vi.spyOn(logger, "child")
    const requestLog = lazyChildLogger(logger, { reqId: "req-2" }, {})
    requestLog.warn({ password: "segredo123" }, "primeira")
    requestLog.error("segunda")
    expect(child).toHaveBeenCalledTimes(1)
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, reqId: "req-2", msg: "primeira", password: "[oculto]" }),
      expect.objectContaining({ level: 50, reqId: "req-2", msg: "segunda" }),
    ])
  })

  it("follows a route's own level, and writes nothing when it is silent", () => {
    const { logger, lines } = captureLogs()
    lazyChildLogger(logger, { reqId: "req-3" }, { level: "debug" }).debug("detalhe da rota")
    lazyChildLogger(logger, { reqId: "req-4" }, { level: "silent" }).fatal("calada")
    expect(lines).toEqual([expect.objectContaining({ level: 20, reqId: "req-3" })])
  })
})
