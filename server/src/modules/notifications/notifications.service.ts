import {
  notificationsNeedAccessMessage,
  notificationsOffMessage,
  notificationsOnMessage,
  unsubscribeDoneMessage,
  unsubscribeInvalidMessage,
} from "../../../../src/domain/notification-texts.ts"
import type {
  NotificationCreator,
  NotificationSetting,
  PushSubscriptionBody,
} from "../../../../src/domain/notifications.ts"
import type { PushSender } from "../../adapters/push/web-push-sender.ts"
import type { Clock } from "../../clock.ts"
import type { ProfileIds } from "../../deps.ts"
import { ForbiddenError, NotFoundError } from "../../errors.ts"
import type { NotificationsRepository } from "./notifications.repository.ts"
import type { UnsubscribeTokens } from "./unsubscribe-token.ts"

const creatorNotFound = () => new NotFoundError("Criadora não encontrada.", "profile_not_found")
const pushOff = () =>
  new NotFoundError("Os avisos no navegador não estão disponíveis.", "push_unavailable")

/** A follower's choices: which creators may tell her of news, and on which browsers. */
export function createNotificationsService(deps: {
  repo: NotificationsRepository
  clock: Clock
  profileIds: ProfileIds
  push: PushSender | null
  tokens: UnsubscribeTokens
}) {
  const { repo, clock } = deps
  const creatorId = async (username: string) =>
    (await deps.profileIds.byUsername(username)) ?? Promise.reject(creatorNotFound())

  return {
    pushKey() {
      if (!deps.push) throw pushOff()
      return { publicKey: deps.push.publicKey }
    },

    async setting(accountId: string, username: string): Promise<NotificationSetting> {
      const optIn = await repo.optInOf(accountId, await creatorId(username))
      return { enabled: optIn !== null, email: optIn?.email ?? false }
    },

    /** Turning on needs access now; turning off is always allowed (LGPD: her data, her say). */
    async change(accountId: string, username: string, enabled: boolean) {
      const profileId = await creatorId(username)
      const now = clock.now()
      if (enabled) {
        if (!(await repo.hasAccess(accountId, profileId, now)))
          throw new ForbiddenError(notificationsNeedAccessMessage, "notifications_need_access")
        await repo.optIn(accountId, profileId, now)
        return { enabled: true, email: true, message: notificationsOnMessage }
      }
      await repo.optOut(accountId, profileId)
      return { enabled: false, email: false, message: notificationsOffMessage }
    },

    creators(accountId: string): Promise<NotificationCreator[]> {
      return repo.creatorsOf(accountId, clock.now())
    },

    async savePushSubscription(accountId: string, body: PushSubscriptionBody) {
      if (!deps.push) throw pushOff()
      await repo.savePushSubscription(accountId, body, clock.now())
      return { saved: true }
    },

    async removePushSubscription(accountId: string, endpoint: string) {
      await repo.removePushSubscription(accountId, endpoint)
      return { removed: true }
    },

    /** The e-mail's one-click unsubscribe: the token alone says who and from which creator. */
    async unsubscribe(token: string) {
      const pair = deps.tokens.read(token)
      const username = pair && (await repo.usernameOf(pair.profileId))
      if (!pair || !username)
        throw new NotFoundError(unsubscribeInvalidMessage, "unsubscribe_invalid")
      // Already off, or the opt-in withdrawn since: the answer is the same, nothing is sent.
      await repo.stopDigest(pair.accountId, pair.profileId, clock.now())
      return { username, message: `${unsubscribeDoneMessage} @${username}.` }
    },
  }
}
export type NotificationsService = ReturnType<typeof createNotificationsService>
