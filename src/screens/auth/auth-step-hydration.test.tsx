import { act } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { renderToString } from "react-dom/server"
import { useForm } from "react-hook-form"
import { describe, expect, it } from "vitest"
import { AuthStep } from "./auth-step.tsx"
import { FormMaskedTextField } from "../../components/ui/form-masked-text-field.tsx"
import { FormTextField } from "../../components/ui/form-text-field.tsx"
import { actRoots } from "../../testing/act-roots.ts"

const mounted = actRoots()

type Values = { email: string; whatsapp: string }

/** A sign-in-like step with a plain and a masked field, telling what the form holds on submit. */
function Step({
  sent,
  defaults = { email: "", whatsapp: "" },
}: {
  sent: Values[]
  defaults?: Values
}) {
  const { control, handleSubmit } = useForm<Values>({ defaultValues: defaults })
  return (
    <AuthStep
      title="Entre"
      onSubmit={handleSubmit((values) => void sent.push(values))}
      submitLabel="Continuar"
      submitting={false}
    >
      <FormTextField control={control} name="email" label="E-mail" type="email" />
      <FormMaskedTextField control={control} name="whatsapp" label="WhatsApp" mask="phone" />
    </AuthStep>
  )
}

const field = (container: HTMLElement, name: string) =>
  container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!
const submitButton = (container: HTMLElement) =>
  container.querySelector<HTMLButtonElement>('button[type="submit"]')!

function serverDrawn(sent: Values[]) {
  const container = document.createElement("div")
  container.innerHTML = renderToString(<Step sent={sent} />)
  document.body.append(container)
  return container
}

/** Types as the browser does into markup no React listens to yet. */
function typeNatively(input: HTMLInputElement, text: string) {
  input.value = text
  input.dispatchEvent(new Event("input", { bubbles: true }))
}

describe("a form the server drew", () => {
  it("cannot be sent before the app takes it over, and can once it has", () => {
    const sent: Values[] = []
    const container = serverDrawn(sent)
    // Sent natively, it would go as a GET with the fields in the address.
    expect(submitButton(container).disabled).toBe(true)

    act(() => {
      mounted.root = hydrateRoot(container, <Step sent={sent} />)
    })
    expect(submitButton(container).disabled).toBe(false)
  })

  it("keeps what was typed before the app took it over, through later renders and on submit", async () => {
    const sent: Values[] = []
    const container = serverDrawn(sent)
    typeNatively(field(container, "email"), "ana@example.com")
    typeNatively(field(container, "whatsapp"), "11987654321")

    act(() => {
      mounted.root = hydrateRoot(container, <Step sent={sent} />)
    })
    expect(field(container, "email").value).toBe("ana@example.com")
    expect(field(container, "whatsapp").value).toBe("(11) 98765-4321")

    await act(async () => submitButton(container).click())
    expect(sent).toEqual([{ email: "ana@example.com", whatsapp: "(11) 98765-4321" }])
    expect(field(container, "email").value).toBe("ana@example.com")
  })

  it("takes nothing when nothing was typed", async () => {
    const sent: Values[] = []
    const container = serverDrawn(sent)
    act(() => {
      mounted.root = hydrateRoot(container, <Step sent={sent} />)
    })
    await act(async () => submitButton(container).click())
    expect(sent).toEqual([{ email: "", whatsapp: "" }])
  })

  it("drawn by the browser itself, keeps its default values, masked ones too", async () => {
    const sent: Values[] = []
    const container = document.createElement("div")
    document.body.append(container)
    const defaults = { email: "ana@example.com", whatsapp: "(11) 98765-4321" }
    act(() => {
      mounted.root = createRoot(container)
      mounted.root.render(<Step sent={sent} defaults={defaults} />)
    })
    expect(field(container, "whatsapp").value).toBe("(11) 98765-4321")
    await act(async () => submitButton(container).click())
    expect(sent).toEqual([defaults])
  })
})
