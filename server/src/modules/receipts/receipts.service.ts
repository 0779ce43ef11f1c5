import { createHash, randomUUID } from "node:crypto"
import type { MultipartFile } from "@fastify/multipart"
import { END_TO_END_ID_PATTERN } from "../../../../src/domain/pix.ts"
import { RECEIPT_NO_FILE, RECEIPT_ONLY_IMAGES } from "../../../../src/domain/messages.ts"
import type { StudioReceipt } from "../../../../src/domain/models.ts"
import { cleanReceiptKey, reencodeReceipt } from "../../adapters/images/receipt-image.ts"
import { detectFileType, imageTypes } from "../../adapters/storage/file-types.ts"
import { isUniqueViolation } from "../../db/errors.ts"
import {
  AppError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from "../../errors.ts"
import type { AuthAccount } from "../../plugins/auth.ts"
import {
  endToEndIdMessage,
  noPixAwaitingReceiptMessage,
  notYourReceiptMessage,
  paymentNotFoundMessage,
  receiptAlreadyReviewedMessage,
  receiptReusedMessage,
  receiptTooLargeMessage,
  unreadableFileMessage,
} from "../../shared/billing-messages.ts"
import type { ViewerLinks } from "../../adapters/storage/media-links.ts"
import type { Storage } from "../../adapters/storage/storage.ts"
import type { Clock } from "../../clock.ts"
import type { RateLimitCounter } from "../../plugins/rate-limit.ts"
import type { CreatorDirectory } from "../payments/billing-ports.ts"
import type { BillingStore, PaymentRow } from "../payments/billing.repository.ts"
import { toPayment } from "../../shared/billing-view.ts"
import type { PaymentLedger } from "../payments/payment-ledger.ts"
import type { PaymentNotifications } from "../payments/payment-notifications.ts"
import type { PaymentsService } from "../payments/payments.service.ts"
import type { ReceiptsRepository } from "./receipts.repository.ts"

export const receiptMaxBytes = 5 * 1024 * 1024
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A Pix to the creator's own key waiting for its receipt (also one that expired unpaid). */
const awaitsReceipt = (p: PaymentRow) =>
  p.method === "pix" &&
  p.gateway === "bacen" &&
  (p.status === "pending" ||
    (["failed", "canceled", "overdue"].includes(p.status) && !p.receiptKey))

export function createReceiptsService(deps: {
  store: BillingStore
  receiptsRepo: ReceiptsRepository
  ledger: PaymentLedger
  payments: PaymentsService
  notifications: PaymentNotifications
  creators: CreatorDirectory
  limits: RateLimitCounter
  storage: Storage
  /** Receipt links signed for the one who reads them. */
  linksFor: (viewer: string) => ViewerLinks
  clock: Clock
}) {
  const { store: repo, creators } = deps

  async function readImage(file: MultipartFile | undefined) {
    if (!file) throw new BadRequestError(RECEIPT_NO_FILE, "no_file", "file")
    let data: Buffer
    try {
      data = await file.toBuffer()
    } catch (error) {
      if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
        throw new AppError(413, receiptTooLargeMessage, "payload_too_large")
      // A body cut short or malformed: the buyer can send it again.
      throw new BadRequestError(unreadableFileMessage, "invalid_multipart", "file")
    }
    if (data.length === 0) throw new BadRequestError(RECEIPT_NO_FILE, "no_file", "file")
    if (!(await detectFileType(data, imageTypes)))
      throw new ValidationError(RECEIPT_ONLY_IMAGES, "invalid_file_type", "file")
    const field = file.fields.endToEndId
    const typed =
      field && !Array.isArray(field) && field.type === "field" ? String(field.value).trim() : ""
    if (typed && !END_TO_END_ID_PATTERN.test(typed))
      throw new BadRequestError(endToEndIdMessage, "validation_error", "endToEndId")
    return { data, endToEndId: typed || null }
  }

  const toReceipt = (
    reader: AuthAccount,
    payment: PaymentRow,
    subscription: { id: string; planName: string | null },
    subscriber: { email: string; fullName: string | null },
  ): StudioReceipt => ({
    subscriptionId: subscription.id,
    subscriber,
    plan:
      (payment.planName ?? subscription.planName)
        ? { name: (payment.planName ?? subscription.planName) as "MONTHLY" }
        : null,
    payment: toPayment(payment, deps.linksFor(reader.id)),
    receiptUploadedAt: payment.receiptUploadedAt?.toISOString() ?? null,
    receiptEndToEndId: payment.receiptEndToEndId ?? null,
  })

  return {
    /**
     * The follower's receipt of a Pix to the creator's key: written again without metadata
     * (a phone photo carries where the buyer was), stored, then "em análise".
     */
    async upload(username: string, viewer: AuthAccount, file: MultipartFile | undefined) {
      await deps.limits.consume(`receipt:${viewer.id}`, 10, 60 * 60_000)
      const profile = await creators.sellerByUsername(username)
      const subscription = await repo.subscriptionOf(viewer.id, profile.id)
      const latest = subscription ? await repo.latestPayment(subscription.id) : null
      if (!subscription || !latest || !awaitsReceipt(latest))
        throw new ConflictError(noPixAwaitingReceiptMessage, "no_pix_awaiting_receipt")
      const { data, endToEndId } = await readImage(file)
      // A receipt sent twice is told by the bytes the buyer sent, not by our copy of them.
      const sha256 = createHash("sha256").update(data).digest("hex")
      const clean = await reencodeReceipt(data, RECEIPT_ONLY_IMAGES)
      const key = cleanReceiptKey(`receipts/${profile.id}/${randomUUID()}`, clean.ext)
      await deps.storage.put(key, clean.data)
      try {
        const result = await repo.transaction(async (txRepo) => {
          const locked = (await txRepo.lockSubscription(subscription.id))!
          const payment = (await txRepo.lockPayment(latest.id))!
          if (!awaitsReceipt(payment))
            throw new ConflictError(noPixAwaitingReceiptMessage, "no_pix_awaiting_receipt")
          return deps.ledger.applyLocked(txRepo, locked, payment, "analyzing", {
            actor: `account:${viewer.id}`,
            reason: "comprovante enviado",
            details: { sha256 },
            changes: {
              receiptKey: key,
              receiptSha256: sha256,
              receiptEndToEndId: endToEndId,
              receiptUploadedAt: deps.clock.now(),
              receiptManualApproved: null,
            },
          })
        })
        if (result.changed) await deps.notifications.afterTransition(result)
      } catch (error) {
        await deps.storage.delete(key)
        if (isUniqueViolation(error))
          throw new ConflictError(receiptReusedMessage, "receipt_reused", "file")
        throw error
      }
      return deps.payments.view(subscription.id)
    },

    /** The creator's receipts, the ones waiting first when `pending`. */
    async list(creator: AuthAccount, onlyPending: boolean) {
      const profile = await creators.requireOwn(creator.id)
      const rows = await deps.receiptsRepo.receiptsOf(profile.id, onlyPending)
      return rows.map((row) =>
        toReceipt(creator, row.payment, row.subscription, {
          email: row.email,
          fullName: row.fullName,
        }),
      )
    },

    /** Only the creator the Pix went to decides; the money is in her account, not ours. */
    async review(creator: AuthAccount, paymentId: string, approve: boolean) {
      const profile = await creators.requireOwn(creator.id)
      const payment = uuidPattern.test(paymentId) ? await repo.payment(paymentId) : null
      if (!payment) throw new NotFoundError(paymentNotFoundMessage, "payment_not_found")
      const subscription = (await repo.subscription(payment.subscriptionId))!
      if (subscription.profileId !== profile.id)
        throw new ForbiddenError(notYourReceiptMessage, "not_owner")
      if (payment.status !== "analyzing")
        throw new ConflictError(receiptAlreadyReviewedMessage, "receipt_already_reviewed")
      const result = await deps.payments.transition(payment.id, approve ? "paid" : "failed", {
        actor: `account:${creator.id}`,
        reason: approve
          ? "comprovante aprovado pela criadora"
          : "comprovante recusado pela criadora",
        changes: {
          receiptManualApproved: approve,
          ...(approve ? {} : { failureReason: "comprovante recusado" }),
        },
      })
      if (!result?.changed)
        throw new ConflictError(receiptAlreadyReviewedMessage, "receipt_already_reviewed")
      const buyer = (await repo.buyer(subscription.accountId))!
      return toReceipt(creator, result.payment, result.subscription, {
        email: buyer.email,
        fullName: buyer.fullName,
      })
    },
  }
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>
