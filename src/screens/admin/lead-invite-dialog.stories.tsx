import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { makeLead } from "../../testing/fixtures/studio.ts"
import { pageOf } from "../../testing/story-helpers.tsx"
import { LeadInviteDialog } from "./lead-invite-dialog.tsx"

const meta = {
  title: "Telas/Operação/Partes/Convite de lead",
  tags: ["operação"],
  component: LeadInviteDialog,
  args: {
    lead: makeLead({ instagram: "@ana.fotos", email: "ana@exemplo.com" }),
    onInvite: fn(async () => {}),
    onClose: fn(),
  },
} satisfies Meta<typeof LeadInviteDialog>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {
  name: "Aberto",
  play: async ({ canvasElement, args }) => {
    const dialog = await pageOf(canvasElement).findByRole("dialog", {
      name: "Convidar como criadora",
    })
    await expect(dialog).toHaveTextContent("E-mail do convite: ana@exemplo.com")
    await expect(within(dialog).getByLabelText("Nome de usuário")).toHaveValue("ana.fotos")
    await userEvent.click(within(dialog).getByRole("button", { name: "Enviar convite" }))
    await expect(args.onInvite).toHaveBeenCalledWith(args.lead!.id, {
      username: "ana.fotos",
      fullName: "@ana.fotos",
    })
    await expect(args.onClose).toHaveBeenCalled()
  },
}

export const Closed: Story = {
  name: "Fechado",
  args: { lead: null },
  play: async ({ canvasElement }) => {
    await expect(pageOf(canvasElement).queryByRole("dialog")).toBeNull()
  },
}
