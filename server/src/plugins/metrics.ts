import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client"

/** Seconds: from a cached read (a few ms) to a Pix checkout on a loaded server (seconds). */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * This process's metrics for /v1/metrics (Prometheus scrapes each replica and sums): requests
 * answered and how long they took, webhook deliveries refused before anything was stored (so
 * the database cannot count them), and Node's own (heap, event loop, GC). One registry per
 * app, so two apps in a process (tests, a worker beside a web server) never share a count.
 */
export function createMetrics(options: { nodeDefaults?: boolean } = {}) {
  const registry = new Registry()
  if (options.nodeDefaults ?? true) collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: "closer_http_requests_total",
    help: "Requests answered by this process, by route and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  })
  const latency = new Histogram({
    name: "closer_http_request_duration_seconds",
    help: "Time to answer a request, by route and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: latencyBuckets,
    registers: [registry],
  })
  const refusedWebhooks = new Counter({
    name: "closer_webhooks_refused_total",
    help: "Webhook deliveries this process refused (bad or missing signature or token), by provider and reason.",
    labelNames: ["provider", "reason"] as const,
    registers: [registry],
  })
  return {
    registry,
    request(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) }
      requests.inc(labels)
      latency.observe(labels, seconds)
    },
    webhookRefused: (labels: { provider: string; reason: string }) => refusedWebhooks.inc(labels),
  }
}
export type Metrics = ReturnType<typeof createMetrics>
