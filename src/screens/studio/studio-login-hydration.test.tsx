import { act } from "react"
import { hydrateRoot } from "react-dom/client"
import { renderToString } from "react-dom/server"
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest"
import { AlertProvider } from "../../components/ui/alert.tsx"
import type { LoginOutput } from "../../domain/validation.ts"
import { actRoots } from "../../testing/act-roots.ts"
import { StudioLoginScreen } from "./studio-login-screen.tsx"

const mounted = actRoots()

function Page({ area, sent }: { area: "studio" | "admin"; sent: LoginOutput[] }) {
  return (
    <AlertProvider>
      <StudioLoginScreen
        area={area}
        onSubmit={async (values) => void sent.push(values)}
        onLogout={() => undefined}
      />
    </AlertProvider>
  )
}

const field = (container: HTMLElement, name: string) =>
  container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!
const submitButton = (container: HTMLElement) =>
  container.querySelector<HTMLButtonElement>('button[type="submit"]')!

/** A tap on the button, as a finger makes it: the form's checks start loading at the touch. */
function tap(button: HTMLButtonElement) {
  button.dispatchEvent(new Event("pointerdown", { bubbles: true }))
  button.click()
}

/** Types as the browser does into markup no React listens to yet. */
function typeNatively(input: HTMLInputElement, text: string) {
  input.value = text
  input.dispatchEvent(new Event("input", { bubbles: true }))
}

let consoleErrors: MockInstance<typeof console.error>
beforeEach(() => {
  consoleErrors = vi.spyOn(console, "error")
})
afterEach(() => consoleErrors.mockRestore())

/** The server's markup of the page, taken over by React; what React could not take over is told. */
function drawnThenHydrated(
  area: "studio" | "admin",
  sent: LoginOutput[],
  typeFirst: (container: HTMLElement) => void = () => {},
) {
  const container = document.createElement("div")
  container.innerHTML = renderToString(<Page area={area} sent={sent} />)
  document.body.append(container)
  const drawn = [...container.querySelectorAll("*")]
  expect(submitButton(container).disabled).toBe(true)
  typeFirst(container)
  const recoverable: unknown[] = []
  act(() => {
    mounted.root = hydrateRoot(container, <Page area={area} sent={sent} />, {
      onRecoverableError: (error) => void recoverable.push(error),
    })
  })
  expect(recoverable).toEqual([])
  expect(consoleErrors).not.toHaveBeenCalled()
  // Taken over, not drawn again: every node the server drew is still on the page.
  expect(drawn.filter((node) => !node.isConnected)).toEqual([])
  return container
}

describe("the staff's sign-in page the server drew", () => {
  it("cannot be sent before the app takes it over, and is taken over without a mismatch", () => {
    for (const area of ["studio", "admin"] as const) {
      const container = drawnThenHydrated(area, [])
      expect(submitButton(container).disabled, area).toBe(false)
      act(() => mounted.root?.unmount())
      mounted.root = null
    }
  })

  it("keeps what was typed before the app took it over, and signs in with it", async () => {
    const sent: LoginOutput[] = []
    const container = drawnThenHydrated("studio", sent, (drawn) => {
      typeNatively(field(drawn, "usernameOrEmail"), "duda@example.com")
      typeNatively(field(drawn, "password"), "minha senha")
    })
    expect(field(container, "usernameOrEmail").value).toBe("duda@example.com")
    expect(field(container, "password").value).toBe("minha senha")

    await act(async () => tap(submitButton(container)))
    await vi.waitFor(
      () =>
        expect(sent).toEqual([{ usernameOrEmail: "duda@example.com", password: "minha senha" }]),
      { timeout: 5_000 },
    )
  })

  it("still says what is missing when sent empty", async () => {
    const sent: LoginOutput[] = []
    const container = drawnThenHydrated("admin", sent)
    await act(async () => tap(submitButton(container)))
    await vi.waitFor(() =>
      expect(
        [...container.querySelectorAll('[aria-live="polite"]')].map((p) => p.textContent),
      ).toEqual(["Obrigatório", "Obrigatório"]),
    )
    expect(field(container, "password")).toHaveAccessibleDescription("Obrigatório")
    expect(sent).toEqual([])
  })
})
