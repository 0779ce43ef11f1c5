import type { Decorator } from "@storybook/react-vite"
import { expect, within } from "storybook/test"

/** Queries over the whole page: dialogs and toasts render in a portal outside the story. */
export const pageOf = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** The studio and operator pages' column: centred, at most 3xl wide. */
export const studioColumn: Decorator = (Story) => (
  <div className="mx-auto max-w-3xl p-4">
    <Story />
  </div>
)

/** The same column with its sections stacked as the page stacks them. */
export const studioStack: Decorator = (Story) => (
  <div className="mx-auto flex max-w-3xl flex-col gap-4 p-4">
    <Story />
  </div>
)

/**
 * Fails if `query` finds its element at any moment of the next `ms`: a part a screen loads apart
 * (lazily) shows up a moment after the rest, so "not in the document" at once would prove nothing.
 * Stories using it load that part first (`loaders`), so it would show well within `ms`.
 */
export async function expectStaysAbsent(query: () => HTMLElement | null, ms = 400) {
  const until = performance.now() + ms
  do {
    await expect(query()).not.toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
  } while (performance.now() < until)
}
