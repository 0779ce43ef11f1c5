import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { supportChatUrl } from "../../components/support-link.ts"
import { FIXED_NOW } from "../../testing/fixtures/clock.ts"
import {
  makeHighlights,
  makeMedias,
  makeProfile,
  makeStats,
  makeStories,
} from "../../testing/fixtures/profile.ts"
import { makePayment, makeSubscription } from "../../testing/fixtures/subscription.ts"
import { notifyToggleLabel } from "../../domain/notification-texts.ts"
import { NotifyToggle } from "../notifications/notify-toggle.tsx"
import { StoriesPlayer } from "../stories/stories-player.tsx"
import { ProfileScreen, type ProfileView } from "./profile-screen.tsx"

const profile = makeProfile()

const visitorView: ProfileView = {
  status: "ready",
  profile,
  stats: makeStats(),
  // Visitors get the highlights' covers and counts, never their stories.
  highlights: makeHighlights(false),
  medias: [],
  stories: [],
  subscription: { status: "ready", subscription: null },
}

const subscriberView: ProfileView = {
  ...visitorView,
  highlights: makeHighlights(),
  medias: makeMedias(12),
  stories: makeStories(5),
  subscription: { status: "ready", subscription: makeSubscription() },
}

const meta = {
  title: "Telas/Perfil e stories/Perfil da criadora",
  tags: ["seguidora"],
  component: ProfileScreen,
  args: {
    view: visitorView,
    loggedIn: false,
    now: FIXED_NOW,
    lastSeen: 0,
    settingsHref: "/demo/setting",
    subscriberHref: "/demo/auth",
    supportPhone: "5511999990000",
    year: 2026,
    onRetry: fn(),
    onSubscribe: fn(),
    onOpenStories: fn(),
    onOpenHighlight: fn(),
    onToggleLike: fn(async () => undefined),
  },
} satisfies Meta<typeof ProfileScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = {
  name: "Carregando perfil",
  args: { view: { status: "loading" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("region", { name: "Carregando perfil" })).toHaveAttribute(
      "aria-busy",
      "true",
    )
    await expect(canvasElement.querySelector('[data-slot="banner"]')).toHaveAttribute("aria-busy")
    await expect(canvas.queryByRole("button", { name: "Assinar Close Friends" })).toBeNull()
  },
}

export const Visitor: Story = {
  name: "Visitante",
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    await step("presentation with bio and counts", async () => {
      await expect(canvas.getByRole("heading", { level: 1, name: "Ana Demo" })).toBeVisible()
      await expect(canvas.getByText("@demo")).toBeVisible()
      await expect(canvas.getByRole("img", { name: "Perfil verificado" })).toBeVisible()
      const counts = canvas.getByRole("list", { name: "Números do perfil" })
      await expect(counts).toHaveTextContent("12fotos")
      await expect(counts).toHaveTextContent("3destaques")
      await expect(counts).toHaveTextContent("5stories")
      await expect(canvas.getByText(/Bastidores, rotina e conteúdo/)).toBeVisible()
      await expect(canvas.queryByRole("link", { name: "Mais opções" })).toBeNull()
      // No stories for a visitor: the avatar is not a button.
      await expect(canvas.queryByRole("button", { name: "Ver stories de @demo" })).toBeNull()
    })
    await step("highlights and grid are locked", async () => {
      const highlights = canvas.getByRole("region", { name: "Destaques" })
      await expect(within(highlights).queryAllByRole("button")).toHaveLength(0)
      await expect(highlights).toHaveTextContent("Viagens(bloqueado)")
      await userEvent.click(within(highlights).getByText("Viagens"))
      await expect(args.onOpenHighlight).not.toHaveBeenCalled()
      await expect(canvas.getByText("Conteúdo exclusivo para assinantes")).toBeVisible()
      await userEvent.click(canvas.getByRole("button", { name: "Assinar para ver" }))
      await expect(args.onSubscribe).toHaveBeenCalledTimes(1)
    })
    await step("subscribe box", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Assinar Close Friends" }))
      await expect(args.onSubscribe).toHaveBeenCalledTimes(2)
      await expect(canvas.getByRole("link", { name: "Já sou assinante" })).toHaveAttribute(
        "href",
        "/demo/auth",
      )
    })
    await step("footer with support", async () => {
      await expect(canvas.getByRole("link", { name: "Suporte" })).toHaveAttribute(
        "href",
        supportChatUrl("5511999990000", "Olá! Preciso de ajuda com o Close Friends de @demo."),
      )
      await expect(canvas.getByRole("contentinfo")).toHaveTextContent("© 2026 Closer.")
    })
  },
}

export const LoggedInWithoutSubscription: Story = {
  name: "Logada sem assinatura",
  args: { loggedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("link", { name: "Mais opções" })).toHaveAttribute(
      "href",
      "/demo/setting",
    )
    await expect(canvas.getByRole("button", { name: "Assinar Close Friends" })).toBeVisible()
    await expect(canvas.queryByRole("status")).toBeNull()
  },
}

export const PendingSubscription: Story = {
  name: "Assinatura aguardando pagamento",
  args: {
    loggedIn: true,
    view: {
      ...visitorView,
      subscription: {
        status: "ready",
        subscription: makeSubscription({
          status: "pending",
          payment: makePayment({ status: "pending" }),
          currentPeriodStart: null,
          currentPeriodEnd: null,
        }),
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("status")).toHaveTextContent(
      "Status da assinatura: aguardando pagamento",
    )
    await expect(canvas.getByText("Conteúdo exclusivo para assinantes")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Assinar Close Friends" }))
    await expect(args.onSubscribe).toHaveBeenCalledTimes(1)
  },
}

export const Subscriber: Story = {
  name: "Assinante",
  args: { loggedIn: true, view: subscriberView },
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    const screen = within(canvasElement.ownerDocument.body)
    await step("bio and subscribe box are hidden", async () => {
      await expect(canvas.queryByText(/Bastidores, rotina e conteúdo/)).toBeNull()
      await expect(canvas.queryByRole("button", { name: "Assinar Close Friends" })).toBeNull()
      await expect(canvas.queryByText("Conteúdo exclusivo para assinantes")).toBeNull()
    })
    await step("avatar with the unseen ring opens the stories", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Ver stories de @demo" }))
      await expect(args.onOpenStories).toHaveBeenCalledTimes(1)
    })
    await step("highlights open, except one without stories", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Viagens" }))
      await expect(args.onOpenHighlight).toHaveBeenCalledWith("highlight-1")
      await expect(canvas.queryByRole("button", { name: "Receitas" })).toBeNull()
      await userEvent.click(canvas.getByText("Receitas"))
      await expect(args.onOpenHighlight).toHaveBeenCalledTimes(1)
    })
    await step("a photo opens the feed on it", async () => {
      const grid = canvas.getByRole("tabpanel", { name: "Fotos" })
      const tiles = within(grid).getAllByRole("button")
      await expect(tiles).toHaveLength(12)
      await expect(tiles[0]!.querySelector("img")).toHaveAttribute("loading", "eager")
      await expect(tiles[11]!.querySelector("img")).toHaveAttribute("loading", "lazy")
      await userEvent.click(within(grid).getByRole("button", { name: "Foto 2 dos bastidores" }))
      const feed = await screen.findByRole("dialog", { name: "Fotos" })
      await userEvent.click(within(feed).getByRole("button", { name: "Fechar" }))
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    })
  },
}

const notifySwitch = (enabled: boolean) => (
  <NotifyToggle
    label={notifyToggleLabel}
    enabled={enabled}
    onChange={async () => undefined}
    className="px-4"
  />
)

/** A subscriber sees "Avisar quando tiver novidade"; a visitor or a lapsed follower never. */
export const SubscriberWithNotifications: Story = {
  name: "Assinante com avisos de novidades",
  args: { loggedIn: true, view: subscriberView, notify: notifySwitch(true) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("switch", { name: notifyToggleLabel })).toHaveAttribute(
      "aria-checked",
      "true",
    )
  },
}

export const NotificationsNeedAccess: Story = {
  name: "Sem assinatura: sem avisos de novidades",
  args: { loggedIn: true, notify: notifySwitch(false) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("button", { name: "Assinar Close Friends" })).toBeVisible()
    await expect(canvas.queryByRole("switch", { name: notifyToggleLabel })).toBeNull()
  },
}

/** A highlight open: its stories play over the page, from the first. */
export const HighlightPlaying: Story = {
  name: "Destaque tocando",
  args: {
    loggedIn: true,
    view: subscriberView,
    highlightPlayer: (
      <StoriesPlayer
        stories={makeHighlights()[0]!.stories!}
        author={profile}
        now={FIXED_NOW}
        startIndex={0}
        // Frozen progress keeps the screenshot identical.
        autoplay={false}
        onClose={fn()}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const player = await within(canvasElement.ownerDocument.body).findByRole("dialog", {
      name: "Stories de @demo",
    })
    await expect(within(player).getByRole("status")).toHaveTextContent("Story 1 de 2")
  },
}

/** Everything seen: the avatar still opens the stories, without the ring. */
export const SubscriberAllSeen: Story = {
  name: "Assinante com stories vistos",
  args: { loggedIn: true, view: subscriberView, lastSeen: FIXED_NOW.getTime() },
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByRole("button", { name: "Ver stories de @demo" })
    await expect(avatar.querySelector('[data-slot="avatar"]')).not.toHaveClass("bg-story-ring")
  },
}

export const SubscriptionLoading: Story = {
  name: "Carregando assinatura",
  args: { loggedIn: true, view: { ...visitorView, subscription: { status: "loading" } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("Carregando fotos")).toBeInTheDocument()
    await expect(canvas.queryByRole("button", { name: "Assinar Close Friends" })).toBeNull()
    await expect(canvas.getByText(/Bastidores, rotina e conteúdo/)).toBeVisible()
  },
}

export const CreatorWithNoContent: Story = {
  name: "Criadora sem conteúdo",
  args: {
    loggedIn: true,
    view: {
      ...subscriberView,
      stats: makeStats({ medias: 0, highlights: 0, stories: 0 }),
      highlights: [],
      medias: [],
      stories: [],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText("@demo ainda não publicou fotos. Volte em breve!")).toBeVisible()
    await expect(canvas.queryByRole("region", { name: "Destaques" })).toBeNull()
    await expect(canvas.queryByRole("button", { name: "Ver stories de @demo" })).toBeNull()
    await expect(canvas.getByRole("list", { name: "Números do perfil" })).toHaveTextContent(
      "0fotos",
    )
  },
}

export const LoadError: Story = {
  name: "Perfil não encontrado",
  args: { view: { status: "error", message: "Perfil não encontrado" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole("alert")).toHaveTextContent("Não foi possível abrir este perfil")
    await expect(canvas.getByRole("alert")).toHaveTextContent("Perfil não encontrado")
    await userEvent.click(canvas.getByRole("button", { name: "Tentar novamente" }))
    await expect(args.onRetry).toHaveBeenCalledTimes(1)
  },
}

export const Desktop: Story = {
  name: "Computador",
  args: { loggedIn: true, view: subscriberView },
  globals: { viewport: { value: "desktop" } },
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole("tabpanel", { name: "Fotos" })
    const [first, second] = within(grid).getAllByRole("button")
    const a = first!.getBoundingClientRect()
    const b = second!.getBoundingClientRect()
    await expect(b.top).toBe(a.top)
    await expect(a.height / a.width).toBeCloseTo(5 / 4, 1)
  },
}
