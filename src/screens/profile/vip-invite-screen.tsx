import type { ReactNode } from "react"
import { Header } from "../../components/header.tsx"
import { AppLink } from "../../components/ui/app-link.tsx"
import { Button, buttonVariants } from "../../components/ui/button.tsx"
import { AlertCircleIcon, CheckCircleIcon, LockIcon } from "../../components/ui/icons.tsx"
import { HeartIcon } from "../../components/ui/more-icons.tsx"

export type VipInviteView =
  | { status: "signed-out" }
  | { status: "ready"; email: string; accepting?: boolean }
  | { status: "accepted" }
  | { status: "invalid"; message: string }
  | { status: "wrong-account"; message: string; email: string }
  | { status: "error"; message: string }

export type VipInviteScreenProps = {
  /** The creator who sent the invitation. */
  username: string
  view: VipInviteView
  onAccept: () => void
  /** Signs out, so she can sign in with the invited e-mail. */
  onSwitchAccount: () => void
  /** The auth steps: the e-mail first, then the password or a new account. */
  loginHref: string
  profileHref: string
}

const secondary = buttonVariants({ variant: "secondary", block: true })

/** A follower opens the lista VIP invitation mailed to her, and accepts it signed in. */
export function VipInviteScreen({
  username,
  view,
  onAccept,
  onSwitchAccount,
  loginHref,
  profileHref,
}: VipInviteScreenProps) {
  const creator = `@${username}`
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <Header title={creator} backHref={profileHref} />
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col gap-6 p-4">
        {view.status === "signed-out" ? (
          <Panel
            icon={<HeartIcon className="size-7" />}
            title="Você foi convidada para a lista VIP"
          >
            <p className="text-muted">
              {creator} quer dar a você acesso ao Close Friends dela, sem pagar. Entre com a conta
              do e-mail que recebeu o convite, ou crie uma com ele, para aceitar.
            </p>
            <Actions>
              <AppLink href={loginHref} className={buttonVariants({ block: true })}>
                Entrar ou criar conta
              </AppLink>
            </Actions>
          </Panel>
        ) : view.status === "ready" ? (
          <Panel
            icon={<HeartIcon className="size-7" />}
            title="Você foi convidada para a lista VIP"
          >
            <p className="text-muted">
              {creator} quer dar a você acesso ao Close Friends dela, sem pagar. Você vai aceitar
              com a conta {view.email}.
            </p>
            <Actions>
              <Button block loading={view.accepting} onClick={onAccept}>
                Aceitar convite
              </Button>
            </Actions>
          </Panel>
        ) : view.status === "accepted" ? (
          <Panel icon={<CheckCircleIcon className="size-7" />} title="Você está na lista VIP">
            <p className="text-muted">Agora você vê o Close Friends de {creator} sem pagar.</p>
            <Actions>
              <AppLink href={profileHref} className={buttonVariants({ block: true })}>
                Ver o conteúdo
              </AppLink>
            </Actions>
          </Panel>
        ) : view.status === "wrong-account" ? (
          <Panel icon={<LockIcon className="size-7" />} title="Este convite é de outra conta">
            <p className="text-muted">{view.message}</p>
            <p className="text-muted">Você entrou como {view.email}.</p>
            <Actions>
              <Button block onClick={onSwitchAccount}>
                Entrar com outra conta
              </Button>
            </Actions>
          </Panel>
        ) : view.status === "invalid" ? (
          <Panel icon={<AlertCircleIcon className="size-7" />} title="Convite inválido">
            <p className="text-muted">{view.message}</p>
            <Actions>
              <AppLink href={profileHref} className={secondary}>
                Ir para o perfil
              </AppLink>
            </Actions>
          </Panel>
        ) : (
          <Panel icon={<AlertCircleIcon className="size-7" />} title="Não foi possível aceitar">
            <p role="alert" className="text-muted">
              {view.message}
            </p>
            <Actions>
              <Button block onClick={onAccept}>
                Tentar novamente
              </Button>
            </Actions>
          </Panel>
        )}
      </main>
    </div>
  )
}

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="vip-invite-title"
      className="mt-4 flex flex-col items-center gap-3 rounded-card border border-line bg-surface p-6 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
        {icon}
      </span>
      <h2 id="vip-invite-title" className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

const Actions = ({ children }: { children: ReactNode }) => (
  <div className="mt-2 flex w-full flex-col gap-2">{children}</div>
)
