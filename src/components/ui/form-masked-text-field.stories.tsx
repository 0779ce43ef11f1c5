import { zodResolver } from "@hookform/resolvers/zod"
import type { Meta, StoryObj } from "@storybook/react-vite"
import { useForm } from "react-hook-form"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { z } from "zod"
import { fields } from "../../domain/validation.ts"
import { Button } from "./button.tsx"
import { FormMaskedTextField } from "./form-masked-text-field.tsx"

const meta = {
  title: "Componentes/UI/FormMaskedTextField (campo com máscara de formulário)",
  tags: ["autodocs"],
  component: FormMaskedTextField,
  decorators: [
    (Story) => (
      <div className="max-w-md p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FormMaskedTextField>

export default meta

const phoneSchema = z.object({ whatsapp: fields.phoneNumber })
type PhoneInput = z.input<typeof phoneSchema>
type PhoneOutput = z.output<typeof phoneSchema>

/** One masked field bound to a form: shown with its mask, sent as the schema keeps it. */
function PhoneFormExample({ onSubmit }: { onSubmit: (values: PhoneOutput) => void }) {
  const { control, handleSubmit } = useForm<PhoneInput, unknown, PhoneOutput>({
    resolver: zodResolver(phoneSchema),
    mode: "all",
    defaultValues: { whatsapp: "" },
  })
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
      <FormMaskedTextField control={control} name="whatsapp" label="WhatsApp" mask="phone" />
      <Button type="submit">Enviar</Button>
    </form>
  )
}

export const PhoneForm: StoryObj<{ onSubmit: (values: PhoneOutput) => void }> = {
  name: "WhatsApp com máscara",
  args: { onSubmit: fn() },
  render: (args) => <PhoneFormExample {...args} />,
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    const whatsapp = canvas.getByRole("textbox", { name: "WhatsApp" })

    await step("left empty, it says what is missing and nothing is sent", async () => {
      await userEvent.click(whatsapp)
      await userEvent.tab()
      await waitFor(() => expect(whatsapp).toHaveAccessibleDescription("Obrigatório"))
      await userEvent.click(canvas.getByRole("button", { name: "Enviar" }))
      await expect(args.onSubmit).not.toHaveBeenCalled()
    })

    await step("typed digits show the mask, and the form sends the digits", async () => {
      await userEvent.type(whatsapp, "11987654321")
      await expect(whatsapp).toHaveValue("(11) 98765-4321")
      await userEvent.click(canvas.getByRole("button", { name: "Enviar" }))
      await waitFor(() =>
        expect(args.onSubmit).toHaveBeenCalledWith({ whatsapp: "11987654321" }, expect.anything()),
      )
    })
  },
}
