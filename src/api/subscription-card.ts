import useSWRMutation from "swr/mutation"
import { PaymentResultSchema, SubscriptionSchema, type Subscription } from "../domain/models.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"

/** A card tokenised in the browser and its account holder (spec §7 "update subscription card"). */
export type NewSubscriptionCard = {
  creditCardToken: string
  accountName: string
  accountDocument: string
  cardHolderName: string
}

const path = (action: "update" | "credit", subscriptionId: string) =>
  `/payment/subscription/${action}/${encodeURIComponent(subscriptionId)}`

/** The card of the next renewals. */
export const updateSubscriptionCard = (subscriptionId: string, card: NewSubscriptionCard) =>
  apiRequest(path("update", subscriptionId), SubscriptionSchema, {
    method: "POST",
    body: {
      creditCardToken: card.creditCardToken,
      accountName: card.accountName,
      accountDocument: card.accountDocument,
    },
  })

/** Pays the subscription's due payment with the card, which becomes the renewal card. */
export const payWithNewCard = (
  subscriptionId: string,
  card: NewSubscriptionCard,
  idempotencyKey: string,
) =>
  apiRequest(path("credit", subscriptionId), PaymentResultSchema, {
    method: "POST",
    body: card,
    idempotencyKey,
  })

export type SubscriptionCardChange = {
  subscriptionId: string
  card: NewSubscriptionCard
  /** A payment is due: pay it with the card, not only keep the card for the next renewal. */
  pay: boolean
}

/**
 * "Atualizar cartão": the answer replaces the cached subscription, so the status page and
 * "Minha conta" show the new state at once.
 */
export function useSubscriptionCard(username: string, viewer: string | null) {
  return useSWRMutation(
    keys.subscription(username, viewer),
    async (_key, { arg }: { arg: SubscriptionCardChange }): Promise<Subscription> =>
      arg.pay
        ? (await payWithNewCard(arg.subscriptionId, arg.card, crypto.randomUUID())).subscription
        : updateSubscriptionCard(arg.subscriptionId, arg.card),
    { populateCache: true, revalidate: false },
  )
}
