import { useRef, useState } from "react"
import { OnDemandForm } from "../../components/on-demand-form.tsx"
import { PlanPicker } from "../../components/plan-picker.tsx"
import { PriceSummary } from "../../components/price-summary.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { AppLink } from "../../components/ui/app-link.tsx"
import { Button } from "../../components/ui/button.tsx"
import type { FormHandle } from "../../components/ui/form-handle.ts"
import { LockIcon } from "../../components/ui/icons.tsx"
import { useOnDemand } from "../../components/ui/use-on-demand.ts"
import { cardTokenErrorMessage } from "../../domain/card-errors.ts"
import { PRODUCT_NAME } from "../../domain/constants.ts"
import {
  CARD_PAYMENT_ERROR,
  errorCode,
  errorMessage,
  PIX_PAYMENT_ERROR,
} from "../../domain/errors.ts"
import type { Account, Plan, Profile } from "../../domain/models.ts"
import { totalCents } from "../../domain/plans.ts"
import type { CardFormOutput } from "../../domain/validation.ts"
import type { CardToken, TokenizeCard } from "./card-form-fields.tsx"
import {
  CheckoutIdentification,
  type CheckoutIdentificationProps,
  type Identity,
} from "./checkout-identification.tsx"
import { CheckoutProfileHeader } from "./checkout-profile-header.tsx"
import { CouponField, type CouponView } from "./coupon-field.tsx"
import { couponForPlan } from "./coupon-for-plan.ts"
import {
  checkoutMethods,
  PaymentMethodPicker,
  type CheckoutMethod,
} from "./payment-method-picker.tsx"
import { PixKindPicker, type PixKind } from "./pix-kind-picker.tsx"
import type { PixPayer } from "./pix-payer-fields.tsx"

// The card and payer forms bring react-hook-form, the schemas and the input masks: they load
// once the buyer starts filling the checkout, so its first load stays light.
const loadCardForm = () => import("./card-form-fields.tsx")
const loadPixPayerForm = () => import("./pix-payer-fields.tsx")

export type CheckoutSubmission = Identity & {
  plan: Plan
  method: CheckoutMethod
  card?: CardToken & Pick<CardFormOutput, "accountName" | "accountDocument" | "cardHolderName">
  /** Pix Automático chosen: the account holder who authorises the recurring debit. */
  automaticPix?: PixPayer
  /** The applied coupon's code, when it covers the plan. */
  coupon?: string
}

export type CheckoutScreenProps = {
  profile: Pick<
    Profile,
    | "fullName"
    | "username"
    | "bio"
    | "profilePic"
    | "profilePicImage"
    | "verified"
    | "plans"
    | "subscription"
  >
  /** The signed-in buyer, who skips identification. */
  account?: Pick<Account, "email"> | null
  initialPlanId?: string | null
  /** "Já sou assinante". */
  signInHref: string
  /** Tokenises the card in the browser with the card provider; rejects with its error keys. */
  tokenizeCard: TokenizeCard
  onSubscribe: (submission: CheckoutSubmission) => Promise<void>
  /** The buyer's first touch or focus: time to load what paying will need. */
  onStartFilling?: () => void
  /** The coupon brought by a link or typed ("Tenho um cupom"); the field shows with `onApplyCoupon`. */
  coupon?: CouponView
  onApplyCoupon?: (code: string) => void
  onRemoveCoupon?: () => void
} & Pick<CheckoutIdentificationProps, "onLogin" | "forgotPasswordHref">

const failureFallback: Record<CheckoutMethod, string> = {
  pix: PIX_PAYMENT_ERROR,
  credit_card: CARD_PAYMENT_ERROR,
}

export function CheckoutScreen({
  profile,
  account,
  initialPlanId = null,
  signInHref,
  tokenizeCard,
  onSubscribe,
  onStartFilling,
  coupon = { status: "none" },
  onApplyCoupon,
  onRemoveCoupon = () => undefined,
  ...identification
}: CheckoutScreenProps) {
  const { showAlert } = useAlert()
  const methods = checkoutMethods(profile.subscription.paymentMethods)
  const [planId, setPlanId] = useState(initialPlanId)
  const [identity, setIdentity] = useState<Identity | null>(
    account ? { typeAuth: "existing_user", email: account.email } : null,
  )
  // The e-mail a purchase was refused for because it has an account: its owner signs in.
  const [takenEmail, setTakenEmail] = useState<string | null>(null)
  const [method, setMethod] = useState<CheckoutMethod | null>(methods[0] ?? null)
  const [submitting, setSubmitting] = useState(false)
  // A recurring debit is opted into, never preselected.
  const [pixKind, setPixKind] = useState<PixKind>("single")
  const cardForm = useRef<FormHandle<CardFormOutput>>(null)
  const payerForm = useRef<FormHandle<PixPayer>>(null)
  const [cardValid, setCardValid] = useState(false)
  const [payerValid, setPayerValid] = useState(false)

  const plan = profile.plans.find((p) => p.id === planId) ?? null
  const payingByCard = method === "credit_card"
  const automaticPix = method === "pix" && pixKind === "automatic"
  const discount = couponForPlan(coupon, plan, method, automaticPix)
  const showCardForm = payingByCard && identity !== null
  const showPayerForm = automaticPix && identity !== null && plan !== null
  // Once shown, a form stays mounted (hidden) so switching methods keeps what was typed.
  const [filling, setFilling] = useState(false)
  const [cardShown, setCardShown] = useState(false)
  const [payerShown, setPayerShown] = useState(false)
  if (showCardForm && !cardShown) setCardShown(true)
  if (showPayerForm && !payerShown) setPayerShown(true)
  const startFilling = () => {
    if (filling) return
    setFilling(true)
    onStartFilling?.()
  }
  const cardPart = useOnDemand(
    loadCardForm,
    cardShown || (filling && methods.includes("credit_card")),
  )
  const payerPart = useOnDemand(
    loadPixPayerForm,
    payerShown || (filling && methods.includes("pix")),
  )
  const ready =
    plan !== null &&
    identity !== null &&
    method !== null &&
    (!payingByCard || (cardPart.module !== null && cardValid)) &&
    (!automaticPix || (payerPart.module !== null && payerValid))

  async function subscribe() {
    if (!plan || !identity || !method) return
    setSubmitting(true)
    try {
      let card: CheckoutSubmission["card"]
      if (payingByCard) {
        const values = (await cardForm.current?.submit()) ?? null
        if (!values) return
        let token: CardToken
        try {
          const { cardNumber, cardHolderName, cardExpDate, cardCVV } = values
          token = await tokenizeCard({ cardNumber, cardHolderName, cardExpDate, cardCVV })
        } catch (error) {
          showAlert({ type: "danger", message: cardTokenErrorMessage(error) })
          return
        }
        const { accountName, accountDocument, cardHolderName } = values
        card = { ...token, accountName, accountDocument, cardHolderName }
      }
      let payer: PixPayer | null = null
      if (automaticPix) {
        payer = (await payerForm.current?.submit()) ?? null
        if (!payer) return
      }
      await onSubscribe({
        ...identity,
        plan,
        method,
        ...(card ? { card } : {}),
        ...(payer ? { automaticPix: payer } : {}),
        ...(discount.applied ? { coupon: discount.applied.code } : {}),
      })
    } catch (error) {
      if (errorCode(error) === "email_taken" && identity.typeAuth === "new_user") {
        // Said only now, past the bot check: the identification asks this owner's password.
        setTakenEmail(identity.email)
        setIdentity(null)
        return
      }
      showAlert({ type: "danger", message: errorMessage(error, failureFallback[method]) })
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div
      className="flex min-h-dvh flex-col bg-canvas"
      // The first touch or focus starts loading the forms the buyer may need next.
      onFocus={startFilling}
      onPointerDown={startFilling}
    >
      <header className="flex h-16 items-center justify-between gap-4 border-b border-line bg-surface px-4">
        <span className="text-lg font-semibold">{PRODUCT_NAME}</span>
        <AppLink
          href={signInHref}
          className="inline-flex min-h-11 items-center px-1 font-semibold text-link underline-offset-4 hover:underline"
        >
          Já sou assinante
        </AppLink>
      </header>
      <main className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-6 px-4 pt-6 min-[800px]:grid-cols-2 min-[800px]:gap-10 min-[800px]:pt-10 min-[800px]:pb-10">
        <div className="flex min-w-0 flex-col gap-6">
          <CheckoutProfileHeader profile={profile} />
          <hr className="border-line" />
          <PlanPicker
            plans={profile.plans}
            value={planId}
            onChange={setPlanId}
            disabled={submitting}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-6 min-[800px]:rounded-card min-[800px]:border min-[800px]:border-line min-[800px]:bg-surface min-[800px]:p-6">
          <CheckoutIdentification
            {...identification}
            signedInEmail={account?.email}
            takenEmail={takenEmail}
            disabled={!plan || submitting}
            onIdentified={setIdentity}
          />
          <PaymentMethodPicker
            methods={methods}
            value={method}
            onChange={setMethod}
            disabled={!identity || submitting}
            hint={identity ? undefined : "Identifique-se para escolher a forma de pagamento."}
          />
          {cardShown ? (
            <div hidden={!showCardForm}>
              <OnDemandForm part={cardPart} label="os dados do cartão" fields={6}>
                {({ CardForm }) => (
                  <CardForm handle={cardForm} onValidChange={setCardValid} disabled={submitting} />
                )}
              </OnDemandForm>
            </div>
          ) : null}
          {method === "pix" && identity && plan ? (
            <PixKindPicker
              planName={plan.name}
              amountCents={totalCents(plan)}
              firstAmountCents={discount.applied?.firstChargeCents}
              value={pixKind}
              onChange={setPixKind}
              disabled={submitting}
            />
          ) : null}
          {payerShown ? (
            <div hidden={!showPayerForm}>
              <OnDemandForm part={payerPart} label="os dados do titular" fields={2}>
                {({ PixPayerForm }) => (
                  <PixPayerForm
                    handle={payerForm}
                    onValidChange={setPayerValid}
                    disabled={submitting}
                  />
                )}
              </OnDemandForm>
            </div>
          ) : null}
          {onApplyCoupon ? (
            <CouponField
              coupon={coupon}
              planMessage={discount.planMessage}
              onApply={onApplyCoupon}
              onRemove={onRemoveCoupon}
              disabled={submitting}
            />
          ) : null}
          {plan ? <PriceSummary plan={plan} coupon={discount.applied} /> : null}
          <div className="sticky bottom-0 -mx-4 mt-auto flex flex-col gap-2 border-t border-line bg-canvas px-4 pt-3 pb-4 min-[800px]:static min-[800px]:mx-0 min-[800px]:border-0 min-[800px]:bg-transparent min-[800px]:p-0">
            {plan ? (
              <Button block disabled={!ready} loading={submitting} onClick={subscribe}>
                Assinar
              </Button>
            ) : null}
            <p className="flex items-center justify-center gap-1.5 text-sm text-muted">
              <LockIcon className="size-4" /> Compra segura
            </p>
          </div>
        </div>
      </main>
    </div>
  )
}
