import { describe, expect, it } from "vitest"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { makeSubscription } from "../../testing/fixtures/subscription.ts"
import { creatorPaths } from "./paths.ts"
import { settingsHrefs, toSettingsView } from "./use-settings.ts"

const creator = makeProfile()
const subscription = makeSubscription()
const signedIn = { loggedIn: true, email: "ana@exemplo.com.br", creator }

describe("Minha conta view", () => {
  it("loads until the subscription answers, and shows a failed load even over older data", () => {
    const pending = { data: undefined, error: undefined }
    expect(toSettingsView({ ...signedIn, subscription: pending, account: null })).toEqual({
      status: "loading",
    })
    const failed = { data: subscription, error: new Error("Sem conexão") }
    expect(toSettingsView({ ...signedIn, subscription: failed, account: null })).toEqual({
      status: "error",
      message: "Sem conexão",
    })
  })

  it("shows the session's account, else the e-mail typed at login", () => {
    const loaded = { data: subscription, error: undefined }
    const account = { email: "ana.conta@exemplo.com.br", fullName: "Ana Conta" }
    expect(toSettingsView({ ...signedIn, subscription: loaded, account })).toEqual({
      status: "ready",
      account,
      creator,
      subscription,
    })
    expect(toSettingsView({ ...signedIn, subscription: loaded, account: null })).toMatchObject({
      account: { email: "ana@exemplo.com.br", fullName: null },
    })
  })

  it("has no account for a visitor, who may still have no subscription", () => {
    const none = { data: null, error: undefined }
    expect(
      toSettingsView({ loggedIn: false, email: null, creator, subscription: none, account: null }),
    ).toEqual({ status: "ready", account: null, creator, subscription: null })
  })
})

describe("Minha conta links", () => {
  it("leads to 'Atualizar cartão' only where the gateway keeps cards", () => {
    const paths = creatorPaths("demo")
    expect(settingsHrefs(paths, { paymentGateway: "iugu" }).updateCard).toBe("/demo/setting/card")
    for (const paymentGateway of ["mercadoPago", "bacen", "mercadoPagoPixOnly"] as const)
      expect(settingsHrefs(paths, { paymentGateway }).updateCard, paymentGateway).toBeUndefined()
  })
})
