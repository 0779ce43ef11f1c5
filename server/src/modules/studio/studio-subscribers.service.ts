import { SUBSCRIBERS_PAGE_SIZE, type Page } from "../../../../src/domain/cursor.ts"
import type { PaymentMethod } from "../../../../src/domain/models.ts"
import type { PageQuery } from "../../../../src/domain/paging.ts"
import { SUBSCRIPTION_NOT_FOUND } from "../../../../src/domain/messages.ts"
import { hasAccess } from "../../../../src/domain/statuses.ts"
import {
  notWhitelistedMessage,
  type StudioSubscriber,
  type SubscriberFilter,
} from "../../../../src/domain/studio.ts"
import type { ModuleDeps } from "../../deps.ts"
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.ts"
import { isUuid } from "../../../../src/domain/ids.ts"
import { notOwnerMessage, requireOwnProfile } from "./studio-access.ts"
import {
  createStudioSubscribersRepository,
  type SubscriberRow,
  type SubscriptionRow,
} from "./studio-subscribers.repository.ts"

export const subscriptionNotFoundMessage = SUBSCRIPTION_NOT_FOUND

const iso = (value: Date | null) => value?.toISOString() ?? null

export function createStudioSubscribersService(deps: ModuleDeps) {
  const repo = createStudioSubscribersRepository(deps.db)

  const toSubscriber = (row: SubscriberRow): StudioSubscriber => {
    const s = row.subscription
    return {
      subscriptionId: s.id,
      email: row.email,
      fullName: row.fullName,
      status: s.status,
      active: hasAccess(s, deps.clock.now()),
      plan: s.planName,
      createdAt: s.createdAt.toISOString(),
      currentPeriodStart: iso(s.currentPeriodStart),
      currentPeriodEnd: iso(s.currentPeriodEnd),
      canceledDate: iso(s.canceledDate),
      paymentMethod: s.paymentMethod,
      paymentStatus: row.paymentStatus,
    }
  }

  const one = async (subscriptionId: string) => {
    return toSubscriber((await repo.subscriber(subscriptionId))!)
  }

  const change = (
    current: SubscriptionRow | null,
    values: Partial<SubscriptionRow> & { accountId: string; profileId: string },
    audit: { actor: string; reason: string },
  ) => repo.write(current, values, audit, () => deps.clock.now())

  return {
    /** A page, newest first; `q` searches e-mail and name. */
    async list(
      accountId: string,
      filter: { q?: string; status?: SubscriberFilter; method?: PaymentMethod } & PageQuery,
    ): Promise<Page<StudioSubscriber>> {
      const profile = await requireOwnProfile(deps.db, accountId)
      const limit = filter.limit ?? SUBSCRIBERS_PAGE_SIZE
      const page = await repo.list(profile.id, filter, deps.clock.now(), filter.cursor, limit)
      return { items: page.items.map(toSubscriber), nextCursor: page.nextCursor }
    },

    /** Access ends now; the row and its history stay, and the person may subscribe later. */
    async removeFromWhitelist(accountId: string, subscriptionId: string) {
      const profile = await requireOwnProfile(deps.db, accountId)
      const current = isUuid(subscriptionId) ? await repo.subscription(subscriptionId) : null
      if (!current) throw new NotFoundError(subscriptionNotFoundMessage, "subscription_not_found")
      if (current.profileId !== profile.id) throw new ForbiddenError(notOwnerMessage, "not_owner")
      if (current.status !== "whitelist")
        throw new ConflictError(notWhitelistedMessage, "not_whitelisted")
      const now = deps.clock.now()
      await change(
        current,
        {
          accountId: current.accountId,
          profileId: current.profileId,
          status: "canceled",
          canceledDate: now,
          currentPeriodEnd: now,
        },
        { actor: `account:${accountId}`, reason: "removida da lista VIP pela criadora" },
      )
      return one(current.id)
    },
  }
}
