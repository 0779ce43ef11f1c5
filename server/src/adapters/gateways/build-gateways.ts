import { createHmac } from "node:crypto"
import type { Clock } from "../../clock.ts"
import type { Database } from "../../db/client.ts"
import { createBacenGateway } from "./bacen/bacen-gateway.ts"
import { GatewayNotConfiguredError, type Gateway, type Provider } from "./gateway.ts"
import { createIuguClient, iuguDefaultApiUrl } from "./iugu/iugu-client.ts"
import { createIuguGateway } from "./iugu/iugu-gateway.ts"
import { createIuguSimulator, type IuguSimulator } from "./iugu/iugu-simulator.ts"
import { createMercadoPagoClient, mercadoPagoDefaultApiUrl } from "./mercadopago/mp-client.ts"
import { createMercadoPagoGateway } from "./mercadopago/mp-gateway.ts"
import {
  createMercadoPagoSimulator,
  type MercadoPagoSimulator,
} from "./mercadopago/mp-simulator.ts"
import type { PaymentsSettings } from "./payments-settings.ts"
import { fetchVia } from "./sandbox/simulator-http.ts"
import { createDatabaseStore } from "./sandbox/simulator-store.repository.ts"

export const defaultPixCity = "Sao Paulo"
export const defaultGatewayTimeoutMs = 10_000
const sandboxCredential = "sandbox"

export interface Gateways {
  mode: "sandbox" | "live"
  get(provider: Provider): Gateway
  webhooks: { iuguToken: string | null; mercadoPagoSecret: string | null }
  /** What the browser needs: iugu.js account and test mode, Mercado Pago public key. */
  browser: {
    iuguAccountId: string | null
    iuguTestMode: boolean
    mercadoPagoPublicKey: string | null
  }
  sandbox: { iugu: IuguSimulator; mercadoPago: MercadoPagoSimulator } | null
}

/** A stable per-install secret for the sandbox, so webhooks stay valid across restarts and replicas. */
const derived = (secret: string, purpose: string) =>
  createHmac("sha256", secret).update(`closer-sandbox:${purpose}`).digest("base64url")

function notConfigured(provider: Provider): Gateway {
  const fail = async (): Promise<never> => {
    throw new GatewayNotConfiguredError(provider)
  }
  return {
    provider,
    charge: fail,
    fetchPayment: fail,
    findPayments: fail,
    cancelPayment: fail,
    cancelRecurrence: fail,
  }
}

export function buildGateways(options: {
  mode: "sandbox" | "live"
  settings: PaymentsSettings
  publicUrl: string
  secret: string
  db: Database
  clock: Clock
}): Gateways {
  const { settings } = options
  const timeoutMs = settings.timeoutMs ?? defaultGatewayTimeoutMs
  const bacen = createBacenGateway({ city: settings.pixCity ?? defaultPixCity })
  const now = () => options.clock.now()

  if (options.mode === "sandbox") {
    const iuguSimulator = createIuguSimulator({
      store: createDatabaseStore(options.db, "iugu", now),
      now,
      apiToken: sandboxCredential,
      accountId: settings.iugu?.accountId ?? sandboxCredential,
      publicUrl: options.publicUrl,
    })
    const mercadoPagoSimulator = createMercadoPagoSimulator({
      store: createDatabaseStore(options.db, "mercadoPago", now),
      now,
      accessToken: sandboxCredential,
      publicUrl: options.publicUrl,
    })
    const iugu = createIuguGateway(
      createIuguClient({
        apiUrl: "http://iugu.sandbox",
        apiToken: sandboxCredential,
        timeoutMs,
        fetch: fetchVia(iuguSimulator.handle),
      }),
    )
    const mercadoPago = createMercadoPagoGateway(
      createMercadoPagoClient({
        apiUrl: "http://mercadopago.sandbox",
        accessToken: sandboxCredential,
        timeoutMs,
        fetch: fetchVia(mercadoPagoSimulator.handle),
      }),
    )
    const byProvider = { iugu, mercadoPago, bacen }
    return {
      mode: "sandbox",
      get: (provider) => byProvider[provider],
      webhooks: {
        iuguToken: settings.iugu?.webhookToken ?? derived(options.secret, "iugu-webhook"),
        mercadoPagoSecret:
          settings.mercadoPago?.webhookSecret ?? derived(options.secret, "mercadopago-webhook"),
      },
      browser: {
        iuguAccountId: settings.iugu?.accountId ?? sandboxCredential,
        iuguTestMode: true,
        mercadoPagoPublicKey: null,
      },
      sandbox: { iugu: iuguSimulator, mercadoPago: mercadoPagoSimulator },
    }
  }

  const iuguSettings = settings.iugu ?? {}
  const mpSettings = settings.mercadoPago ?? {}
  const byProvider: Record<Provider, Gateway> = {
    iugu: iuguSettings.apiToken
      ? createIuguGateway(
          createIuguClient({
            apiUrl: iuguSettings.apiUrl ?? iuguDefaultApiUrl,
            apiToken: iuguSettings.apiToken,
            timeoutMs,
          }),
        )
      : notConfigured("iugu"),
    mercadoPago: mpSettings.accessToken
      ? createMercadoPagoGateway(
          createMercadoPagoClient({
            apiUrl: mpSettings.apiUrl ?? mercadoPagoDefaultApiUrl,
            accessToken: mpSettings.accessToken,
            timeoutMs,
          }),
        )
      : notConfigured("mercadoPago"),
    bacen,
  }
  return {
    mode: "live",
    get: (provider) => byProvider[provider],
    webhooks: {
      iuguToken: iuguSettings.webhookToken ?? null,
      mercadoPagoSecret: mpSettings.webhookSecret ?? null,
    },
    browser: {
      iuguAccountId: iuguSettings.accountId ?? null,
      iuguTestMode: iuguSettings.testMode ?? false,
      mercadoPagoPublicKey: mpSettings.publicKey ?? null,
    },
    sandbox: null,
  }
}
