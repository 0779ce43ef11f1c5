import { randomUUID } from "node:crypto"
import { request as httpRequest } from "node:http"
import { CheckoutResponseSchema, SubscriptionSchema } from "../../src/domain/models.ts"

/** A follower's browser as the API sees it: its own address, anti-forgery cookie and token. */
export class Buyer {
  readonly ip: string
  readonly email: string
  private cookie = ""
  private xsrf = ""
  token = ""

  constructor(
    private readonly origin: string,
    index: number,
  ) {
    this.ip = `10.20.${Math.floor(index / 250)}.${(index % 250) + 1}`
    this.email = `comprador.${index}.${Date.now()}@exemplo.com.br`
  }

  private headers(extra: Record<string, string> = {}) {
    return {
      "x-forwarded-for": this.ip,
      ...(this.cookie ? { cookie: this.cookie, "x-xsrf-token": this.xsrf } : {}),
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...extra,
    }
  }

  /**
   * Like a phone on a bad network: retries the same request (same idempotency key), and when
   * the API says the first attempt is still running, waits as its message asks.
   */
  private async call(path: string, init: RequestInit & { idempotencyKey?: string } = {}) {
    let lastError: unknown
    for (let attempt = 0; attempt < 30; attempt += 1) {
      try {
        const response = await fetch(`${this.origin}${path}`, {
          ...init,
          headers: this.headers({
            ...(init.body ? { "content-type": "application/json" } : {}),
            ...(init.idempotencyKey ? { "idempotency-key": init.idempotencyKey } : {}),
          }),
        })
        if (response.status >= 502) throw new Error(`${response.status} from ${path}`)
        if (response.status === 409) {
          const body = (await response.clone().json()) as { code?: string }
          if (body.code === "idempotency_in_progress") throw new Error(`409 in progress: ${path}`)
        }
        return response
      } catch (error) {
        lastError = error
        await new Promise((resolve) => setTimeout(resolve, Math.min(300 * (attempt + 1), 3_000)))
      }
    }
    throw lastError
  }

  async open() {
    const response = await this.call("/v1/health")
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("XSRF-TOKEN="))
    if (!cookie) throw new Error("no anti-forgery cookie")
    this.cookie = cookie
    this.xsrf = decodeURIComponent(cookie.slice("XSRF-TOKEN=".length))
  }

  /** Pix checkout as a new buyer; returns the pending payment's id. */
  async checkoutPix(username: string) {
    const response = await this.call(`/v1/${username}/iugu/subscription/pix`, {
      method: "POST",
      idempotencyKey: randomUUID(),
      body: JSON.stringify({
        email: this.email,
        planName: "MONTHLY",
        typeAuth: "new_user",
        token: "teste",
      }),
    })
    if (!response.ok) throw new Error(`checkout ${response.status}: ${await response.text()}`)
    const body = CheckoutResponseSchema.parse(await response.json())
    if (!body.auth) throw new Error("the checkout did not sign the new buyer in")
    this.token = body.auth.accessToken
    const payment = body.subscription.payment
    if (!payment?.pixCode) throw new Error("no Pix code in the checkout")
    return payment.id
  }

  /**
   * A Pix checkout from a phone on a slow network: the headers and half the body now, the rest
   * when `finish()` is called. The request is in flight on the server in between.
   */
  startSlowCheckoutPix(username: string) {
    const body = Buffer.from(
      JSON.stringify({
        email: this.email,
        planName: "MONTHLY",
        typeAuth: "new_user",
        token: "teste",
      }),
    )
    const url = new URL(`${this.origin}/v1/${username}/iugu/subscription/pix`)
    const request = httpRequest(url, {
      method: "POST",
      agent: false,
      headers: this.headers({
        "content-type": "application/json",
        "content-length": String(body.length),
        "idempotency-key": randomUUID(),
      }),
    })
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on("error", reject)
      request.on("response", (response) => {
        const chunks: Buffer[] = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("error", reject)
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        )
      })
    })
    const half = Math.floor(body.length / 2)
    request.write(body.subarray(0, half))
    return {
      answer,
      finish() {
        request.end(body.subarray(half))
        return answer
      },
    }
  }

  async pay(paymentId: string) {
    const response = await this.call(`/v1/sandbox/payments/${paymentId}/pay`, { method: "POST" })
    if (response.ok) return
    const body = await response.text()
    // A retry whose first attempt paid before its answer was lost: the final checks verify it.
    if (response.status === 409 && body.includes('"payment_not_pending"')) return
    throw new Error(`pay ${response.status}: ${body}`)
  }

  async subscription(username: string) {
    const response = await this.call(`/v1/${username}/subscription`)
    if (!response.ok) throw new Error(`subscription ${response.status}`)
    return SubscriptionSchema.parse(await response.json())
  }

  async photos(username: string) {
    const response = await this.call(`/v1/u/${username}/medias`)
    return { status: response.status, body: (await response.json()) as unknown }
  }

  /** Signs in as an existing account (a demo one) and keeps its access token. */
  async login(usernameOrEmail: string, password: string) {
    const response = await this.call("/v1/auth/login", {
      method: "POST",
      body: JSON.stringify({ usernameOrEmail, password }),
    })
    if (!response.ok) throw new Error(`login ${response.status}: ${await response.text()}`)
    this.token = ((await response.json()) as { accessToken: string }).accessToken
  }

  /** Any call as this browser: the status and the JSON body. */
  async send(path: string, init: { method?: string; body?: unknown } = {}) {
    const response = await this.call(path, {
      method: init.method ?? "GET",
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
    return { status: response.status, body: (await response.json()) as unknown }
  }
}
