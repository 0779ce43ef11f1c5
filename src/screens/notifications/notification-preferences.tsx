import { Card, CardTitle } from "../../components/ui/card.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { ErrorState } from "../../components/error-state.tsx"
import type { NotificationCreator } from "../../domain/notifications.ts"
import { NotifyToggle } from "./notify-toggle.tsx"

/** Beside a creator whose notifications are on but whose e-mails the follower turned off. */
const emailOffNote = "e-mails desligados"

export type NotificationPreferencesView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; creators: NotificationCreator[] }

export type NotificationPreferencesProps = {
  view: NotificationPreferencesView
  onRetry: () => void
  /** Rejects with the API's error; may resolve with a note (push refused by the browser). */
  onChange: (username: string, next: boolean) => Promise<string | void>
}

/** "Avisos de novidades" in Minha conta: every creator she subscribes to, each with a switch. */
export function NotificationPreferences({ view, onRetry, onChange }: NotificationPreferencesProps) {
  return (
    <Card aria-labelledby="notifications-title" role="region">
      <CardTitle id="notifications-title">Avisos de novidades</CardTitle>
      <p className="mt-1 text-sm text-muted">
        Um aviso no navegador a cada novidade e no máximo um e-mail por dia, só das criadoras que
        você escolher. O aviso diz quem publicou, nunca o quê.
      </p>
      {view.status === "loading" ? (
        <div aria-busy="true" className="mt-3 flex flex-col gap-2">
          <span className="sr-only">Carregando</span>
          <Skeleton className="h-11" />
          <Skeleton className="h-11" />
        </div>
      ) : view.status === "error" ? (
        <ErrorState message={view.message} onRetry={onRetry} />
      ) : view.creators.length === 0 ? (
        <p className="mt-3">Você ainda não assina nenhuma criadora.</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-line">
          {view.creators.map((creator) => (
            <li key={creator.username} className="py-1">
              <NotifyToggle
                label={`@${creator.username}`}
                hint={
                  creator.enabled && !creator.email
                    ? `${creator.fullName} · ${emailOffNote}`
                    : creator.fullName
                }
                enabled={creator.enabled}
                onChange={(next) => onChange(creator.username, next)}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
