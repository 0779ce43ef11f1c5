import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { CheckoutProfileHeader } from "./checkout-profile-header.tsx"

const meta = {
  title: "Telas/Assinar/Partes/Cabeçalho da criadora",
  tags: ["seguidora", "jornada-pix", "jornada-cartao", "jornada-boleto"],
  component: CheckoutProfileHeader,
  args: { profile: makeProfile() },
  decorators: [
    (Story) => (
      <main className="p-4">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof CheckoutProfileHeader>

export default meta
type Story = StoryObj<typeof meta>

export const Verified: Story = {
  name: "Perfil verificado",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const title = canvas.getByRole("heading", { level: 1 })
    await expect(title).toHaveTextContent("Ana Demo")
    await expect(within(title).getByRole("img", { name: "Perfil verificado" })).toBeVisible()
    await expect(canvas.getByText("@demo")).toBeVisible()
    await expect(canvas.getByText(/Bastidores, rotina/)).toBeVisible()
  },
}

export const NotVerifiedWithoutBio: Story = {
  name: "Perfil não verificado e sem bio",
  args: { profile: makeProfile({ verified: false, bio: "", profilePic: null }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole("img", { name: "Perfil verificado" })).not.toBeInTheDocument()
    await expect(canvas.getByText("AD")).toBeVisible()
  },
}
