import { normalizePlanName } from "../../../../src/domain/plans.ts"
import type { PaymentGateway, PaymentMethod } from "../../../../src/domain/models.ts"
import { messages } from "../../../../src/domain/validation.ts"
import { BadRequestError, ConflictError, NotFoundError } from "../../errors.ts"
import {
  gatewayMismatchMessage,
  methodUnavailableMessage,
  ownProfileMessage,
  planNotFoundMessage,
  salesPausedMessage,
} from "../../shared/billing-messages.ts"
import type { CouponsService } from "../coupons/coupons.service.ts"
import type { BuyerAccounts, CreatorDirectory, ProfileRow } from "../payments/billing-ports.ts"
import type { BillingRepository } from "../payments/billing.repository.ts"
import { methodsByGateway, type PlanRef, type Viewer } from "./purchase-rules.ts"

/** Who buys what from whom: the creator, her plan and method, and the buyer's account. */
export function createCheckoutService(deps: {
  repo: BillingRepository
  creators: CreatorDirectory
  buyers: BuyerAccounts
  coupons: Pick<CouponsService, "forPurchase">
}) {
  const { repo, creators, buyers } = deps

  const findProfile = (username: string) => creators.sellerByUsername(username)

  /** The creator, plan and method of a purchase, checked against what the creator sells. */
  async function purchase(
    username: string,
    planRef: PlanRef,
    method: PaymentMethod,
    gateways: readonly PaymentGateway[] | null,
    automaticPix = false,
  ) {
    const profile = await findProfile(username)
    if (profile.migrating) throw new ConflictError(salesPausedMessage, "sales_paused")
    if (gateways && !gateways.includes(profile.paymentGateway))
      throw new ConflictError(gatewayMismatchMessage, "gateway_mismatch")
    if (!methodsByGateway[profile.paymentGateway].includes(method))
      throw new ConflictError(methodUnavailableMessage, "method_unavailable")
    const plan = await planOf(profile.id, planRef)
    const coupon = planRef.coupon
      ? await deps.coupons.forPurchase(profile, plan, method, planRef.coupon, automaticPix)
      : undefined
    return { profile, plan, coupon }
  }

  async function planOf(profileId: string, planRef: PlanRef) {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
    if (!planRef.planId && !planRef.planName)
      throw new BadRequestError(messages.required, "validation_error", "planId")
    const name = planRef.planName ? normalizePlanName(planRef.planName) : undefined
    if ((planRef.planId && !uuid.test(planRef.planId)) || name === null)
      throw new NotFoundError(planNotFoundMessage, "plan_not_found")
    const plan = await repo.plan(profileId, { id: planRef.planId, name })
    if (!plan) throw new NotFoundError(planNotFoundMessage, "plan_not_found")
    return plan
  }

  /** The signed-in buyer, or a follower account created for the e-mail (with a password to choose later). */
  async function resolveBuyer(
    viewer: Viewer | null,
    input: { email?: string; token?: string },
    profile: ProfileRow,
    ip: string,
    newAccountId?: string,
  ) {
    if (viewer) {
      if (viewer.id === profile.accountId) throw new ConflictError(ownProfileMessage, "own_profile")
      const buyer = await repo.buyer(viewer.id)
      return { buyer: buyer!, created: false as const }
    }
    return buyers.create({ email: input.email!, token: input.token }, profile.id, ip, newAccountId)
  }

  return {
    findProfile,
    purchase,
    planOf,
    resolveBuyer,
    /** The account an earlier attempt of this same request created before its process died. */
    resumeBuyer: (
      earlier: { accountId: string; version: number },
      input: { email?: string; token?: string },
      profile: ProfileRow,
      ip: string,
    ) => buyers.resume(earlier, { email: input.email!, token: input.token }, profile.id, ip),
    /** Deletes a follower account this request created when its purchase failed. */
    undoBuyer: (accountId: string) => buyers.remove(accountId),
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
