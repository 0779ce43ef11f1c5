import { LogController, type FastifyReply, type FastifyRequest } from "fastify"
import { scrubUrl } from "../logging/scrub.ts"
import type { Metrics } from "./metrics.ts"

/**
 * What Fastify does when a request starts and ends: one access line per request instead of its
 * two (who by reqId, from which address, what, how it went, how long), and the per-route count and latency.
 * Fastify calls it for every request without an onResponse hook of ours to run. URLs are logged
 * scrubbed (logging/scrub.ts): an invite's code or a media signature is a key to an account or
 * a file, kept six months with the access log.
 */
export class RequestLog extends LogController {
  readonly metrics: Metrics
  /** Whether the logger writes `info` lines: the line's fields are gathered only then. */
  readonly accessLines: boolean

  constructor(metrics: Metrics, accessLines: boolean) {
    super()
    this.metrics = metrics
    this.accessLines = accessLines
  }

  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    this.metrics.request(
      request.method,
      request.routeOptions.url ?? "unmatched",
      reply.statusCode,
      reply.elapsedTime / 1000,
    )
    if (!this.accessLines && !error) return
    // Through the app's logger with the request's id, so a request that logs nothing else never
    // makes its own child logger (logging/lazy-child-logger.ts).
    const line = {
      reqId: request.id,
      method: request.method,
      url: scrubUrl(request.url),
      ip: request.ip,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    }
    if (error) request.server.log.error({ ...line, err: error }, "request errored")
    else request.server.log.info(line, "request")
  }

  // Fastify's own lines below would put the raw URL or an error's text (which may quote the
  // URL) in the message, where no serializer reaches.

  override routeNotFound(request: FastifyRequest) {
    request.log.info({ method: request.method, url: scrubUrl(request.url) }, "route not found")
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply) {
    const line = { url: scrubUrl(request.url), statusCode: reply.statusCode, err: error }
    if (reply.statusCode >= 500) reply.log.error(line, "request failed")
    else reply.log.info(line, "request refused")
  }

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    reply.log.warn({ url: scrubUrl(request.url), err: error }, "error answer not written")
  }
}
