import { zodResolver } from "@hookform/resolvers/zod"
import type { Meta, StoryObj } from "@storybook/react-vite"
import { useForm } from "react-hook-form"
import { expect, userEvent, waitFor, within } from "storybook/test"
import { newPasswordSchema, type NewPasswordInput } from "../../domain/validation.ts"
import { NewPasswordFields } from "./new-password-fields.tsx"

/** The pair in a form of its own, validated by the recovery step's schema. */
function NewPasswordForm({ hint }: { hint?: string }) {
  const { control, trigger, formState } = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    mode: "onTouched",
    defaultValues: { password: "", confirmPassword: "" },
  })
  return (
    <form noValidate className="flex max-w-md flex-col gap-4 p-4">
      <NewPasswordFields
        control={control}
        trigger={trigger}
        formState={formState}
        password={{ name: "password", label: "Nova senha", hint }}
        confirmation={{ name: "confirmPassword", label: "Confirmar nova senha" }}
      />
    </form>
  )
}

const meta = {
  title: "Telas/Conta e senha/Partes/Nova senha e confirmação",
  tags: ["seguidora", "jornada-senha"],
  component: NewPasswordForm,
} satisfies Meta<typeof NewPasswordForm>

export default meta
type Story = StoryObj<typeof meta>

function fields(el: HTMLElement) {
  const canvas = within(el)
  return {
    password: canvas.getByLabelText("Nova senha", { selector: "input" }),
    confirm: canvas.getByLabelText("Confirmar nova senha", { selector: "input" }),
  }
}

/** Both are offered to the password manager as a new password, hidden as typed. */
export const Empty: Story = {
  name: "Em branco",
  play: async ({ canvasElement }) => {
    const f = fields(canvasElement)
    for (const input of [f.password, f.confirm]) {
      await expect(input).toHaveAttribute("type", "password")
      await expect(input).toHaveAttribute("autocomplete", "new-password")
      await expect(input).not.toHaveAttribute("aria-invalid")
    }
  },
}

export const WithHint: Story = {
  name: "Com dica",
  args: { hint: "Pelo menos 6 caracteres." },
  play: async ({ canvasElement }) => {
    await expect(fields(canvasElement).password).toHaveAccessibleDescription(
      "Pelo menos 6 caracteres.",
    )
  },
}

/** Once the confirmation has been left, each change of the password checks it again (spec §5). */
export const ConfirmationCheckedAgain: Story = {
  name: "Confirmação conferida de novo",
  play: async ({ canvasElement }) => {
    const f = fields(canvasElement)
    await userEvent.type(f.password, "segredo1")
    await userEvent.type(f.confirm, "segredo9")
    await userEvent.tab()
    await waitFor(() => expect(f.confirm).toHaveAccessibleDescription("Senhas não conferem"))
    await userEvent.clear(f.password)
    await userEvent.type(f.password, "segredo9")
    await waitFor(() => expect(f.confirm).not.toHaveAttribute("aria-invalid"))
    await userEvent.type(f.password, "0")
    await waitFor(() => expect(f.confirm).toHaveAccessibleDescription("Senhas não conferem"))
  },
}
