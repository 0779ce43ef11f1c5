import { ErrorState } from "../../components/error-state.tsx"
import { Card } from "../../components/ui/card.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx"
import { formatBRL } from "../../domain/money.ts"
import type { StudioNumbers } from "../../domain/studio.ts"
import { SelectField } from "./studio-fields.tsx"

export type StudioNumbersView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; numbers: StudioNumbers }

export const periodOptions = [7, 30, 90] as const
export type NumbersPeriod = (typeof periodOptions)[number]

export type StudioNumbersScreenProps = {
  view: StudioNumbersView
  days: NumbersPeriod
  onDaysChange: (days: NumbersPeriod) => void
  onRetry: () => void
}

/** "2026-11-20" -> "20/11", without going through a Date (and a time zone). */
const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`
const percent = (part: number, whole: number) =>
  whole > 0 ? `${Math.round((part * 1000) / whole) / 10}`.replace(".", ",") + "%" : "—"

export function StudioNumbersScreen({
  view,
  days,
  onDaysChange,
  onRetry,
}: StudioNumbersScreenProps) {
  return (
    <>
      <SelectField
        label="Período"
        className="sm:max-w-xs"
        value={String(days)}
        options={periodOptions.map((n) => ({ value: String(n), label: `Últimos ${n} dias` }))}
        onChange={(value) => onDaysChange(Number(value) as NumbersPeriod)}
      />
      {view.status === "loading" ? (
        <div aria-busy="true" className="flex flex-col gap-4">
          <span className="sr-only">Carregando</span>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
          <Skeleton className="h-48" />
        </div>
      ) : view.status === "error" ? (
        <ErrorState message={view.message} onRetry={onRetry} />
      ) : (
        <Numbers numbers={view.numbers} days={days} />
      )}
    </>
  )
}

function Numbers({ numbers, days }: { numbers: StudioNumbers; days: number }) {
  const { totals } = numbers
  const stats: [string, string, string?][] = [
    ["Visitas", String(totals.visits), `nos últimos ${days} dias`],
    [
      "Checkouts iniciados",
      String(totals.checkoutsStarted),
      `${percent(totals.checkoutsStarted, totals.visits)} das visitas`,
    ],
    [
      "Novas assinaturas",
      String(totals.paid),
      `${percent(totals.paid, totals.checkoutsStarted)} dos checkouts`,
    ],
    ["Assinantes ativos", String(numbers.activeSubscribers), "com acesso agora"],
    ["Receita do mês", formatBRL(numbers.monthlyRevenueCents), "sem a taxa de serviço"],
    ["Receita no período", formatBRL(totals.revenueCents)],
  ]
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {stats.map(([label, value, note]) => (
          <Card key={label} className="flex flex-col gap-1">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums sm:text-2xl">{value}</dd>
            {note ? <dd className="text-xs text-muted">{note}</dd> : null}
          </Card>
        ))}
      </dl>
      <DailyCharts numbers={numbers} />
      {/* Focusable so the table can be scrolled sideways from the keyboard. */}
      <div
        role="region"
        aria-label="Tabela de números por dia"
        tabIndex={0}
        className="max-h-96 overflow-auto rounded-card border border-line bg-surface"
      >
        <table className="w-full text-sm tabular-nums">
          <caption className="sr-only">Números por dia</caption>
          <thead className="bg-canvas text-left">
            <tr>
              <th scope="col" className="p-2">
                Dia
              </th>
              <th scope="col" className="p-2 text-right">
                Visitas
              </th>
              <th scope="col" className="p-2 text-right">
                Checkouts
              </th>
              <th scope="col" className="p-2 text-right">
                Novas
              </th>
              <th scope="col" className="p-2 text-right">
                Receita
              </th>
            </tr>
          </thead>
          <tbody>
            {[...numbers.days].reverse().map((day) => (
              <tr key={day.date} className="border-t border-line">
                <th scope="row" className="p-2 text-left font-normal">
                  {dayLabel(day.date)}
                </th>
                <td className="p-2 text-right">{day.visits}</td>
                <td className="p-2 text-right">{day.checkoutsStarted}</td>
                <td className="p-2 text-right">{day.paid}</td>
                <td className="p-2 text-right">{formatBRL(day.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

/** Counts and money on separate charts, each on its own scale; one tab shows at a time. */
function DailyCharts({ numbers }: { numbers: StudioNumbers }) {
  const { days, totals } = numbers
  const count = days.length
  return (
    <Card role="region" aria-labelledby="chart-title" className="flex flex-col gap-1">
      <h2 id="chart-title" className="text-base font-semibold">
        Evolução por dia
      </h2>
      <Tabs defaultValue="counts">
        <TabsList aria-label="O que o gráfico mostra">
          <TabsTrigger value="counts">Visitas e novas assinaturas</TabsTrigger>
          <TabsTrigger value="revenue">Receita</TabsTrigger>
        </TabsList>
        <TabsContent value="counts" className="flex flex-col gap-3">
          <BarChart
            label={`Gráfico de ${count} dias: ${totals.visits} visitas e ${totals.paid} novas assinaturas`}
            scale={days.map((day) => day.visits)}
            series={[
              { name: "visits", values: days.map((day) => day.visits), fill: "fill-line-strong" },
              { name: "paid", values: days.map((day) => day.paid), fill: "fill-brand" },
            ]}
          />
          <Legend
            items={[
              ["bg-line-strong", "Visitas"],
              ["bg-brand", "Novas assinaturas"],
            ]}
          />
        </TabsContent>
        <TabsContent value="revenue" className="flex flex-col gap-3">
          <BarChart
            label={`Gráfico de ${count} dias: ${formatBRL(totals.revenueCents)} de receita`}
            scale={days.map((day) => day.revenueCents)}
            series={[
              {
                name: "revenue",
                values: days.map((day) => day.revenueCents),
                fill: "fill-brand",
              },
            ]}
          />
          <Legend items={[["bg-brand", "Receita"]]} />
        </TabsContent>
      </Tabs>
    </Card>
  )
}

function Legend({ items }: { items: [swatch: string, label: string][] }) {
  return (
    <p className="flex gap-4 text-sm text-muted">
      {items.map(([swatch, label]) => (
        <span key={label} className="flex items-center gap-1">
          <span aria-hidden="true" className={`size-3 rounded-sm ${swatch}`} /> {label}
        </span>
      ))}
    </p>
  )
}

/**
 * One bar per day for each series, drawn over each other in order, against the largest value of
 * `scale`; the table below carries the same numbers as text.
 */
function BarChart({
  label,
  scale,
  series,
}: {
  label: string
  scale: number[]
  series: { name: string; values: number[]; fill: string }[]
}) {
  const width = 300
  const height = 120
  const max = Math.max(1, ...scale)
  const slot = width / Math.max(1, scale.length)
  const bar = Math.max(1, slot * 0.7)
  const y = (value: number) => height - (value / max) * height
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-32 w-full"
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      {series.map(({ name, values, fill }) => (
        <g key={name} data-series={name} className={fill}>
          {values.map((value, index) => (
            <rect
              key={index}
              x={index * slot + (slot - bar) / 2}
              y={y(value)}
              width={bar}
              height={height - y(value)}
            />
          ))}
        </g>
      ))}
    </svg>
  )
}
