import { isRecurrenceStatus } from "../../../src/domain/pix-automatic.ts"
import type { Payment, Subscription } from "../../../src/domain/models.ts"
import { imageSetOf } from "../adapters/images/image-ref.ts"
import type { ViewerLinks } from "../adapters/storage/media-links.ts"
import type { Storage } from "../adapters/storage/storage.ts"
import { imageUrl, publicLinks } from "./profile-view.ts"
import type { PaymentRow, PlanRow, SubscriptionRow } from "../db/rows.ts"

/** A receipt is personal data: its link is signed for the reader and dies within minutes. */
export function toPayment(row: PaymentRow, links: ViewerLinks): Payment {
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
    receiptUrl: row.receiptKey ? links.link(row.receiptKey) : row.receiptUrl,
    receiptUrlExpiresAt: row.receiptKey ? links.expiresAt : null,
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
  links: ViewerLinks,
): Subscription {
  const { profile, plan, payment } = parts
  const avatar = imageSetOf(profile.profilePicKey, publicLinks(storage))
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
    payment: payment ? toPayment(payment, links) : null,
    status: row.status,
    currentPeriodStart: iso(row.currentPeriodStart),
    currentPeriodEnd: iso(row.currentPeriodEnd),
    canceledDate: iso(row.canceledDate),
    refundedDate: iso(row.refundedDate),
    failedDate: iso(row.failedDate),
    recurrenceStatus: isRecurrenceStatus(row.recurrenceStatus) ? row.recurrenceStatus : null,
  }
}
