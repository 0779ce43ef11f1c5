import type { ReactNode } from "react"
import { ErrorState } from "./error-state.tsx"
import { Skeleton } from "./ui/skeleton.tsx"
import type { OnDemand } from "./ui/use-on-demand.ts"

export type OnDemandFormProps<Module> = {
  part: OnDemand<Module>
  /** What is loading, for screen readers and the failure message: "os dados do cartão". */
  label: string
  /** How many fields the form has, so the placeholder takes about its height. */
  fields: number
  children: (module: Module) => ReactNode
}

/** A form loaded on demand (useOnDemand): its shape while it loads, a retry if it fails. */
export function OnDemandForm<Module>({ part, label, fields, children }: OnDemandFormProps<Module>) {
  if (part.module) return children(part.module)
  if (part.failed)
    return (
      <ErrorState
        className="py-4"
        message={`Não foi possível carregar ${label}. Verifique sua conexão.`}
        onRetry={part.retry}
      />
    )
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">{`Carregando ${label}`}</span>
      <Skeleton shape="text" className="h-6 w-40" />
      {Array.from({ length: fields }, (_, index) => (
        <div key={index} className="flex flex-col gap-1">
          <Skeleton shape="text" className="w-32" />
          <Skeleton className="h-11 rounded-field" />
        </div>
      ))}
    </div>
  )
}
