import { useId } from "react"

const tones = { canvas: "bg-canvas", surface: "bg-surface" }

export type ReadOnlyValueProps = {
  label: string
  value: string
  rows: number
  /** The field's background: "surface" on a page's canvas, "canvas" inside a card. */
  tone?: keyof typeof tones
}

/**
 * A value to copy, such as a Pix code or key: labelled, read-only, and selected whole when it is
 * tabbed to or tapped, so copying never takes half of it.
 */
export function ReadOnlyValue({ label, value, rows, tone = "canvas" }: ReadOnlyValueProps) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        rows={rows}
        value={value}
        onFocus={(event) => event.currentTarget.select()}
        // A click's own caret would undo the selection made on focus.
        onClick={(event) => event.currentTarget.select()}
        className={`w-full resize-none rounded-field border border-line ${tones[tone]} p-3 font-mono text-sm break-all`}
      />
    </div>
  )
}
