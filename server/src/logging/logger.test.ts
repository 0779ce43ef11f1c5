import { describe, expect, it } from "vitest"
import { captureLogs } from "../../test/capture-logs.ts"
import { maskEmail, scrubText, scrubUrl } from "./scrub.ts"

describe("scrubUrl", () => {
  it("keeps a URL's path and parameter names, hiding the values that may be secrets", () => {
    expect(scrubUrl("/studio/convite?email=ana%40exemplo.com.br&code=Tmp-9x7Kq2")).toBe(
      "/studio/convite?email=[oculto]&code=[oculto]",
    )
    // A lista VIP's invitation link: its token accepts the invitation.
    expect(scrubUrl("/demo/vip?convite=Qm9hLXRva2VuLXNlY3JldG8")).toBe("/demo/vip?convite=[oculto]")
    expect(scrubUrl("/choose-password?code=abc123&redirectTo=%2Fdemo")).toBe(
      "/choose-password?code=[oculto]&redirectTo=[oculto]",
    )
    expect(scrubUrl("/v1/files/p/1/a.jpg?exp=1790000000&sig=AbC_d-9")).toBe(
      "/v1/files/p/1/a.jpg?exp=1790000000&sig=[oculto]",
    )
    expect(scrubUrl("/v1/admin/subscriptions?q=ana%40exemplo.com.br")).toBe(
      "/v1/admin/subscriptions?q=[oculto]",
    )
    expect(scrubUrl("/v1/profile/demo")).toBe("/v1/profile/demo")
    // A bare value (no name) could be anything: hidden whole.
    expect(scrubUrl("/x?eyJhbGciOi")).toBe("/x?[oculto]")
  })

  it("keeps the harmless parameters an operator reads a log for", () => {
    expect(scrubUrl("/demo?utm_source=ig&utm_campaign=verao&page=2&cursor=abc&status=active")).toBe(
      "/demo?utm_source=ig&utm_campaign=verao&page=2&cursor=abc&status=active",
    )
  })

  it("hides a private media link's signature and the viewer it was signed for", () => {
    expect(
      scrubUrl("/v1/files/p/x/a.jpg?exp=1736942700&viewer=d40a8cf4-1522-4a15&sig=aB7yo95Sj"),
    ).toBe("/v1/files/p/x/a.jpg?exp=1736942700&viewer=[oculto]&sig=[oculto]")
  })

  it("masks e-mail addresses in the path, written plainly or percent-encoded", () => {
    expect(scrubUrl("/v1/auth/check/email/ana.souza%2Bcf%40exemplo.com.br")).toBe(
      "/v1/auth/check/email/[e-mail]",
    )
    expect(scrubUrl("/v1/auth/check/email/ana@exemplo.com.br?x=1")).toBe(
      "/v1/auth/check/email/[e-mail]?x=[oculto]",
    )
  })

  it("takes linear time on a long hostile URL", () => {
    const hostile = `/v1/${"a".repeat(60_000)}?${"eyJ&".repeat(10_000)}`
    const started = performance.now()
    scrubUrl(hostile)
    scrubText(hostile)
    expect(performance.now() - started).toBeLessThan(1_000)
  })
})

describe("scrubText and maskEmail", () => {
  it("hides addresses, tokens and query values inside free text", () => {
    const token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"
    expect(
      scrubText(
        `falhou para ana@exemplo.com.br em http://x/choose-password?code=abc&page=2 com Bearer ${token}`,
      ),
    ).toBe(
      "falhou para [e-mail] em http://x/choose-password?code=[oculto]&page=2 com Bearer [oculto]",
    )
    expect(scrubText(`token ${token} no corpo`)).toBe("token [oculto] no corpo")
  })

  it("masks an address to its first letters and its domain's suffix", () => {
    expect(maskEmail("ana.souza@exemplo.com.br")).toBe("a***@e***.com.br")
    expect(maskEmail("sem-arroba")).toBe("[e-mail]")
  })
})

describe("the server's logger", () => {
  it("hides secret fields, and scrubs errors, their copied fields and their message", () => {
    const { logger, raw } = captureLogs()
    logger.info(
      {
        authorization: "Bearer sess-7f3k",
        cookie: "closer_session=sess-7f3k",
        "set-cookie": ["XSRF-TOKEN=sess-7f3k"],
        code: "042917",
        password: "senha-secreta",
        body: { code: "042917", password: "senha-secreta" },
        headers: { authorization: "Bearer sess-7f3k", cookie: "c=sess-7f3k" },
        url: "/choose-password?code=Tmp-9x7Kq2",
      },
      "campos",
    )
    const error = Object.assign(
      new Error("550 destinatário ana@exemplo.com.br recusado em /studio/convite?code=Tmp-9x7Kq2"),
      {
        code: "EENVELOPE",
        rejected: ["ana@exemplo.com.br"],
        config: { headers: { Authorization: "Bearer sess-7f3k" } },
      },
    )
    logger.error({ err: error }, "e-mail falhou")
    logger.error(error)
    const output = raw.join("\n")
    for (const secret of ["sess-7f3k", "042917", "senha-secreta", "Tmp-9x7Kq2", "ana@exemplo"])
      expect(output).not.toContain(secret)
    // What an operator needs stays.
    expect(output).toContain('"code":"EENVELOPE"')
    expect(output).toContain("550 destinatário [e-mail] recusado")
    expect(output).toContain('"url":"/choose-password?code=[oculto]"')
  })
})
