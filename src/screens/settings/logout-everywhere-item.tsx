import { useState } from "react"
import {
  LazyConfirmDialog,
  preloadConfirmDialog,
} from "../../components/ui/lazy-confirm-dialog.tsx"
import { LogOutIcon } from "../../components/ui/more-icons.tsx"
import { errorMessage } from "../../domain/errors.ts"

export type LogoutEverywhereItemProps = {
  /**
   * Ends every session of the account, this one included; rejects with the API's error. On
   * success the container forgets the session and leaves the page.
   */
  onLogoutEverywhere: () => Promise<void>
  /** The menu's row style, shared with its other items. */
  className?: string
}

type State = { status: "idle" | "confirming" | "sending" } | { status: "failed"; message: string }

/** "Sair de todos os dispositivos" in Minha conta's menu, with its confirmation. */
export function LogoutEverywhereItem({ onLogoutEverywhere, className }: LogoutEverywhereItemProps) {
  const [state, setState] = useState<State>({ status: "idle" })
  const sending = state.status === "sending"

  const confirm = async () => {
    setState({ status: "sending" })
    try {
      await onLogoutEverywhere()
      setState({ status: "idle" })
    } catch (error) {
      setState({ status: "failed", message: errorMessage(error) })
    }
  }

  return (
    <li>
      <button
        type="button"
        onPointerEnter={preloadConfirmDialog}
        onFocus={preloadConfirmDialog}
        onClick={() => setState({ status: "confirming" })}
        className={className}
      >
        <LogOutIcon />
        Sair de todos os dispositivos
      </button>
      {state.status === "failed" ? (
        <p role="alert" className="px-4 pb-3 text-sm text-danger-ink">
          {state.message}
        </p>
      ) : null}
      <LazyConfirmDialog
        open={state.status === "confirming" || sending}
        onOpenChange={(open) => setState({ status: open ? "confirming" : "idle" })}
        title="Sair de todos os dispositivos?"
        description="Você sai desta conta em todos os celulares, computadores e navegadores, inclusive neste. Para voltar, entre de novo com o seu e-mail e a sua senha."
        confirmLabel="Sair de todos"
        confirmVariant="danger"
        loading={sending}
        onConfirm={() => void confirm()}
      />
    </li>
  )
}
