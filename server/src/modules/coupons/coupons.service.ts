import {
  couponCardMercadoPagoMessage,
  couponDuplicateMessage,
  couponEndedMessage,
  couponFirstPeriodMessage,
  couponFitsPlans,
  couponInvalidMessage,
  couponNotFoundMessage,
  couponPlanMessage,
  couponTooLargeMessage,
  firstChargeCents,
  methodTakesCoupon,
  methodTakesTrial,
  couponTrialMethodMessage,
  trialRefusal,
  type CouponCreateBody,
  type CouponStatus,
} from "../../../../src/domain/coupons.ts"
import { isUuid } from "../../../../src/domain/ids.ts"
import type { PaymentGateway, PaymentMethod } from "../../../../src/domain/models.ts"
import { fields } from "../../../../src/domain/validation.ts"
import type { Clock } from "../../clock.ts"
import type { Executor } from "../../db/client.ts"
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../errors.ts"
import type { CreatorDirectory } from "../payments/billing-ports.ts"
import { couponRefusal, refuseUnusable, toQuote, toStudioCoupon } from "./coupon-rules.ts"
import { createCouponsRepository } from "./coupons.repository.ts"

export const notOwnerMessage = "Este cupom não é seu."

/** A coupon a purchase will carry: its id and the first charge it makes. */
export interface AppliedCoupon {
  id: string
  amountCents: number
  /** A free trial's days: the first charge waits for its end. */
  trialDays: number | null
}

/** The creator's coupons in the studio, the checkout's quote, and the count of their uses. */
export function createCouponsService(deps: {
  db: Executor
  clock: Clock
  creators: Pick<CreatorDirectory, "sellerByUsername" | "requireOwn">
}) {
  const repo = createCouponsRepository(deps.db)
  const now = () => deps.clock.now()

  const ownProfile = (accountId: string) => deps.creators.requireOwn(accountId)

  async function ownCoupon(accountId: string, couponId: string) {
    const profile = await ownProfile(accountId)
    const coupon = isUuid(couponId) ? await repo.byId(couponId) : null
    if (!coupon) throw new NotFoundError(couponNotFoundMessage, "coupon_not_found")
    if (coupon.profileId !== profile.id) throw new ForbiddenError(notOwnerMessage, "not_owner")
    return coupon
  }

  /** The code as typed, or a refusal with the same message as an unknown code. */
  const codeOf = (typed: string) => {
    const parsed = fields.coupon.safeParse(typed)
    if (!parsed.success) throw new NotFoundError(couponInvalidMessage, "coupon_invalid")
    return parsed.data
  }

  async function usable(profileId: string, typed: string) {
    const coupon = await repo.byCode(profileId, codeOf(typed))
    return refuseUnusable(coupon, coupon ? await repo.held(coupon.id) : 0, now())
  }

  async function listed(profileId: string, couponId: string) {
    const rows = await repo.list(profileId)
    return toStudioCoupon(rows.find((row) => row.coupon.id === couponId)!)
  }

  return {
    async list(accountId: string) {
      const profile = await ownProfile(accountId)
      return (await repo.list(profile.id)).map(toStudioCoupon)
    },

    async create(accountId: string, body: CouponCreateBody) {
      const profile = await ownProfile(accountId)
      const refusal = body.kind === "trial" ? trialRefusal(profile.paymentGateway) : null
      if (refusal) throw new ValidationError(refusal, "coupon_trial_gateway", "kind")
      const planIds = [...new Set(body.planIds)]
      const found = await repo.plansOf(profile.id, planIds)
      if (found.length !== planIds.length)
        throw new ValidationError(couponPlanMessage, "plan_not_found", "planIds")
      if (!couponFitsPlans(body, found))
        throw new ValidationError(couponTooLargeMessage, "coupon_too_large", "amountOffCents")
      const at = now()
      const row = await repo.insert({
        profileId: profile.id,
        code: body.code,
        kind: body.kind,
        percentOff: body.kind === "percent" ? body.percentOff! : null,
        amountOffCents: body.kind === "fixed" ? body.amountOffCents! : null,
        trialDays: body.kind === "trial" ? body.trialDays! : null,
        planIds,
        maxUses: body.maxUses,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        createdAt: at,
        updatedAt: at,
      })
      if (!row) throw new ConflictError(couponDuplicateMessage, "coupon_duplicate", "code")
      return listed(profile.id, row.id)
    },

    /** Pause, resume or end a coupon; an ended one stays ended. */
    async setStatus(accountId: string, couponId: string, status: CouponStatus) {
      const coupon = await ownCoupon(accountId, couponId)
      if (coupon.status === "ended" && status !== "ended")
        throw new ConflictError(couponEndedMessage, "coupon_ended")
      if (coupon.status !== status) await repo.setStatus(coupon.id, status, now())
      return listed(coupon.profileId, coupon.id)
    },

    /** What the checkout shows for a code: 404 for an unknown one, 422 for one not usable now. */
    async quote(username: string, code: string) {
      const profile = await deps.creators.sellerByUsername(username)
      return toQuote(await usable(profile.id, code), now())
    },

    /** The coupon a purchase asks for, checked against its plan and method before anything is written. */
    async forPurchase(
      profile: { id: string; paymentGateway: PaymentGateway },
      plan: { id: string; valueCents: number },
      method: PaymentMethod,
      code: string,
      automaticPix = false,
    ): Promise<AppliedCoupon> {
      const coupon = await usable(profile.id, code)
      if (!coupon.planIds.includes(plan.id)) throw couponRefusal(couponPlanMessage, "coupon_plan")
      if (coupon.kind === "trial") {
        if (!methodTakesTrial(profile.paymentGateway, method, automaticPix))
          throw couponRefusal(couponTrialMethodMessage, "coupon_method")
      } else if (!methodTakesCoupon(profile.paymentGateway, method))
        throw couponRefusal(couponCardMercadoPagoMessage, "coupon_method")
      return {
        id: coupon.id,
        amountCents: firstChargeCents(plan, coupon),
        trialDays: coupon.trialDays,
      }
    },

    /**
     * Counts one use, inside the purchase's transaction: the coupon's row is locked, so of two
     * purchases for its last use the second sees the first's payment and is refused.
     */
    async claim(tx: Executor, couponId: string, firstPeriod: boolean) {
      if (!firstPeriod) throw couponRefusal(couponFirstPeriodMessage, "coupon_first_period")
      const locked = createCouponsRepository(tx)
      const coupon = await locked.lock(couponId)
      refuseUnusable(coupon, coupon ? await locked.held(couponId) : 0, now())
    },
  }
}

export type CouponsService = ReturnType<typeof createCouponsService>
