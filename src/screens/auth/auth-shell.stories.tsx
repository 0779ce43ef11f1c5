import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, waitFor, within } from "storybook/test"
import { bannerImageSizes } from "../../domain/images.ts"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { AuthShell } from "./auth-shell.tsx"

const profile = makeProfile()

/** The creator's cover: full width, 3:1 on a phone, its picture shown once loaded. */
function banner(canvasElement: HTMLElement) {
  const element = canvasElement.querySelector<HTMLElement>('[data-slot="banner"]')!
  return { element, box: element.getBoundingClientRect(), img: element.querySelector("img") }
}

const meta = {
  title: "Telas/Conta e senha/Partes/Moldura do login",
  tags: ["seguidora", "jornada-senha"],
  component: AuthShell,
  args: {
    profile,
    backHref: "/demo",
    year: 2026,
    children: <p>Etapa de login</p>,
  },
} satisfies Meta<typeof AuthShell>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: "Com capa e perfil verificado",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1, name: "Ana Demo" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/demo")
    await expect(canvas.getByText("@demo")).toBeVisible()
    await expect(canvas.getByRole("img", { name: "Perfil verificado" })).toBeVisible()
    await expect(canvas.getByText(/Bastidores, rotina e conteúdo/)).toBeVisible()
    await expect(canvas.getByRole("main")).toHaveTextContent("Etapa de login")
    await expect(canvas.getByRole("contentinfo")).toHaveTextContent("© 2026 Closer.")
    const { element, box, img } = banner(canvasElement)
    // Decoration beside the creator's name: no text of its own for screen readers.
    await expect(img).toHaveAttribute("src", profile.bannerPicImage!.src)
    await expect(img).toHaveAttribute("sizes", bannerImageSizes)
    await expect(img).toHaveAttribute("alt", "")
    await waitFor(() => expect(element).not.toHaveAttribute("aria-busy"))
    await expect(box.width).toBe(window.innerWidth)
    await expect(box.height).toBeCloseTo(box.width / 3, 0)
    // The avatar sits over the banner's lower edge.
    const avatar = canvas.getByRole("main").querySelector("img")!.getBoundingClientRect()
    await expect(avatar.top).toBeLessThan(box.bottom)
    await expect(avatar.bottom).toBeGreaterThan(box.bottom)
  },
}

/** No cover picture: the banner keeps its place in the brand colour. */
export const WithoutBanner: Story = {
  name: "Sem capa",
  args: { profile: makeProfile({ bannerPic: null }) },
  play: async ({ canvasElement }) => {
    const { element, box, img } = banner(canvasElement)
    await expect(img).toBeNull()
    await expect(element).not.toHaveAttribute("aria-busy")
    await expect(box.height).toBeCloseTo(window.innerWidth / 3, 0)
  },
}

export const NotVerifiedWithoutBio: Story = {
  name: "Perfil não verificado e sem bio",
  args: { profile: makeProfile({ verified: false, bio: "" }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole("img", { name: "Perfil verificado" })).toBeNull()
    await expect(canvas.queryByText(/Bastidores/)).toBeNull()
  },
}

export const Desktop: Story = {
  name: "Computador",
  globals: { viewport: { value: "desktop" } },
  play: async ({ canvasElement }) => {
    const main = within(canvasElement).getByRole("main")
    // One readable column in the middle of a wide screen.
    await expect(main.getBoundingClientRect().width).toBeLessThanOrEqual(448)
    await expect(main.getBoundingClientRect().left).toBeGreaterThan(300)
  },
}
