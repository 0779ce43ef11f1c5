import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import type { SimHandler } from "../../server/src/adapters/gateways/sandbox/simulator-http.ts"

/**
 * What can go wrong between us and a payment provider:
 * - `error500`: it answers 500 without doing anything;
 * - `drop`: the connection dies before it reads the request;
 * - `lose-answer`: it does the work (the charge exists) and the connection dies before the answer;
 * - `stall`: it never answers until the test lets go (then the connection dies);
 * - `slow`: it answers after `ms`.
 */
export type Fault =
  | { kind: "error500" }
  | { kind: "drop" }
  | { kind: "lose-answer" }
  | { kind: "stall" }
  | { kind: "slow"; ms: number }

interface Rule {
  method: string
  path: RegExp
  fault: Fault
  times: number
}

/** A gateway simulator served over HTTP with faults injected on chosen calls. */
export async function serveFaultyGateway(handler: SimHandler) {
  const rules: Rule[] = []
  const stalled = new Set<ServerResponse>()
  const log: Array<{ method: string; path: string; fault: string }> = []

  const run = async (req: IncomingMessage, raw: string) => {
    const url = new URL(req.url ?? "/", "http://gateway")
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [name, [value].flat().join(", ")]),
    )
    let body: unknown
    try {
      body = raw ? JSON.parse(raw) : undefined
    } catch {
      body = raw
    }
    return handler({
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers,
      body,
    })
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8")
      const path = new URL(req.url ?? "/", "http://gateway").pathname
      const rule = rules.find(
        (candidate) =>
          candidate.times > 0 && candidate.method === req.method && candidate.path.test(path),
      )
      if (rule) rule.times -= 1
      const fault = rule?.fault
      log.push({ method: req.method ?? "", path, fault: fault?.kind ?? "none" })
      const answer = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json" })
        res.end(payload === undefined ? "" : JSON.stringify(payload))
      }
      if (fault?.kind === "error500") return answer(500, { errors: "Internal Server Error" })
      if (fault?.kind === "drop") return req.socket.destroy()
      if (fault?.kind === "stall") {
        stalled.add(res)
        return
      }
      void run(req, raw).then(
        async (result) => {
          if (fault?.kind === "lose-answer") return req.socket.destroy()
          if (fault?.kind === "slow") await new Promise((resolve) => setTimeout(resolve, fault.ms))
          answer(result.status, result.body)
        },
        (error: unknown) => answer(500, { errors: String(error) }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    log,
    /** The next `times` calls of `method` on a path matching `path` meet `fault`. */
    inject(method: string, path: RegExp, fault: Fault, times = 1) {
      rules.push({ method, path, fault, times })
    },
    clear() {
      rules.length = 0
    },
    stalledCount: () => stalled.size,
    async waitForStall(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs
      while (stalled.size === 0) {
        if (Date.now() > deadline) throw new Error("no call reached the stalled gateway")
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    /** Lets every stalled call go by killing its connection (the caller sees a network error). */
    releaseStalled() {
      for (const res of stalled) res.socket?.destroy()
      stalled.clear()
    },
    close() {
      this.releaseStalled()
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type FaultyGateway = Awaited<ReturnType<typeof serveFaultyGateway>>
