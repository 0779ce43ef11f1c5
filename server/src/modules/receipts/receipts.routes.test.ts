import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  StudioReceiptSchema,
  SubscriptionSchema,
  type Subscription,
} from "../../../../src/domain/models.ts"
import { RECEIPT_NO_FILE, RECEIPT_ONLY_IMAGES } from "../../../../src/domain/messages.ts"
import { parsePixCode } from "../../../../src/domain/pix.ts"
import { payments } from "../../db/schema-billing.ts"
import { profiles } from "../../db/schema.ts"
import {
  createTestApp,
  type TestAccount,
  type TestApp,
  type TestCreator,
} from "../../../test/test-app.ts"
import {
  auditOf,
  billing,
  day,
  multipartBody,
  subscriptionOf,
  uniquePng,
} from "../../../test/billing-test-kit.ts"

let t: TestApp
let creator: TestCreator
let receiptUrl: string
const pixKey = "paula.pix@exemplo.com.br"

beforeAll(async () => {
  t = await createTestApp()
  creator = await t.createCreator({ paymentGateway: "bacen", fullName: "Paula Pix" })
  await t.db
    .update(profiles)
    .set({ pixType: "email", pixKey })
    .where(eq(profiles.id, creator.profileId))
  receiptUrl = `/v1/${creator.username}/subscription/pix/receipt`
  await t.createStory(creator.profileId)
})
afterAll(() => t.close())

async function startPix(buyer: TestAccount, planName = "MONTHLY") {
  const res = await t.inject({
    method: "POST",
    url: `/v1/${creator.username}/subscription/pix`,
    token: buyer.token,
    payload: { planName },
  })
  expect(res.statusCode, res.body).toBe(200)
  return SubscriptionSchema.parse(res.json())
}

const upload = (
  buyer: TestAccount,
  file?: { content: Buffer; filename?: string; type?: string },
  fields: Record<string, string> = {},
) => {
  const body = multipartBody(
    fields,
    file && {
      content: file.content,
      filename: file.filename ?? "comprovante.png",
      type: file.type ?? "image/png",
    },
  )
  return t.inject({ method: "POST", url: receiptUrl, token: buyer.token, ...body })
}

const review = (token: string, paymentId: string, action: "approve" | "reject") =>
  t.inject({ method: "POST", url: `/v1/studio/receipts/${paymentId}/${action}`, token })

describe("Pix to the creator's own key", () => {
  it("answers a static BR Code to her key with the exact amount and the payment's txid", async () => {
    const buyer = await t.createAccount()
    const subscription = await startPix(buyer, "QUARTERLY")
    const payment = subscription.payment!
    expect(payment).toMatchObject({ paymentGateway: "bacen", paymentMethod: "pix", pixUrl: null })
    const code = parsePixCode(payment.pixCode!)
    expect(code).toMatchObject({ key: pixKey, amountCents: 7990 + 199, name: "Paula Pix" })
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id))
    expect(code.txid).toBe(row!.txid)
    expect(code.txid).toBe(payment.id.replaceAll("-", "").slice(0, 25))
  })

  it("needs the creator's key", async () => {
    const keyless = await t.createCreator({ paymentGateway: "bacen" })
    const buyer = await t.createAccount()
    const res = await t.inject({
      method: "POST",
      url: `/v1/${keyless.username}/subscription/pix`,
      token: buyer.token,
      payload: { planName: "MONTHLY" },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({
      code: "no_pix_key",
      message: "Esta criadora ainda não cadastrou uma chave Pix.",
    })
  })
})

describe("POST /{username}/subscription/pix/receipt", () => {
  it("stores the image under a server-chosen name and puts the payment in analysis", async () => {
    const buyer = await t.createAccount()
    await startPix(buyer)
    const res = await upload(buyer, { content: uniquePng("a"), filename: "../../etc/passwd.png" })
    expect(res.statusCode, res.body).toBe(200)
    const subscription = SubscriptionSchema.parse(res.json())
    expect(subscription.payment).toMatchObject({ status: "analyzing", receiptManualApproved: null })
    const [row] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, subscription.payment!.id))
    expect(row!.receiptKey).toMatch(
      new RegExp(`^receipts/${creator.profileId}/[0-9a-f-]{36}\\.clean\\.png$`),
    )
    const image = await t.inject({ url: subscription.payment!.receiptUrl! })
    expect(image.statusCode).toBe(200)
    expect(image.headers["content-type"]).toBe("image/png")
    expect(t.mailer.lastTo(creator.email)?.subject).toBe("Novo comprovante de Pix para analisar")
    const again = await upload(buyer, { content: uniquePng("a2") })
    expect(again.statusCode).toBe(409)
    const newPix = await t.inject({
      method: "POST",
      url: `/v1/${creator.username}/subscription/pix`,
      token: buyer.token,
      payload: { planName: "MONTHLY" },
    })
    expect(newPix.statusCode).toBe(409)
    expect(newPix.json().code).toBe("receipt_in_analysis")
  })

  it.each([
    ["no file", undefined, {}, 400, "no_file", RECEIPT_NO_FILE],
    [
      "a text file called .png",
      { content: Buffer.from("não é imagem"), type: "image/png" },
      {},
      422,
      "invalid_file_type",
      RECEIPT_ONLY_IMAGES,
    ],
    [
      "a PDF",
      {
        content: Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n"),
        filename: "c.pdf",
        type: "application/pdf",
      },
      {},
      422,
      "invalid_file_type",
      RECEIPT_ONLY_IMAGES,
    ],
    [
      "more than 5 MB",
      { content: Buffer.concat([uniquePng("big"), Buffer.alloc(5 * 1024 * 1024)]) },
      {},
      413,
      "payload_too_large",
      "O comprovante pode ter até 5 MB.",
    ],
    [
      "a malformed end-to-end id",
      { content: uniquePng("e2e-bad") },
      { endToEndId: "E123" },
      400,
      "validation_error",
      "Código da transação Pix inválido",
    ],
  ] as const)(
    "refuses %s in pt-BR and keeps the payment pending",
    async (_name, file, fields, status, code, message) => {
      const buyer = await t.createAccount()
      await startPix(buyer)
      const res = await upload(buyer, file && { ...file }, { ...fields })
      expect(res.statusCode).toBe(status)
      expect(res.json()).toMatchObject({ code, message })
      expect((await subscriptionOf(t, creator.username, buyer.token))?.payment?.status).toBe(
        "pending",
      )
    },
  )

  it("refuses a receipt already used (same file, or same end-to-end id)", async () => {
    const first = await t.createAccount()
    const second = await t.createAccount()
    const third = await t.createAccount()
    await startPix(first)
    await startPix(second)
    await startPix(third)
    const endToEndId = "E18236120202503101500s0123456789"
    expect((await upload(first, { content: uniquePng("same") }, { endToEndId })).statusCode).toBe(
      200,
    )
    // The creator sees the id the follower typed, to find the Pix in her statement.
    const listed = StudioReceiptSchema.array()
      .parse((await t.inject({ url: "/v1/studio/receipts", token: creator.token })).json())
      .find((r) => r.subscriber.email === first.email)
    expect(listed?.receiptEndToEndId).toBe(endToEndId)
    const sameFile = await upload(second, { content: uniquePng("same") })
    expect(sameFile.statusCode).toBe(409)
    expect(sameFile.json()).toMatchObject({
      code: "receipt_reused",
      message: "Este comprovante já foi enviado antes. Envie o comprovante deste pagamento.",
    })
    const sameId = await upload(third, { content: uniquePng("other") }, { endToEndId })
    expect(sameId.statusCode).toBe(409)
    expect((await subscriptionOf(t, creator.username, second.token))?.payment?.status).toBe(
      "pending",
    )
  })

  it("needs a signed-in buyer with a Pix waiting, sent as multipart", async () => {
    const anonymous = await t.inject({ method: "POST", url: receiptUrl, ...multipartBody({}) })
    expect(anonymous.statusCode).toBe(401)
    const stranger = await t.createAccount()
    const none = await upload(stranger, { content: uniquePng("x") })
    expect(none.statusCode).toBe(409)
    expect(none.json().code).toBe("no_pix_awaiting_receipt")
    await startPix(stranger)
    const json = await t.inject({
      method: "POST",
      url: receiptUrl,
      token: stranger.token,
      payload: {},
    })
    expect(json.statusCode).toBe(415)
  })

  it("takes a receipt for a Pix that expired unpaid (the buyer paid late)", async () => {
    const buyer = await t.createAccount()
    await startPix(buyer)
    t.clock.advance(day + 60_000)
    await billing(t).maintenance.expirePayments()
    buyer.token = await t.tokenFor(buyer.id)
    const expired = await subscriptionOf(t, creator.username, buyer.token)
    expect(expired?.payment?.status).toBe("canceled")
    const res = await upload(buyer, { content: uniquePng("late") })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().payment.status).toBe("analyzing")
  })
})

describe("the creator reviews receipts", () => {
  let other: TestCreator
  beforeAll(async () => {
    other = await t.createCreator({ paymentGateway: "bacen" })
  })

  async function inAnalysis(
    seed: string,
  ): Promise<{ buyer: TestAccount; subscription: Subscription }> {
    const buyer = await t.createAccount()
    await startPix(buyer)
    const res = await upload(buyer, { content: uniquePng(seed) })
    expect(res.statusCode, res.body).toBe(200)
    return { buyer, subscription: SubscriptionSchema.parse(res.json()) }
  }

  it("approving pays it: access for the plan's months, an e-mail, an audit row by the creator", async () => {
    const { buyer, subscription } = await inAnalysis("approve")
    const paymentId = subscription.payment!.id
    const list = await t.inject({ url: "/v1/studio/receipts", token: creator.token })
    expect(list.statusCode).toBe(200)
    const receipts = StudioReceiptSchema.array().parse(list.json())
    expect(receipts.find((r) => r.payment.id === paymentId)).toMatchObject({
      subscriber: { email: buyer.email },
      plan: { name: "MONTHLY" },
    })

    const res = await review(creator.token, paymentId, "approve")
    expect(res.statusCode, res.body).toBe(200)
    expect(StudioReceiptSchema.parse(res.json()).payment).toMatchObject({
      status: "paid",
      receiptManualApproved: true,
    })
    const paid = await subscriptionOf(t, creator.username, buyer.token)
    expect(paid).toMatchObject({ status: "paid", payment: { status: "paid" } })
    expect(
      (await t.inject({ url: `/v1/u/${creator.username}/stories`, token: buyer.token })).statusCode,
    ).toBe(200)
    expect(t.mailer.lastTo(buyer.email)?.subject).toBe("Pagamento aprovado")
    const audit = await auditOf(t, subscription.id)
    expect(audit.find((row) => row.toStatus === "paid" && row.entity === "payment")).toMatchObject({
      actor: `account:${creator.id}`,
      fromStatus: "analyzing",
    })
    expect((await review(creator.token, paymentId, "approve")).statusCode).toBe(409)
    expect((await review(creator.token, paymentId, "reject")).statusCode).toBe(409)
  })

  it("says when the follower sent the receipt, apart from when the Pix was generated", async () => {
    const buyer = await t.createAccount()
    const pix = await startPix(buyer)
    t.clock.advance(20 * 60_000)
    const sentAt = t.clock.now().toISOString()
    expect((await upload(buyer, { content: uniquePng("sent-at") })).statusCode).toBe(200)
    const paymentId = pix.payment!.id
    const list = await t.inject({ url: "/v1/studio/receipts", token: creator.token })
    const listed = StudioReceiptSchema.array()
      .parse(list.json())
      .find((r) => r.payment.id === paymentId)
    expect(listed).toMatchObject({
      receiptUploadedAt: sentAt,
      payment: { createdAt: pix.payment!.createdAt },
    })
    expect(sentAt).not.toBe(pix.payment!.createdAt)
    const approved = await review(creator.token, paymentId, "approve")
    expect(StudioReceiptSchema.parse(approved.json()).receiptUploadedAt).toBe(sentAt)
  })

  it("rejecting marks it not authorised and tells the buyer", async () => {
    const { buyer, subscription } = await inAnalysis("reject")
    const res = await review(creator.token, subscription.payment!.id, "reject")
    expect(res.statusCode).toBe(200)
    const failed = await subscriptionOf(t, creator.username, buyer.token)
    expect(failed).toMatchObject({
      status: "unpaid",
      payment: { status: "failed", receiptManualApproved: false },
    })
    expect(failed!.payment!.receiptUrl).toBeTruthy()
    expect(t.mailer.lastTo(buyer.email)?.subject).toBe("Comprovante não aprovado")
    expect(
      (await t.inject({ url: `/v1/u/${creator.username}/stories`, token: buyer.token })).statusCode,
    ).toBe(403)
  })

  it("only the creator the Pix went to decides", async () => {
    const { buyer, subscription } = await inAnalysis("owner")
    const paymentId = subscription.payment!.id
    const fromOther = await review(other.token, paymentId, "approve")
    expect(fromOther.statusCode).toBe(403)
    expect(fromOther.json().code).toBe("not_owner")
    expect((await review(buyer.token, paymentId, "approve")).statusCode).toBe(403)
    expect(
      (await t.inject({ method: "POST", url: `/v1/studio/receipts/${paymentId}/approve` }))
        .statusCode,
    ).toBe(401)
    expect(
      (await review(creator.token, "00000000-0000-4000-8000-000000000000", "approve")).statusCode,
    ).toBe(404)
    expect((await review(creator.token, "nao-e-id", "reject")).statusCode).toBe(404)
    const otherList = StudioReceiptSchema.array().parse(
      (await t.inject({ url: "/v1/studio/receipts?status=all", token: other.token })).json(),
    )
    expect(otherList.some((r) => r.payment.id === paymentId)).toBe(false)
    expect((await subscriptionOf(t, creator.username, buyer.token))?.payment?.status).toBe(
      "analyzing",
    )
  })
})
