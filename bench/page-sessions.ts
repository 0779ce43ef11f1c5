/**
 * What a browser holds before a page opens, made through the API the way the app makes it: a
 * signed-in session (the `auth` and `accessToken` keys of the app's local storage, and the
 * session's cookies the answer set), or a guest buyer's Pix purchase. Each call makes a fresh
 * one, so no run reuses another's state.
 */

/** The demo data of server/src/db/seed.ts. */
export const demoAccounts = {
  subscriber: "assinante@demo.com.br",
  visitor: "visitante@demo.com.br",
  creator: "criadora@demo.com.br",
  operator: "admin@demo.com.br",
} as const
const DEMO_PASSWORD = "demo1234"

/** A cookie as the answer set it: the browser sends it to `path` and below. */
export type SetCookie = { name: string; value: string; path: string }
export type BrowserState = { localStorage: Record<string, string>; cookies?: SetCookie[] }

/** The session's cookies an answer set (the refresh cookie, the reader's pass). */
function sessionCookies(response: Response): SetCookie[] {
  return (response.headers.getSetCookie?.() ?? []).flatMap((header) => {
    const [pair = "", ...attributes] = header.split(";").map((part) => part.trim())
    const at = pair.indexOf("=")
    const name = pair.slice(0, at)
    if (!name.startsWith("closer_")) return []
    const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? "/"
    return [{ name, value: pair.slice(at + 1), path }]
  })
}

/** Each sign-in comes from an address of its own: the login limit counts per address. */
let nextAddress = 0
const anotherAddress = () => {
  nextAddress += 1
  return `198.18.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`
}

/** The anti-forgery cookie a browser holds after its first answer, and its header. */
async function antiForgery(origin: string) {
  const health = await fetch(`${origin}/v1/health`)
  const cookie = (health.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(";")[0])
    .find((c) => c?.startsWith("XSRF-TOKEN="))
  if (!cookie) throw new Error("no anti-forgery cookie from /v1/health")
  return {
    "content-type": "application/json",
    cookie,
    "x-xsrf-token": decodeURIComponent(cookie.slice("XSRF-TOKEN=".length)),
    "x-forwarded-for": anotherAddress(),
  }
}

async function postJson<T>(
  origin: string,
  path: string,
  body: unknown,
): Promise<{ answer: T; cookies: SetCookie[] }> {
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: await antiForgery(origin),
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return { answer: (await response.json()) as T, cookies: sessionCookies(response) }
}

/** The storage of a browser signed in with `accessToken`, as the app and the answer left it. */
async function signedInState(
  origin: string,
  accessToken: string,
  cookies: SetCookie[],
): Promise<BrowserState> {
  const response = await fetch(`${origin}/v1/auth/session`, {
    headers: { authorization: `Bearer ${accessToken}` },
  })
  if (!response.ok) throw new Error(`/v1/auth/session: ${response.status}`)
  const { account } = (await response.json()) as { account: { email: string } }
  return {
    localStorage: {
      auth: JSON.stringify({ email: account.email, accessToken, account }),
      accessToken,
    },
    cookies,
  }
}

/** A demo account signed in. */
export async function signedInAs(origin: string, email: string): Promise<BrowserState> {
  const { answer, cookies } = await postJson<{ accessToken: string }>(origin, "/v1/auth/login", {
    usernameOrEmail: email,
    password: DEMO_PASSWORD,
    token: "bench",
  })
  return signedInState(origin, answer.accessToken, cookies)
}

/** The e-mail step done: the password and sign-up steps open with it. */
export function typedEmail(email: string): BrowserState {
  return {
    localStorage: { auth: JSON.stringify({ email, accessToken: null, account: null }) },
  }
}

export const newBuyerEmail = () =>
  `comprador.${Date.now()}.${Math.random().toString(36).slice(2)}@exemplo.com.br`

/**
 * A new buyer who has just asked for a monthly Pix on `demo`, signed in as the checkout leaves
 * her, with the temporary password her e-mail links /choose-password with.
 */
export async function pixBuyer(origin: string) {
  const { answer, cookies } = await postJson<{
    auth: { accessToken: string; password: string }
  }>(origin, "/v1/demo/iugu/subscription/pix", {
    email: newBuyerEmail(),
    planName: "MONTHLY",
    typeAuth: "new_user",
    token: "bench",
  })
  return {
    state: await signedInState(origin, answer.auth.accessToken, cookies),
    temporaryPassword: answer.auth.password,
  }
}
