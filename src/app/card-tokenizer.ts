import { ApiError } from "../api/client.ts"
import { fetchPaymentsConfig, sandboxPaymentToken } from "../api/payments.ts"
import type { CardDetails, CardToken } from "../screens/checkout/card-form-fields.tsx"

/**
 * Card tokenisation in the browser (spec §1: no card data reaches our server), with iugu's
 * payment_token contract: iugu.js in live mode, the server's simulator in sandbox mode. A
 * refusal rejects with iugu's `errors` object, whose keys the checkout maps to spec §5 texts.
 */
type TokenData = {
  number: string
  verification_value: string
  first_name: string
  last_name: string
  month: string
  year: string
}

type IuguJs = {
  setAccountID(id: string): void
  setTestMode(on: boolean): void
  CreditCard(...fields: string[]): unknown
  createPaymentToken(
    card: unknown,
    done: (response: { id?: string; errors?: unknown; extra_info?: { bin?: string } }) => void,
  ): void
}

let iuguJs: Promise<IuguJs> | null = null

function loadIuguJs(): Promise<IuguJs> {
  iuguJs ??= new Promise((resolve, reject) => {
    const script = document.createElement("script")
    script.src = "https://js.iugu.com/v2"
    script.async = true
    script.onload = () => {
      const iugu = (window as unknown as { Iugu?: IuguJs }).Iugu
      if (iugu) resolve(iugu)
      else reject(new Error("iugu.js indisponível"))
    }
    script.onerror = () => {
      iuguJs = null
      reject(new Error("iugu.js indisponível"))
    }
    document.head.append(script)
  })
  return iuguJs
}

async function liveToken(accountId: string, testMode: boolean, data: TokenData) {
  const iugu = await loadIuguJs()
  iugu.setAccountID(accountId)
  iugu.setTestMode(testMode)
  const card = iugu.CreditCard(
    data.number,
    data.month,
    data.year,
    data.first_name,
    data.last_name,
    data.verification_value,
  )
  return new Promise<{ id: string; bin?: string }>((resolve, reject) => {
    iugu.createPaymentToken(card, (response) => {
      if (response.errors || !response.id) reject(response.errors ?? response)
      else resolve({ id: response.id, bin: response.extra_info?.bin })
    })
  })
}

function tokenData(card: CardDetails): TokenData {
  const [month = "", year = ""] = card.cardExpDate.split("/")
  const [first = "", ...last] = card.cardHolderName.trim().split(/\s+/)
  return {
    number: card.cardNumber.replace(/\D/g, ""),
    verification_value: card.cardCVV,
    first_name: first,
    last_name: last.join(" "),
    month,
    year: year.length === 2 ? `20${year}` : year,
  }
}

export async function tokenizeCard(card: CardDetails): Promise<CardToken> {
  const { iugu } = await fetchPaymentsConfig()
  const data = tokenData(card)
  let token: { id: string; bin?: string }
  if (iugu.tokenUrl) {
    try {
      const answer = await sandboxPaymentToken(iugu.tokenUrl, {
        account_id: iugu.accountId ?? "",
        method: "credit_card",
        test: true,
        data,
      })
      token = { id: answer.id, bin: answer.extra_info?.bin }
    } catch (error) {
      throw error instanceof ApiError
        ? ((error.body as { errors?: unknown } | undefined)?.errors ?? error)
        : error
    }
  } else {
    token = await liveToken(iugu.accountId ?? "", iugu.testMode, data)
  }
  return {
    token: token.id,
    bin: token.bin ?? data.number.slice(0, 6),
    last4: data.number.slice(-4),
  }
}

let sessionId: string | null = null

/** The anti-fraud session id sent with card payments: one per visit. */
export function paymentSessionId(): string {
  sessionId ??= crypto.randomUUID()
  return sessionId
}
