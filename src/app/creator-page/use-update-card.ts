import { mutate } from "swr"
import { keys } from "../../api/keys.ts"
import { useSubscription } from "../../api/subscriptions.ts"
import { useSubscriptionCard } from "../../api/subscription-card.ts"
import { errorMessage } from "../../domain/errors.ts"
import type { Profile } from "../../domain/models.ts"
import { isCardPaymentDue } from "../../domain/statuses.ts"
import type { NewCard, UpdateCardView } from "../../screens/settings/update-card-screen.tsx"
import { useSession } from "../session.ts"

/**
 * "Atualizar cartão": pays a refused or overdue card payment with the new card, or else changes
 * the card of the next renewals. Only iugu keeps cards; elsewhere there is nothing to update.
 */
export function useUpdateCard(
  username: string,
  profile: Pick<Profile, "paymentGateway" | "fullName">,
) {
  const { viewer } = useSession()
  const subscription = useSubscription(username, viewer)
  const change = useSubscriptionCard(username, viewer)
  const { data, error } = subscription
  const due = isCardPaymentDue(data)

  const view: UpdateCardView = error
    ? { status: "error", message: errorMessage(error) }
    : data === undefined
      ? { status: "loading" }
      : {
          status: "ready",
          creatorName: profile.fullName,
          due: due && data?.payment ? { amountCents: data.payment.amountCents } : null,
        }

  return {
    view,
    nothingToUpdate: data === null || profile.paymentGateway !== "iugu",
    retry: () => void subscription.mutate(),
    async submit(card: NewCard) {
      await change.trigger({
        subscriptionId: data!.id,
        pay: due,
        card: {
          creditCardToken: card.token,
          accountName: card.accountName,
          accountDocument: card.accountDocument,
          cardHolderName: card.cardHolderName,
        },
      })
      // The card just saved is listed on the payment page from now on.
      await mutate(keys.savedCards(viewer))
    },
  }
}
