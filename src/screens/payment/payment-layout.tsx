import type { ReactNode } from "react"
import { Header } from "../../components/header.tsx"
import { Stepper, type StepperProps } from "../../components/stepper.tsx"

export type PaymentLayoutProps = {
  title: string
  step: StepperProps["current"]
  /** Where "Voltar" goes, usually the creator's profile. */
  backHref: string
  children: ReactNode
}

/** Header, the three-step stepper and one centred column, shared by the payment screens. */
export function PaymentLayout({ title, step, backHref, children }: PaymentLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <Header title={title} backHref={backHref} />
      <main className="mx-auto flex w-full max-w-lg flex-1 flex-col gap-6 px-4 pt-6 pb-6 md:pt-10">
        <Stepper current={step} />
        {children}
      </main>
    </div>
  )
}
