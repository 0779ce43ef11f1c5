import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

const liveConfig = {
  mode: "live",
  iugu: { accountId: "ACC-LIVE", testMode: false, tokenUrl: null },
  mercadoPago: { publicKey: null },
}

const card = {
  cardNumber: "4111 1111 1111 1111",
  cardHolderName: "Ana Maria Souza",
  cardExpDate: "08/29",
  cardCVV: "123",
}

type TokenCallback = (response: {
  id?: string
  errors?: unknown
  extra_info?: { bin?: string }
}) => void

/** iugu.js as the page gets it from js.iugu.com: a global `Iugu`, once its script has loaded. */
function fakeIuguJs(answer: Parameters<TokenCallback>[0]) {
  const calls = {
    accountId: [] as string[],
    testMode: [] as boolean[],
    creditCard: [] as string[][],
  }
  const iugu = {
    setAccountID: (id: string) => calls.accountId.push(id),
    setTestMode: (on: boolean) => calls.testMode.push(on),
    CreditCard: (...fields: string[]) => {
      calls.creditCard.push(fields)
      return { fields }
    },
    createPaymentToken: (_card: unknown, done: TokenCallback) => setTimeout(() => done(answer)),
  }
  return { iugu, calls }
}

/** Answers the page's script tags: the ones for iugu.js load (or fail) as the test says. */
function serveScripts(outcome: (script: HTMLScriptElement) => "load" | "error") {
  const added: HTMLScriptElement[] = []
  const append = document.head.append.bind(document.head)
  vi.spyOn(document.head, "append").mockImplementation((...nodes) => {
    for (const node of nodes) {
      if (node instanceof HTMLScriptElement) {
        added.push(node)
        const result = outcome(node)
        setTimeout(() => node.dispatchEvent(new Event(result)))
      } else append(node)
    }
  })
  return added
}

describe("card tokenisation with iugu.js (live mode)", () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    vi.resetModules()
    vi.stubGlobal("fetch", fetchMock)
    fetchMock.mockImplementation(async () => json(liveConfig))
  })
  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    delete (window as { Iugu?: unknown }).Iugu
  })

  it("loads iugu.js once, sets the account and mode, and sends the card's fields in iugu's order", async () => {
    const { iugu, calls } = fakeIuguJs({ id: "tok-live-1", extra_info: { bin: "411111" } })
    const scripts = serveScripts(() => {
      ;(window as { Iugu?: unknown }).Iugu = iugu
      return "load"
    })
    const { tokenizeCard } = await import("./card-tokenizer.ts")

    await expect(tokenizeCard(card)).resolves.toEqual({
      token: "tok-live-1",
      bin: "411111",
      last4: "1111",
    })
    expect(scripts.map((s) => s.src)).toEqual(["https://js.iugu.com/v2"])
    expect(calls.accountId).toEqual(["ACC-LIVE"])
    expect(calls.testMode).toEqual([false])
    // number, month, year (four digits), first name, the rest of the name, CVV.
    expect(calls.creditCard).toEqual([
      ["4111111111111111", "08", "2029", "Ana", "Maria Souza", "123"],
    ])
    // The card number never goes to our API: the only request was the public config.
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/v1\/payments\/config$/)

    await tokenizeCard(card)
    expect(scripts).toHaveLength(1)
  })

  it("rejects with iugu's errors object, whose keys the checkout maps to its messages", async () => {
    const errors = { number: "is_invalid", verification_value: "is_invalid" }
    const { iugu } = fakeIuguJs({ errors })
    serveScripts(() => {
      ;(window as { Iugu?: unknown }).Iugu = iugu
      return "load"
    })
    const { tokenizeCard } = await import("./card-tokenizer.ts")
    await expect(tokenizeCard(card)).rejects.toEqual(errors)
  })

  it("says iugu.js is unavailable when its script fails, and tries again on the next card", async () => {
    const { iugu } = fakeIuguJs({ id: "tok-live-2" })
    let attempt = 0
    const scripts = serveScripts(() => {
      attempt += 1
      if (attempt === 1) return "error"
      ;(window as { Iugu?: unknown }).Iugu = iugu
      return "load"
    })
    const { tokenizeCard } = await import("./card-tokenizer.ts")
    await expect(tokenizeCard(card)).rejects.toThrow("iugu.js indisponível")
    await expect(tokenizeCard(card)).resolves.toMatchObject({ token: "tok-live-2" })
    expect(scripts).toHaveLength(2)
  })
})
