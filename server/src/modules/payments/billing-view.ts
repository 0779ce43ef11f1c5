import { isRecurrenceStatus } from "../../../../src/domain/pix-automatic.ts"
import type { Payment, Subscription } from "../../../../src/domain/models.ts"
import { imageSetOf } from "../../adapters/images/image-ref.ts"
import type { Storage } from "../../adapters/storage/storage.ts"
import { imageUrl, publicImageTtlSeconds } from "../profiles/profile-view.ts"
import type { PaymentRow, PlanRow, SubscriptionRow } from "./billing.repository.ts"

/** Receipts are private: their links live only as long as a page shows them. */
export const receiptTtlSeconds = 60 * 60

export function toPayment(row: PaymentRow, storage: Storage): Payment {
  return {
    _id: row.id,
    id: row.id,
    status: row.status,
    amountCents: row.amountCents,
    paymentMethod: row.method,
    paymentGateway: row.gateway,
    boletoUrl: row.boletoUrl,
    pixCode: row.pixCode,
    pixUrl: row.pixUrl,
    receiptUrl: row.receiptKey
      ? storage.url(row.receiptKey, { ttlSeconds: receiptTtlSeconds })
      : row.receiptUrl,
    receiptManualApproved: row.receiptManualApproved,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  }
}

const iso = (value: Date | null) => value?.toISOString() ?? null

export function toSubscription(
  row: SubscriptionRow,
  parts: {
    profile: { username: string; fullName: string; profilePicKey: string | null }
    plan: PlanRow | null
    payment: PaymentRow | null
  },
  storage: Storage,
): Subscription {
  const { profile, plan, payment } = parts
  const avatar = imageSetOf(profile.profilePicKey, storage, publicImageTtlSeconds)
  return {
    _id: row.id,
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    from: row.accountId,
    to: profile.username,
    performer: {
      username: profile.username,
      fullName: profile.fullName,
      profilePic: imageUrl(storage, profile.profilePicKey),
      ...(avatar ? { profilePicImage: avatar } : {}),
    },
    menageUrl: row.manageUrl,
    paymentMethod: row.paymentMethod,
    plan: plan ? { id: plan.id, name: plan.name, valueCents: plan.valueCents } : null,
    payment: payment ? toPayment(payment, storage) : null,
    status: row.status,
    currentPeriodStart: iso(row.currentPeriodStart),
    currentPeriodEnd: iso(row.currentPeriodEnd),
    canceledDate: iso(row.canceledDate),
    refundedDate: iso(row.refundedDate),
    failedDate: iso(row.failedDate),
    recurrenceStatus: isRecurrenceStatus(row.recurrenceStatus) ? row.recurrenceStatus : null,
  }
}
