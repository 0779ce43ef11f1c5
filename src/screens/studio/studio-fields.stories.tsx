import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, within } from "storybook/test"
import { FileButton, SelectField, SwitchField, TextAreaField } from "./studio-fields.tsx"

/** The studio's extra form fields, each in its states. */
function Fields({ onPick }: { onPick: (file: File) => void }) {
  const [bio, setBio] = useState("Oi!")
  const [kind, setKind] = useState<"a" | "b">("a")
  const [on, setOn] = useState(false)
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4 p-4">
      <TextAreaField
        label="Bio"
        value={bio}
        onChange={setBio}
        maxLength={20}
        hint="Aparece no perfil"
      />
      <TextAreaField
        label="Legenda"
        value=""
        onChange={() => {}}
        error="A legenda pode ter até 2200 caracteres"
      />
      <SelectField
        label="Tipo"
        value={kind}
        onChange={setKind}
        options={[
          { value: "a", label: "Primeiro" },
          { value: "b", label: "Segundo" },
        ]}
      />
      <SwitchField
        label="Pausar vendas"
        description="Quem já assina continua com acesso."
        checked={on}
        onChange={setOn}
      />
      <SwitchField label="Desligado" checked={false} onChange={() => {}} disabled />
      <FileButton label="Enviar story" accept="image/*,video/*" onPick={onPick} />
    </div>
  )
}

const meta = {
  title: "Telas/Estúdio/Partes/Campos",
  tags: ["criadora", "jornada-estudio"],
  component: Fields,
  args: { onPick: fn() },
} satisfies Meta<typeof Fields>

export default meta
type Story = StoryObj<typeof meta>

export const TextArea: Story = {
  name: "Texto longo",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Aparece no perfil · 3/20")).toBeVisible()
    await userEvent.type(canvas.getByLabelText("Bio"), " Tudo bem?")
    await expect(canvas.getByText("Aparece no perfil · 13/20")).toBeVisible()
    await expect(canvas.getByLabelText("Legenda")).toHaveAttribute("aria-invalid", "true")
    await expect(canvas.getByText("A legenda pode ter até 2200 caracteres")).toBeVisible()
  },
}

export const Select: Story = {
  name: "Lista de opções",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.selectOptions(canvas.getByLabelText("Tipo"), "b")
    await expect(canvas.getByLabelText("Tipo")).toHaveValue("b")
  },
}

export const Switch: Story = {
  name: "Liga e desliga",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const toggle = canvas.getByRole("switch", { name: "Pausar vendas" })
    await expect(toggle).not.toBeChecked()
    await userEvent.click(toggle)
    await expect(toggle).toBeChecked()
    await expect(canvas.getByRole("switch", { name: "Desligado" })).toBeDisabled()
  },
}

export const File: Story = {
  name: "Arquivo",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const video = new window.File(["v"], "story.mp4", { type: "video/mp4" })
    await userEvent.upload(canvas.getByLabelText("Enviar story", { selector: "input" }), video)
    await expect(args.onPick).toHaveBeenCalledWith(video)
    await expect(canvas.getByRole("button", { name: "Enviar story" })).toBeEnabled()
  },
}
