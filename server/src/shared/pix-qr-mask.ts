import { create } from "qrcode"
import { QR_CODE_OPTIONS } from "../../../src/domain/constants.ts"
import type { Subscription } from "../../../src/domain/models.ts"

/** Codes whose mask is kept: a launch's open Pix payments, a few hundred bytes each. */
const KEPT_MAX = 10_000
const kept = new Map<string, number>()

/**
 * The mask a Pix code's QR is drawn with. Finding it (the most readable of eight) is most of
 * drawing a QR: told the mask, the buyer's phone draws the very same picture in a fifth of the
 * time. Kept per code, since the Pix page reads its subscription every 5 s until paid; worked
 * out on reads only, never in the checkout a launch's crowd waits on. Null for a code no QR
 * can hold: the page then says so, as before.
 */
export function pixQrMask(code: string): number | null {
  const known = kept.get(code)
  if (known !== undefined) return known
  let mask: number | undefined
  try {
    mask = create(code, { errorCorrectionLevel: QR_CODE_OPTIONS.errorCorrectionLevel }).maskPattern
  } catch {
    return null
  }
  if (mask === undefined) return null
  // Maps iterate in insertion order: the first key is the oldest.
  if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!)
  kept.set(code, mask)
  return mask
}

/** A subscription's view with its open Pix code's mask. */
export function withPixQrMask(subscription: Subscription): Subscription {
  const payment = subscription.payment
  if (!payment?.pixCode || payment.status !== "pending") return subscription
  return { ...subscription, payment: { ...payment, pixQrMask: pixQrMask(payment.pixCode) } }
}
