import type { Decorator } from "@storybook/react-vite"
import { within } from "storybook/test"

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
