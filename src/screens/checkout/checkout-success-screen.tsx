import { Button } from "../../components/ui/button.tsx"
import { CheckCircleIcon } from "../../components/ui/icons.tsx"

export type CheckoutSuccessScreenProps = {
  /** The creator the buyer just subscribed to. */
  creatorName: string
  /** A temporary password came back with the payment: the buyer still has to choose one. */
  hasCode: boolean
  onContinue: () => void
}

export function CheckoutSuccessScreen({
  creatorName,
  hasCode,
  onContinue,
}: CheckoutSuccessScreenProps) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-6 px-4 pt-16 pb-6 sm:min-h-0 sm:py-24">
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-soft text-brand-strong">
          <CheckCircleIcon className="size-9" />
        </span>
        <h1 className="text-2xl font-semibold">Pagamento realizado com sucesso!</h1>
        <p className="text-muted">
          Sua assinatura do Close Friends de {creatorName} está ativa.{" "}
          {hasCode
            ? "Agora escolha uma senha para entrar na sua conta sempre que quiser."
            : "Você já pode ver todo o conteúdo exclusivo."}
        </p>
      </div>
      <Button block className="mt-auto sm:mt-4" onClick={onContinue}>
        Continuar
      </Button>
    </main>
  )
}
