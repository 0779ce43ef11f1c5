import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { Header } from "./header.tsx"
import { AppLink } from "./ui/app-link.tsx"
import { buttonVariants } from "./ui/button.tsx"

const meta = {
  title: "Componentes/Header (cabeçalho)",
  component: Header,
  args: { title: "Ana Demo" },
} satisfies Meta<typeof Header>

export default meta
type Story = StoryObj<typeof meta>

export const TitleOnly: Story = {
  name: "Só o título",
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("heading", { level: 1, name: "Ana Demo" })).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Voltar" })).not.toBeInTheDocument()
    await expect(canvas.queryByRole("button", { name: "Mais opções" })).not.toBeInTheDocument()
  },
}

export const WithBack: Story = {
  name: "Com Voltar",
  args: { title: "Minha conta", onBack: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Voltar" }))
    await expect(args.onBack).toHaveBeenCalledTimes(1)
  },
}

export const WithBackLink: Story = {
  name: "Com link de Voltar",
  args: { title: "Cancelar Assinatura", backHref: "/demo/setting" },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: "Voltar" })
    await expect(link).toHaveAttribute("href", "/demo/setting")
  },
}

/** Logged in on the profile: the more-options icon leads to settings. */
export const WithMoreOptions: Story = {
  name: "Com Mais opções",
  args: { onMoreOptions: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Mais opções" }))
    await expect(args.onMoreOptions).toHaveBeenCalledTimes(1)
  },
}

export const WithBackAndMoreOptions: Story = {
  name: "Com Voltar e Mais opções",
  args: { onBack: fn(), moreOptionsHref: "/demo/setting" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Voltar" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Mais opções" })).toHaveAttribute(
      "href",
      "/demo/setting",
    )
  },
}

/** A name longer than the phone is wide: one line, cut with an ellipsis, the buttons kept. */
export const LongTitle: Story = {
  name: "Título longo",
  args: {
    title: "Ana Beatriz de Souza Albuquerque Demonstração",
    onBack: fn(),
    onMoreOptions: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const heading = canvas.getByRole("heading", {
      level: 1,
      name: "Ana Beatriz de Souza Albuquerque Demonstração",
    })
    await expect(heading.scrollWidth).toBeGreaterThan(heading.clientWidth)
    await expect(getComputedStyle(heading).textOverflow).toBe("ellipsis")
    await expect(heading.getBoundingClientRect().height).toBeLessThan(40)
    const back = canvas.getByRole("button", { name: "Voltar" })
    const more = canvas.getByRole("button", { name: "Mais opções" })
    for (const button of [back, more]) {
      const box = button.getBoundingClientRect()
      await expect(box.width).toBe(44)
      await expect(box.height).toBe(44)
      await expect(box.right).toBeLessThanOrEqual(window.innerWidth)
    }
    await userEvent.click(more)
    await expect(args.onMoreOptions).toHaveBeenCalledTimes(1)
  },
}

/** The interest page: logo as title, "Suporte" and "Cadastrar" on the right. */
export const WithActions: Story = {
  name: "Com ações",
  args: {
    title: (
      <AppLink href="/" className="text-brand">
        Closer
      </AppLink>
    ),
    actions: (
      <>
        <a
          href="https://suporte.example.com"
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ variant: "ghost" })}
        >
          Suporte
        </a>
        <AppLink href="/tenho-interesse" className={buttonVariants()}>
          Cadastrar
        </AppLink>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("link", { name: "Closer" })).toHaveAttribute("href", "/")
    await expect(canvas.getByRole("link", { name: "Cadastrar" })).toHaveAttribute(
      "href",
      "/tenho-interesse",
    )
  },
}

/** From the `md` breakpoint the header is 100 px tall with a larger title, across the page. */
export const Desktop: Story = {
  name: "Computador",
  args: { onBack: fn(), onMoreOptions: fn() },
  globals: { viewport: { value: "desktop", isRotated: false } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const header = canvasElement.querySelector<HTMLElement>('[data-slot="header"]')!
    const box = header.getBoundingClientRect()
    await expect(box.width).toBe(window.innerWidth)
    await expect(box.height).toBe(100)
    const heading = canvas.getByRole("heading", { level: 1, name: "Ana Demo" })
    await expect(getComputedStyle(heading).fontSize).toBe("24px")
    // Back on the left edge, more options on the right one.
    const back = canvas.getByRole("button", { name: "Voltar" }).getBoundingClientRect()
    const more = canvas.getByRole("button", { name: "Mais opções" }).getBoundingClientRect()
    await expect(back.left).toBeLessThan(48)
    await expect(more.right).toBeGreaterThan(window.innerWidth - 48)
    await userEvent.click(canvas.getByRole("button", { name: "Voltar" }))
    await expect(args.onBack).toHaveBeenCalledTimes(1)
  },
}
