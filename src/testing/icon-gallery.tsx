import type { ComponentType, ReactNode } from "react"
import { expect } from "storybook/test"

type IconComponent = ComponentType<{ className?: string }>

/** Every icon of a set with its name, as the icon stories lay them out; `extra` adds variants. */
export function IconGallery({
  icons,
  extra,
}: {
  icons: Record<string, IconComponent>
  extra?: ReactNode
}) {
  return (
    <ul className="grid grid-cols-4 gap-4 p-4 text-ink">
      {Object.entries(icons).map(([name, Icon]) => (
        <li key={name} className="flex flex-col items-center gap-1 text-xs">
          <Icon className="size-6" />
          {name.replace("Icon", "")}
        </li>
      ))}
      {extra}
    </ul>
  )
}

/** Checks that `count` icons are drawn, each hidden from assistive technology, and returns them. */
export async function expectDecorativeIcons(canvasElement: HTMLElement, count: number) {
  const svgs = canvasElement.querySelectorAll('svg[data-slot="icon"]')
  await expect(svgs).toHaveLength(count)
  // The control around an icon names it.
  for (const svg of svgs) await expect(svg).toHaveAttribute("aria-hidden", "true")
  return svgs
}
