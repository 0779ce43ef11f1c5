import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, within } from "storybook/test"
import { NavigationProvider } from "../../components/ui/app-link.tsx"
import { FIXED_NOW } from "../../testing/fixtures/clock.ts"
import { makeProfile } from "../../testing/fixtures/profile.ts"
import { makeSubscription } from "../../testing/fixtures/subscription.ts"
import { NotificationPreferences } from "../notifications/notification-preferences.tsx"
import { SettingsScreen } from "./settings-screen.tsx"

const navigate = fn()
const profile = makeProfile()

/** Minha conta with "Avisos de novidades": for a signed-in follower only. */
const meta = {
  title: "Telas/Minha conta/Minha conta - Avisos de novidades",
  tags: ["seguidora"],
  component: SettingsScreen,
  args: {
    view: {
      status: "ready",
      account: { email: "fa@exemplo.com.br", fullName: "Fã Demo" },
      creator: profile,
      subscription: makeSubscription({ performer: { ...profile } }),
    },
    now: FIXED_NOW,
    onBack: fn(),
    onRetry: fn(),
    onLogout: fn(),
    notifications: (
      <NotificationPreferences
        view={{
          status: "ready",
          creators: [{ username: "demo", fullName: "Ana Demo", enabled: true, email: true }],
        }}
        onRetry={() => undefined}
        onChange={async () => undefined}
      />
    ),
    hrefs: {
      auth: "/demo/auth",
      profile: "/demo",
      payment: "/demo/payment",
      paymentStatus: "/demo/payment/status",
      cancel: "/demo/setting/cancel",
      support: "https://ajuda.exemplo.com.br/contato",
    },
  },
  decorators: [
    (Story) => (
      <NavigationProvider navigate={navigate}>
        <Story />
      </NavigationProvider>
    ),
  ],
} satisfies Meta<typeof SettingsScreen>

export default meta
type Story = StoryObj<typeof meta>

export const SignedIn: Story = {
  name: "Logada: avisos por criadora",
  play: async ({ canvasElement }) => {
    const section = within(canvasElement).getByRole("region", { name: "Avisos de novidades" })
    await expect(within(section).getByRole("switch", { name: "@demo" })).toHaveAttribute(
      "aria-checked",
      "true",
    )
  },
}

export const Visitor: Story = {
  name: "Visitante: sem avisos",
  args: {
    view: { status: "ready", account: null, creator: profile, subscription: null },
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).queryByRole("region", { name: "Avisos de novidades" }),
    ).toBeNull()
  },
}
