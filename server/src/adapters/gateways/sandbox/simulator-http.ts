import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"

/** One HTTP request as a gateway simulator sees it. */
export interface SimRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: Record<string, string>
  body: unknown
}

export interface SimResponse {
  status: number
  body: unknown
}

export type SimHandler = (request: SimRequest) => Promise<SimResponse>

export interface SimRoute {
  method: string
  pattern: string
  run: (params: Record<string, string>, body: unknown, request: SimRequest) => Promise<SimResponse>
}

/** One endpoint of a simulator; `B` is the request body shape the gateway documents. */
export function route<B>(
  method: string,
  pattern: string,
  run: (params: Record<string, string>, body: B, request: SimRequest) => Promise<SimResponse>,
): SimRoute {
  return { method, pattern, run: (params, body, request) => run(params, body as B, request) }
}

/** The first route matching the request, or null. */
export function dispatch(routes: SimRoute[], request: SimRequest): Promise<SimResponse> | null {
  for (const candidate of routes) {
    if (candidate.method !== request.method) continue
    const params = matchPath(candidate.pattern, request.path)
    if (params) return candidate.run(params, request.body ?? {}, request)
  }
  return null
}

/** Matches "/v1/invoices/:id/cancel" style patterns; returns the params or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/")
  const got = path.split("/")
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!
    if (part.startsWith(":")) params[part.slice(1)] = decodeURIComponent(got[i]!)
    else if (part !== got[i]) return null
  }
  return params
}

const parseBody = (text: string): unknown => {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * A `fetch` that answers from a simulator in this process: sandbox mode runs the same HTTP
 * client code as live mode, only without the network.
 */
export function fetchVia(handler: SimHandler): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const headers: Record<string, string> = {}
    request.headers.forEach((value, name) => {
      headers[name] = value
    })
    const result = await handler({
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: parseBody(await request.text()),
    })
    return new Response(result.body === undefined ? null : JSON.stringify(result.body), {
      status: result.status,
      headers: { "content-type": "application/json" },
    })
  }) as typeof fetch
}

export interface RecordedRequest extends SimRequest {
  raw: string
}

export interface FakeServer {
  url: string
  requests: RecordedRequest[]
  /** Makes the next `count` requests fail with this status (5xx to test outages). */
  failNext(status: number, count?: number): void
  /**
   * The next request to `path` is carried out, but its answer never arrives: the connection
   * drops, as in a timeout after the gateway acted.
   */
  loseNextAnswer(path: string): void
  close(): Promise<void>
}

const flatHeaders = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, [value].flat().join(", ")]),
  )

/** Serves a simulator on a local port: the gateway's HTTP API for the live adapters' tests. */
export async function serveSimulator(handler: SimHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = []
  let failures: { status: number; count: number } | null = null
  const lostAnswers: string[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8")
      const url = new URL(req.url ?? "/", "http://localhost")
      const request: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: flatHeaders(req.headers),
        body: parseBody(raw),
        raw,
      }
      requests.push(request)
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" })
        res.end(body === undefined ? "" : JSON.stringify(body))
      }
      if (failures && failures.count > 0) {
        failures.count--
        return reply(failures.status, { message: "indisponível" })
      }
      const lost = lostAnswers.indexOf(request.path)
      if (lost >= 0) {
        lostAnswers.splice(lost, 1)
        const drop = () => res.destroy()
        handler(request).then(drop, drop)
        return
      }
      handler(request).then(
        (result) => reply(result.status, result.body),
        (error: unknown) => reply(500, { message: String(error) }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(status, count = 1) {
      failures = { status, count }
    },
    loseNextAnswer(path) {
      lostAnswers.push(path)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
