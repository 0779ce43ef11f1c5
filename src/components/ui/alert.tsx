import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from "react"
import { cva } from "class-variance-authority"
import { cn } from "./cn.ts"
import { AlertCircleIcon, CheckCircleIcon, CloseIcon, InfoIcon } from "./icons.tsx"

export type AlertType = "danger" | "success" | "info"

export const alertVariants = cva(
  "pointer-events-auto flex w-full cursor-pointer items-start gap-3 rounded-card p-4 text-left shadow-sheet animate-alert-in",
  {
    variants: {
      type: {
        danger: "bg-danger text-on-danger",
        success: "bg-brand text-on-brand",
        info: "bg-ink text-surface",
      },
    },
    defaultVariants: { type: "danger" },
  },
)

const icons = { danger: AlertCircleIcon, success: CheckCircleIcon, info: InfoIcon }

export type AlertProps = {
  type?: AlertType
  title?: string
  message: string
  /** Called when the alert is clicked anywhere or its close button is pressed. */
  onClose?: () => void
  className?: string
}

export function Alert({ type = "danger", title, message, onClose, className }: AlertProps) {
  const Icon = icons[type]
  return (
    <div
      data-slot="alert"
      role="alert"
      data-type={type}
      className={cn(alertVariants({ type }), className)}
      onClick={onClose}
    >
      <Icon className="mt-0.5" />
      <div className="min-w-0 flex-1 self-center">
        {title ? <p className="font-semibold">{title}</p> : null}
        <p className={cn("break-words", title && "text-sm")}>{message}</p>
      </div>
      {onClose ? (
        <button
          type="button"
          aria-label="Fechar"
          className="-my-2.5 -mr-2.5 inline-flex size-11 shrink-0 items-center justify-center rounded-field hover:bg-black/10 focus-visible:outline-current"
          onClick={(event) => {
            // The alert itself also closes on click; close once.
            event.stopPropagation()
            onClose()
          }}
        >
          <CloseIcon />
        </button>
      ) : null}
    </div>
  )
}

export type ShowAlertOptions = { type?: AlertType; title?: string; message: string }

type AlertContextValue = {
  /** Shows an alert at the top of the viewport and returns its id. */
  showAlert: (options: ShowAlertOptions) => string
  /** Closes one alert by id, or every alert when no id is given. */
  closeAlert: (id?: string) => void
}

const AlertContext = createContext<AlertContextValue | null>(null)

type ShownAlert = ShowAlertOptions & { id: string }

/** The app's one way to show alerts: wrap the app once, then call `useAlert()` anywhere. */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<ShownAlert[]>([])
  const lastId = useRef(0)

  const showAlert = useCallback((options: ShowAlertOptions) => {
    lastId.current += 1
    const id = `alert-${lastId.current}`
    const type = options.type ?? "danger"
    setAlerts((shown) => [
      // The same alert twice (a double submit) shows once, as the newest.
      ...shown.filter(
        (a) =>
          !(
            (a.type ?? "danger") === type &&
            a.title === options.title &&
            a.message === options.message
          ),
      ),
      { ...options, type, id },
    ])
    return id
  }, [])

  const closeAlert = useCallback((id?: string) => {
    setAlerts((shown) => (id === undefined ? [] : shown.filter((a) => a.id !== id)))
  }, [])

  const value = useMemo(() => ({ showAlert, closeAlert }), [showAlert, closeAlert])

  return (
    <AlertContext value={value}>
      {children}
      {/* aria-live keeps the viewport reachable while a modal dialog hides the rest of the page. */}
      <div
        data-slot="alert-viewport"
        aria-live="assertive"
        className="pointer-events-none fixed inset-x-0 top-0 z-[60] mx-auto flex w-full max-w-md flex-col gap-2 p-4"
      >
        {alerts.map((alert) => (
          <Alert
            key={alert.id}
            type={alert.type}
            title={alert.title}
            message={alert.message}
            onClose={() => closeAlert(alert.id)}
          />
        ))}
      </div>
    </AlertContext>
  )
}

export function useAlert(): AlertContextValue {
  const context = use(AlertContext)
  if (!context) throw new Error("useAlert must be used inside <AlertProvider>")
  return context
}
