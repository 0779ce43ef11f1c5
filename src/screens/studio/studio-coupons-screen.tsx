import { ErrorState } from "../../components/error-state.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { COUPON_PARAM, couponDiscountLabel, trialCouponTitle } from "../../domain/coupon-prices.ts"
import { couponStatusLabels, type CouponStatus } from "../../domain/coupon-rules.ts"
import type { CouponCreateBody, StudioCoupon } from "../../domain/coupons.ts"
import { formatDate } from "../../domain/dates.ts"
import { errorMessage } from "../../domain/errors.ts"
import type { Plan } from "../../domain/models.ts"
import { formatBRL } from "../../domain/money.ts"
import { cn } from "../../components/ui/cn.ts"
import { CouponForm } from "./coupon-form.tsx"

export type StudioCouponsView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | {
      status: "ready"
      coupons: StudioCoupon[]
      plans: Pick<Plan, "id" | "name" | "valueCents">[]
      /** The creator's page, e.g. "https://closer.app/demo": the coupon links start here. */
      pageUrl: string
      /** Why her gateway cannot give a free trial; null when it can. */
      trialRefusal: string | null
    }

export type StudioCouponsScreenProps = {
  view: StudioCouponsView
  onRetry: () => void
  onCreate: (body: CouponCreateBody) => Promise<void>
  onSetStatus: (couponId: string, status: CouponStatus) => Promise<void>
}

/** The studio's "Cupons": a new coupon, then each one with its uses, revenue and actions. */
export function StudioCouponsScreen({
  view,
  onRetry,
  onCreate,
  onSetStatus,
}: StudioCouponsScreenProps) {
  if (view.status === "loading") {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only">Carregando</span>
        <Skeleton className="h-72" />
        <Skeleton className="h-28" />
      </div>
    )
  }
  if (view.status === "error") return <ErrorState message={view.message} onRetry={onRetry} />
  return (
    <div className="flex flex-col gap-6">
      <CouponForm plans={view.plans} onCreate={onCreate} trialRefusal={view.trialRefusal} />
      <section aria-label="Seus cupons" className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Seus cupons</h2>
        {view.coupons.length === 0 ? (
          <p className="text-muted">
            Você ainda não tem cupons. Crie o primeiro acima e divulgue o link nas suas redes.
          </p>
        ) : (
          view.coupons.map((coupon) => (
            <CouponCard
              key={coupon.couponId}
              coupon={coupon}
              link={`${view.pageUrl}?${COUPON_PARAM}=${coupon.code}`}
              onSetStatus={onSetStatus}
            />
          ))
        )}
      </section>
    </div>
  )
}

const statusPill: Record<CouponStatus, string> = {
  active: "bg-brand-soft text-ink",
  paused: "bg-warning-soft text-ink",
  ended: "bg-canvas text-muted",
}

function CouponCard({
  coupon,
  link,
  onSetStatus,
}: {
  coupon: StudioCoupon
  link: string
  onSetStatus: StudioCouponsScreenProps["onSetStatus"]
}) {
  const { showAlert } = useAlert()
  const change = (status: CouponStatus) => async () => {
    try {
      await onSetStatus(coupon.couponId, status)
    } catch (error) {
      showAlert({ message: errorMessage(error) })
    }
  }
  const limit = coupon.maxUses === null ? "sem limite" : `de ${coupon.maxUses}`
  return (
    <Card>
      <section aria-label={coupon.code} className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold">{coupon.code}</h3>
          <span className="rounded-full bg-brand px-2 py-0.5 text-sm font-semibold text-on-brand tabular-nums">
            {coupon.kind === "trial"
              ? trialCouponTitle(coupon.trialDays ?? 0)
              : couponDiscountLabel(coupon)}
          </span>
          <span className={cn("rounded-full px-2 py-0.5 text-sm", statusPill[coupon.status])}>
            {couponStatusLabels[coupon.status]}
          </span>
        </div>
        <dl className="grid grid-cols-2 gap-1 text-sm tabular-nums">
          <dt className="text-muted">Usos</dt>
          <dd>
            {coupon.uses} {limit}
            {coupon.reserved ? ` (${coupon.reserved} aguardando pagamento)` : ""}
          </dd>
          <dt className="text-muted">Receita</dt>
          <dd>{formatBRL(coupon.revenueCents)}</dd>
          <dt className="text-muted">Vale até</dt>
          <dd>{coupon.expiresAt ? formatDate(coupon.expiresAt) : "sem data"}</dd>
        </dl>
        {coupon.status !== "ended" ? (
          <>
            <p className="text-sm break-all text-muted">{link}</p>
            <div className="flex flex-wrap gap-2">
              {coupon.status === "active" ? (
                <Button variant="secondary" onClick={change("paused")}>
                  Pausar
                </Button>
              ) : (
                <Button variant="secondary" onClick={change("active")}>
                  Reativar
                </Button>
              )}
              <Button variant="ghost" onClick={change("ended")}>
                Encerrar
              </Button>
            </div>
          </>
        ) : null}
      </section>
    </Card>
  )
}
