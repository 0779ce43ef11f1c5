import { describe, expect, it } from "vitest"
import { runWithRequestId } from "../../request-context.ts"
import { createJsonClient } from "./http-client.ts"

describe("gateway JSON client", () => {
  it("sends the id of the request that caused the call", async () => {
    const seen: Array<string | null> = []
    const client = createJsonClient({
      baseUrl: "https://gateway.exemplo",
      headers: () => ({ authorization: "Basic x" }),
      timeoutMs: 1_000,
      name: "gateway",
      fetch: async (_url, init) => {
        seen.push(new Headers(init?.headers).get("x-request-id"))
        return new Response(JSON.stringify({ ok: true }), { status: 200 })
      },
    })
    await runWithRequestId("req-123", () => client("GET", "/invoices/1"))
    await client("GET", "/invoices/2")
    expect(seen).toEqual(["req-123", null])
  })
})
