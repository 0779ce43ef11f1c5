import { act } from "react"
import { createRoot, type Root } from "react-dom/client"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { useOnDemand } from "./use-on-demand.ts"

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

let root: Root | null = null
let container: HTMLElement
beforeEach(() => {
  container = document.createElement("div")
  document.body.append(container)
  root = createRoot(container)
})
afterEach(() => {
  act(() => root?.unmount())
  root = null
  container.remove()
})

/** A loader that counts its calls and settles when the test says. */
function controlledLoader() {
  const calls: Array<{ resolve: (value: { name: string }) => void; reject: () => void }> = []
  const load = () =>
    new Promise<{ name: string }>((resolve, reject) => calls.push({ resolve, reject }))
  return { load, calls }
}

let last: ReturnType<typeof useOnDemand<{ name: string }>>
function Part({ load, wanted }: { load: () => Promise<{ name: string }>; wanted: boolean }) {
  last = useOnDemand(load, wanted)
  return <p>{last.module?.name ?? (last.failed ? "falhou" : "carregando")}</p>
}

function render(load: () => Promise<{ name: string }>, wanted: boolean) {
  act(() => root!.render(<Part load={load} wanted={wanted} />))
}

describe("useOnDemand", () => {
  it("loads nothing until wanted, then once, and shows the module", async () => {
    const { load, calls } = controlledLoader()
    render(load, false)
    expect(calls).toHaveLength(0)
    render(load, true)
    render(load, true)
    expect(calls).toHaveLength(1)
    expect(container.textContent).toBe("carregando")
    await act(async () => calls[0]!.resolve({ name: "cartão" }))
    expect(container.textContent).toBe("cartão")
  })

  it("reports a failed load and tries again on retry", async () => {
    const { load, calls } = controlledLoader()
    render(load, true)
    await act(async () => calls[0]!.reject())
    expect(container.textContent).toBe("falhou")
    expect(calls).toHaveLength(1)
    act(() => last.retry())
    expect(calls).toHaveLength(2)
    expect(container.textContent).toBe("carregando")
    await act(async () => calls[1]!.resolve({ name: "cartão" }))
    expect(container.textContent).toBe("cartão")
  })

  it("renders a module loaded before at once when shown again", async () => {
    const { load, calls } = controlledLoader()
    render(load, true)
    await act(async () => calls[0]!.resolve({ name: "cartão" }))
    act(() => root!.unmount())
    root = createRoot(container)
    render(load, true)
    expect(container.textContent).toBe("cartão")
    expect(calls).toHaveLength(1)
  })
})
