import type { ReactNode } from "react"
import { ErrorState } from "../../components/error-state.tsx"
import { Header } from "../../components/header.tsx"
import { AppLink } from "../../components/ui/app-link.tsx"
import { Card, CardTitle } from "../../components/ui/card.tsx"
import { cn } from "../../components/ui/cn.ts"
import { ChatIcon, ChevronLeftIcon, CloseIcon } from "../../components/ui/icons.tsx"
import { CreditCardIcon, LogOutIcon } from "../../components/ui/more-icons.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import type { Instant } from "../../domain/dates.ts"
import type { Subscription } from "../../domain/models.ts"
import { canCancel, canUpdateCard, settingsStatusTarget } from "../../domain/statuses.ts"
import { AccountDataSection, type AccountDataSectionProps } from "./account-data-section.tsx"
import { LogoutEverywhereItem } from "./logout-everywhere-item.tsx"
import { SubscriptionPixAutomaticCard } from "./pix-automatic-card.tsx"
import { SettingsSubscriptionCard, type SettingsCreator } from "./settings-subscription-card.tsx"

export type SettingsView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | {
      status: "ready"
      /** Null for a visitor without an account. */
      account: { email: string | null; fullName: string | null } | null
      creator: SettingsCreator
      subscription: Subscription | null
    }

export type SettingsScreenProps = {
  view: SettingsView
  now: Instant
  /** History back, else the root (decided by the container). */
  onBack: () => void
  onRetry: () => void
  onLogout: () => void
  /** "Sair de todos os dispositivos", shown to a signed-in person; rejects with the API's error. */
  onLogoutEverywhere?: () => Promise<void>
  /** "Seus dados" (export, close the account), shown to a signed-in person. */
  accountData?: AccountDataSectionProps
  /** "Avisos de novidades", shown to a signed-in person. */
  notifications?: ReactNode
  hrefs: {
    auth: string
    profile: string
    payment: string
    paymentStatus: string
    cancel: string
    /** "Atualizar cartão", where the gateway keeps cards; offered for a card subscription. */
    updateCard?: string
    /** External support form. */
    support: string
  }
}

const menuItem =
  "flex min-h-12 w-full items-center gap-3 px-4 text-left font-semibold hover:bg-canvas"

function MenuChevron() {
  return <ChevronLeftIcon className="ml-auto rotate-180 text-muted" />
}

function Menu({ children }: { children: ReactNode }) {
  return (
    <nav aria-label="Opções da conta">
      <ul className="divide-y divide-line overflow-hidden rounded-card border border-line bg-surface">
        {children}
      </ul>
    </nav>
  )
}

export function SettingsScreen({
  view,
  now,
  onBack,
  onRetry,
  onLogout,
  onLogoutEverywhere,
  accountData,
  notifications,
  hrefs,
}: SettingsScreenProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <Header title="Minha conta" onBack={onBack} />
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col gap-4 p-4">
        {view.status === "loading" ? (
          <div aria-busy="true" className="flex flex-col gap-4">
            <span className="sr-only">Carregando</span>
            <Skeleton className="h-20" />
            <Skeleton className="h-64" />
            <Skeleton className="h-36" />
          </div>
        ) : view.status === "error" ? (
          <ErrorState message={view.message} onRetry={onRetry} />
        ) : (
          <>
            <AccountCard account={view.account} authHref={hrefs.auth} />
            <SettingsSubscriptionCard
              creator={view.subscription?.performer ?? view.creator}
              subscription={view.subscription}
              now={now}
              profileHref={hrefs.profile}
              statusHref={statusHref(view.subscription, hrefs)}
            />
            <SubscriptionPixAutomaticCard
              subscription={view.subscription}
              payHref={hrefs.payment}
            />
            {view.account ? notifications : null}
            <Menu>
              {hrefs.updateCard && canUpdateCard(view.subscription, now) ? (
                <li>
                  <AppLink href={hrefs.updateCard} className={menuItem}>
                    <CreditCardIcon />
                    Atualizar cartão
                    <MenuChevron />
                  </AppLink>
                </li>
              ) : null}
              {canCancel(view.subscription, now) ? (
                <li>
                  <AppLink href={hrefs.cancel} className={cn(menuItem, "text-danger-ink")}>
                    <CloseIcon />
                    Cancelar assinatura
                    <MenuChevron />
                  </AppLink>
                </li>
              ) : null}
              <li>
                <a
                  href={hrefs.support}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={menuItem}
                >
                  <ChatIcon />
                  Falar com o suporte
                  <MenuChevron />
                </a>
              </li>
              {view.account ? (
                <li>
                  <button type="button" onClick={onLogout} className={menuItem}>
                    <LogOutIcon />
                    Sair da conta
                  </button>
                </li>
              ) : null}
              {view.account && onLogoutEverywhere ? (
                <LogoutEverywhereItem
                  onLogoutEverywhere={onLogoutEverywhere}
                  className={menuItem}
                />
              ) : null}
            </Menu>
            {view.account && accountData ? <AccountDataSection {...accountData} /> : null}
          </>
        )}
      </main>
    </div>
  )
}

function statusHref(subscription: Subscription | null, hrefs: SettingsScreenProps["hrefs"]) {
  const target = settingsStatusTarget(subscription)
  if (target === "payment-status") return hrefs.paymentStatus
  if (target === "payment") return hrefs.payment
  return null
}

function AccountCard({
  account,
  authHref,
}: {
  account: { email: string | null; fullName: string | null } | null
  authHref: string
}) {
  if (account?.email) {
    return (
      <Card aria-labelledby="account-title" role="region">
        <CardTitle id="account-title">Conta</CardTitle>
        {account.fullName ? <p className="mt-1">{account.fullName}</p> : null}
        <p className="mt-1 break-all text-muted">{account.email}</p>
      </Card>
    )
  }
  return (
    <Card aria-labelledby="account-title" role="region" padding="none">
      <AppLink
        href={authHref}
        className="flex min-h-11 items-center gap-2 rounded-card p-4 hover:bg-canvas"
      >
        <span className="flex-1">
          <span id="account-title" className="block font-semibold">
            Conta
          </span>
          <span className="block text-muted">Efetue o cadasto ou o login da sua conta</span>
        </span>
        <MenuChevron />
      </AppLink>
    </Card>
  )
}
