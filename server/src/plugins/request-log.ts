import { LogController, type FastifyReply, type FastifyRequest } from "fastify"
import type { Counters } from "../modules/health/metrics.ts"

/**
 * What Fastify does when a request starts and ends: one access line per request instead of its
 * two (who by reqId, from which address, what, how it went, how long), and the per-route count.
 * Fastify calls it for every request without an onResponse hook of ours to run.
 */
export class RequestLog extends LogController {
  readonly counters: Counters
  /** Whether the logger writes `info` lines: the line's fields are gathered only then. */
  readonly accessLines: boolean

  constructor(counters: Counters, accessLines: boolean) {
    super()
    this.counters = counters
    this.accessLines = accessLines
  }

  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    this.counters.request(request.method, request.routeOptions.url ?? "unmatched", reply.statusCode)
    if (!this.accessLines && !error) return
    const line = {
      method: request.method,
      url: request.url,
      ip: request.ip,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    }
    if (error) reply.log.error({ ...line, err: error }, "request errored")
    else reply.log.info(line, "request")
  }
}
