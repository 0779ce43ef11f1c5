import { act, useState } from "react"
import { hydrateRoot } from "react-dom/client"
import { renderToString } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { actRoots } from "../../testing/act-roots.ts"
import { demoPlans } from "../../testing/fixtures/profile.ts"
import { PlanPicker } from "../plan-picker.tsx"

const mounted = actRoots()

/** A checkout's plan state around the picker, reporting every choice it is told about. */
function Checkout({ told }: { told: string[] }) {
  const [planId, setPlanId] = useState<string | null>(null)
  const [renders, setRenders] = useState(0)
  return (
    <>
      <PlanPicker
        plans={demoPlans}
        value={planId}
        onChange={(id) => {
          told.push(id)
          setPlanId(id)
        }}
      />
      <p>{planId ?? "nenhum"}</p>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        {`renderizar ${renders}`}
      </button>
    </>
  )
}

const radio = (container: HTMLElement, planId: string) =>
  container.querySelector<HTMLInputElement>(`input[value="${planId}"]`)!

function serverDrawn(told: string[]) {
  const container = document.createElement("div")
  container.innerHTML = renderToString(<Checkout told={told} />)
  document.body.append(container)
  return container
}

describe("a plan tapped on the server-drawn page before the app takes it over", () => {
  it("is kept: the app adopts it as the chosen plan, and later renders keep it checked", () => {
    const told: string[] = []
    const container = serverDrawn(told)
    // The browser checks a native radio on its own, with no React listening yet.
    radio(container, "plan-quarterly").click()
    expect(radio(container, "plan-quarterly").checked).toBe(true)

    act(() => {
      mounted.root = hydrateRoot(container, <Checkout told={told} />)
    })
    expect(told).toEqual(["plan-quarterly"])
    expect(container.querySelector("p")).toHaveTextContent("plan-quarterly")

    act(() => container.querySelector("button")!.click())
    expect(radio(container, "plan-quarterly").checked).toBe(true)
    expect(radio(container, "plan-monthly").checked).toBe(false)
  })

  it("changes nothing when nothing was tapped", () => {
    const told: string[] = []
    const container = serverDrawn(told)
    act(() => {
      mounted.root = hydrateRoot(container, <Checkout told={told} />)
    })
    expect(told).toEqual([])
    expect(container.querySelector("p")).toHaveTextContent("nenhum")
    expect(container.querySelectorAll("input:checked")).toHaveLength(0)
  })
})
