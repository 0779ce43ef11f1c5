import { useRef, useState, type PointerEvent } from "react"
import type { Clock } from "../../components/clock.ts"
import { PRESS_GESTURE_MS, TAP_MAX_DURATION_MS } from "../../domain/constants.ts"

/** How far a downward drag must go before releasing it closes the player. */
export const PAN_CLOSE_DISTANCE_PX = 100
// Movement below this is a shaky tap, not a drag.
const DRAG_START_PX = 10

type Options = {
  /** True while a press is held past the press gesture's 10 ms (the story pauses). */
  onHoldChange: (held: boolean) => void
  onPanClose: () => void
  /** Times the press gesture and the end of a tap. */
  clock: Clock
}

type Press = { x: number; y: number; held: boolean; long: boolean; dragging: boolean }

/**
 * Press, hold and drag-down on the story surface (spec §9): a press pauses the story after
 * 10 ms, as the finger rests; released before 120 ms it is still a tap. Taps stay ordinary
 * clicks on the zone buttons; after a longer press or a drag the click that follows must be
 * ignored (`consumeClick`).
 */
export function useStoryGestures({ onHoldChange, onPanClose, clock }: Options) {
  const [dragY, setDragY] = useState(0)
  const press = useRef<Press | null>(null)
  const holdTimer = useRef<number | undefined>(undefined)
  const tapTimer = useRef<number | undefined>(undefined)
  const suppressClick = useRef(false)

  const stopTimers = () => {
    clock.clearTimeout(holdTimer.current)
    clock.clearTimeout(tapTimer.current)
  }

  const end = (close: boolean) => {
    stopTimers()
    const current = press.current
    press.current = null
    if (!current) return
    if (current.held) onHoldChange(false)
    if (current.long || current.dragging) suppressClick.current = true
    setDragY(0)
    if (close) onPanClose()
  }

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return
      suppressClick.current = false
      press.current = {
        x: event.clientX,
        y: event.clientY,
        held: false,
        long: false,
        dragging: false,
      }
      stopTimers()
      holdTimer.current = clock.setTimeout(() => {
        if (!press.current || press.current.dragging) return
        press.current.held = true
        onHoldChange(true)
      }, PRESS_GESTURE_MS)
      tapTimer.current = clock.setTimeout(() => {
        if (press.current) press.current.long = true
      }, TAP_MAX_DURATION_MS)
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const current = press.current
      if (!current) return
      const dx = event.clientX - current.x
      const dy = event.clientY - current.y
      if (!current.dragging && dy > DRAG_START_PX && dy > Math.abs(dx)) {
        current.dragging = true
        stopTimers()
        if (current.held) {
          current.held = false
          onHoldChange(false)
        }
      }
      if (current.dragging) setDragY(Math.max(0, dy))
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const current = press.current
      const dy = current ? event.clientY - current.y : 0
      end(Boolean(current?.dragging) && dy >= PAN_CLOSE_DISTANCE_PX)
    },
    onPointerCancel: () => end(false),
  }

  /** True (once) when the click in progress ends a hold or a drag rather than a tap. */
  const consumeClick = () => {
    const suppressed = suppressClick.current
    suppressClick.current = false
    return suppressed
  }

  return { handlers, consumeClick, dragY }
}
