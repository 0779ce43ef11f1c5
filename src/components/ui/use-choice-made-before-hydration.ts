import { useLayoutEffect, type RefObject } from "react"

/**
 * A radio group the server drew works before the app takes the page over: a choice tapped then
 * stays checked in the markup, but React does not know it, and its next render would uncheck
 * it again (a follower on a slow phone would lose the plan tapped in the first second). When
 * the group mounts, that choice is handed to `onChange` as if it was tapped now.
 */
export function useChoiceMadeBeforeHydration<T extends string>(
  group: RefObject<HTMLElement | null>,
  value: T | null | undefined,
  onChange: (choice: T) => void,
) {
  useLayoutEffect(() => {
    const checked = group.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')
    if (checked && checked.value !== value) onChange(checked.value as T)
    // Only the markup as the group found it when it mounted; later choices arrive as events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
