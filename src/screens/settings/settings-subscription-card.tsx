import { Avatar } from "../../components/avatar.tsx"
import { StatusPill, type StatusPillProps } from "../../components/status-pill.tsx"
import { AppLink } from "../../components/ui/app-link.tsx"
import { Card, CardTitle } from "../../components/ui/card.tsx"
import { ChevronLeftIcon } from "../../components/ui/icons.tsx"
import { formatDate, type Instant } from "../../domain/dates.ts"
import type { Subscription } from "../../domain/models.ts"
import { hasAccess, statusLabel, subscriptionLabel } from "../../domain/statuses.ts"

/** The creator the settings are about: her name and avatar. */
export type SettingsCreator = Subscription["performer"]

export type SettingsSubscriptionCardProps = {
  creator: SettingsCreator
  subscription: Subscription | null
  now: Instant
  profileHref: string
  /** Where the status row leads; null when it leads nowhere (paid, trialing, whitelist). */
  statusHref: string | null
}

const tones: Record<ReturnType<typeof subscriptionLabel>, StatusPillProps["tone"]> = {
  ativa: "success",
  cancelada: "warning",
  inativa: "neutral",
}

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  )
}

/** Whose Close Friends, its state, the dates that matter, and where to act on it. */
export function SettingsSubscriptionCard({
  creator,
  subscription,
  now,
  profileHref,
  statusHref,
}: SettingsSubscriptionCardProps) {
  const label = subscriptionLabel(subscription, now)
  const status = (
    <>
      <span className="text-muted">Status</span>
      <span className="ml-auto font-semibold">{statusLabel(subscription?.status)}</span>
    </>
  )
  return (
    <Card aria-labelledby="subscription-title" role="region">
      <CardTitle id="subscription-title">Assinatura</CardTitle>
      <AppLink
        href={profileHref}
        className="-mx-2 mt-2 flex min-h-11 items-center gap-3 rounded-field px-2 py-1 hover:bg-canvas"
      >
        <Avatar
          src={creator.profilePic}
          image={creator.profilePicImage}
          name={creator.fullName}
          alt=""
          size="md"
        />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{creator.fullName}</span>
          <span className="block truncate text-sm text-muted">@{creator.username}</span>
        </span>
        <StatusPill tone={tones[label]}>{label}</StatusPill>
      </AppLink>
      <div className="mt-2 border-t border-line">
        {statusHref ? (
          <AppLink
            href={statusHref}
            className="-mx-2 flex min-h-11 items-center gap-2 rounded-field px-2 hover:bg-canvas"
          >
            {status}
            <ChevronLeftIcon className="rotate-180 text-muted" />
          </AppLink>
        ) : (
          <p className="flex min-h-11 items-center gap-2">{status}</p>
        )}
      </div>
      {subscription?.canceledDate && hasAccess(subscription, now) ? (
        <p className="mt-2 rounded-field bg-warning-soft p-3 text-sm text-warning-ink">
          Você continua com acesso até {formatDate(subscription.currentPeriodEnd)}.
        </p>
      ) : null}
      {subscription ? (
        <dl className="divide-y divide-line border-t border-line text-sm">
          <Row label="Cancelada em" value={formatDate(subscription.canceledDate)} />
          <Row label="Início" value={formatDate(subscription.currentPeriodStart)} />
          <Row label="Vencimento" value={formatDate(subscription.currentPeriodEnd)} />
          <Row label="Estornada em" value={formatDate(subscription.refundedDate)} />
          <Row label="Falha em" value={formatDate(subscription.failedDate)} />
          <Row
            label="Pagamento"
            value={subscription.payment ? statusLabel(subscription.payment.status) : null}
          />
        </dl>
      ) : null}
    </Card>
  )
}
