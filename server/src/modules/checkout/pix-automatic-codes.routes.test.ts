import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildPixCode, parsePixCode, pixAutomaticJourney } from "../../../../src/domain/pix.ts"
import { payments } from "../../db/schema-billing.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../testing/test-app.ts"
import { checkout } from "../../../test/billing-test-kit.ts"

let t: TestApp
let creator: TestCreator

beforeAll(async () => {
  t = await createTestApp()
  creator = await t.createCreator({ paymentGateway: "iugu", fullName: "Duda Demo" })
})
afterAll(() => t.close())

const pixUrl = () => `/v1/${creator.username}/iugu/subscription/pix`
const automatic = {
  planName: "MONTHLY",
  automaticPix: true,
  accountName: "ANA ASSINANTE",
  accountDocument: "111.444.777-35",
}

/** A journey 2 code laid out as the BCB's recResponse `dadosQR` example: field 26 holds the GUI only. */
const journey2Code = buildPixCode({
  recurrenceUrl: "pix.example.com/qr/v2/rec/2353c790eefb11eaadc10242ac120002",
  name: "Closer Pagamentos",
  city: "Sao Paulo",
})

describe("Pix Automático codes the gateway may hand back", () => {
  it("treats a journey 2 code as recurring: asking again reuses it, a one-off Pix gets its own", async () => {
    expect(journey2Code).toMatch(/^00020126180014br\.gov\.bcb\.pix5204/)
    expect(pixAutomaticJourney(parsePixCode(journey2Code))).toBe(2)
    const buyer = await t.createAccount()
    const first = await checkout(t, pixUrl(), automatic, { token: buyer.token })
    const paymentId = first.subscription.payment!.id
    // The gateway answered with the recurrence alone, the first period to be charged apart.
    await t.db.update(payments).set({ pixCode: journey2Code }).where(eq(payments.id, paymentId))

    const again = await checkout(t, pixUrl(), automatic, { token: buyer.token })
    expect(again.subscription.payment!.id).toBe(paymentId)
    expect(again.subscription.payment!.pixCode).toBe(journey2Code)

    const single = await checkout(t, pixUrl(), { planName: "MONTHLY" }, { token: buyer.token })
    expect(single.subscription.payment!.id).not.toBe(paymentId)
    expect(parsePixCode(single.subscription.payment!.pixCode!).recurrenceUrl).toBeUndefined()
  })
})
