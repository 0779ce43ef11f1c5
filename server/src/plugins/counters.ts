/** Counters this process keeps for /v1/metrics; the request log and the webhook routes count. */
export type Labels = Record<string, string>

const escape = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")
export const labelText = (labels: Labels) =>
  `{${Object.entries(labels)
    .map(([k, v]) => `${k}="${escape(v)}"`)
    .join(",")}}`

/** A counter family: one value per label set, counted in this process. */
function counterFamily(name: string, help: string) {
  // Counted under a cheap key; the label text is written once, for the first count of a key.
  const counts = new Map<string, { labels: string; value: number }>()
  return {
    count(key: string, labels: () => Labels) {
      const entry = counts.get(key)
      if (entry) entry.value += 1
      else counts.set(key, { labels: labelText(labels()), value: 1 })
    },
    lines: () => [
      `# HELP ${name} ${help}`,
      `# TYPE ${name} counter`,
      ...[...counts.values()].map(({ labels, value }) => `${name}${labels} ${value}`),
    ],
  }
}

/**
 * What this process counts itself (Prometheus scrapes each replica and sums): requests answered,
 * and webhook deliveries refused before anything was stored (so the database cannot count them).
 */
export function createCounters() {
  const requests = counterFamily(
    "closer_http_requests_total",
    "Requests answered by this process, by route and status.",
  )
  const refusedWebhooks = counterFamily(
    "closer_webhooks_refused_total",
    "Webhook deliveries this process refused (bad or missing signature or token), by provider and reason.",
  )
  return {
    request: (method: string, route: string, status: number) =>
      requests.count(`${status} ${method} ${route}`, () => ({
        method,
        route,
        status: String(status),
      })),
    webhookRefused: (labels: { provider: string; reason: string }) =>
      refusedWebhooks.count(`${labels.provider} ${labels.reason}`, () => labels),
    lines: () => [...requests.lines(), ...refusedWebhooks.lines()],
  }
}
export type Counters = ReturnType<typeof createCounters>
