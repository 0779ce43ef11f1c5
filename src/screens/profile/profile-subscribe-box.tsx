import { AppLink } from "../../components/ui/app-link.tsx"
import { Button, buttonVariants } from "../../components/ui/button.tsx"
import { isAwaitingPayment, statusLabel } from "../../domain/statuses.ts"
import type { Subscription } from "../../domain/models.ts"

export type ProfileSubscribeBoxProps = {
  subscription: Subscription | null
  subscriberHref: string
  onSubscribe: () => void
}

/** The bottom call to subscribe, kept in thumb reach on phones. */
export function ProfileSubscribeBox({
  subscription,
  subscriberHref,
  onSubscribe,
}: ProfileSubscribeBoxProps) {
  const waiting = subscription && isAwaitingPayment(subscription)
  return (
    <div className="sticky bottom-0 z-10 mt-auto border-t border-line bg-surface px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-sheet md:static md:mx-4 md:mt-6 md:rounded-card md:border md:shadow-none">
      {waiting ? (
        <p role="status" className="mb-2 text-center text-sm text-warning-ink">
          Status da assinatura: {statusLabel(subscription.payment?.status ?? subscription.status)}
        </p>
      ) : null}
      <Button block onClick={onSubscribe}>
        Assinar Close Friends
      </Button>
      <AppLink href={subscriberHref} className={buttonVariants({ variant: "link", block: true })}>
        Já sou assinante
      </AppLink>
    </div>
  )
}
