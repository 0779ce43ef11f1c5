import { cn } from "./ui/cn.ts"
import { CheckIcon } from "./ui/more-icons.tsx"

export const checkoutSteps = ["Login", "Pagamento", "Confirmação"] as const

export type StepperProps = {
  /** 1 Login, 2 Pagamento, 3 Confirmação. */
  current: 1 | 2 | 3
  className?: string
}

export function Stepper({ current, className }: StepperProps) {
  return (
    <ol
      data-slot="stepper"
      aria-label="Etapas da assinatura"
      className={cn("flex items-start", className)}
    >
      {checkoutSteps.map((label, index) => {
        const number = index + 1
        const done = number < current
        const active = number === current
        return (
          <li
            key={label}
            aria-current={active ? "step" : undefined}
            className="relative flex flex-1 flex-col items-center gap-1 text-center"
          >
            {index > 0 ? (
              // The line from the previous step, green once that step is behind us.
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-4 right-1/2 h-0.5 w-[calc(100%-2.5rem)] -translate-x-5",
                  number <= current ? "bg-brand" : "bg-line",
                )}
              />
            ) : null}
            <span
              aria-hidden="true"
              className={cn(
                "flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold tabular-nums",
                done && "border-brand bg-brand text-on-brand",
                active && "border-brand bg-surface text-brand-ink",
                !done && !active && "border-line bg-surface text-muted",
              )}
            >
              {done ? <CheckIcon className="size-4" /> : number}
            </span>
            <span className={cn("text-xs", active ? "font-semibold text-ink" : "text-muted")}>
              {label}
              {done ? <span className="sr-only"> (concluída)</span> : null}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
