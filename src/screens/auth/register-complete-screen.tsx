import { AppLink } from "../../components/ui/app-link.tsx"
import { buttonVariants } from "../../components/ui/button.tsx"
import { CheckCircleIcon } from "../../components/ui/icons.tsx"

export type RegisterCompleteScreenProps = {
  /** The creator whose Close Friends the person is joining. */
  username: string
  /** The payment step. */
  paymentHref: string
}

/** Account created: say so and lead straight to payment. */
export function RegisterCompleteScreen({ username, paymentHref }: RegisterCompleteScreenProps) {
  return (
    <section
      aria-labelledby="register-complete-title"
      className="flex flex-1 flex-col items-center text-center"
    >
      <CheckCircleIcon className="size-12 text-brand" />
      <h2 id="register-complete-title" className="mt-3 text-xl font-semibold">
        Conta criada com sucesso!
      </h2>
      <p className="mt-2 text-muted">
        Agora escolha o seu plano e faça o pagamento para entrar no Close Friends de @{username}.
      </p>
      <div className="min-h-6 flex-1" />
      <AppLink href={paymentHref} className={buttonVariants({ block: true })}>
        Continuar para o pagamento
      </AppLink>
    </section>
  )
}
