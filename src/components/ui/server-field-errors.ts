import { useRef } from "react"
import type { FieldErrors, FieldValues, Path, Resolver, UseFormReturn } from "react-hook-form"

type Refusal<Values> = { sent: string; name: Path<Values>; message: string }

/** What `show` needs of the form. */
type ShownOn<Values extends FieldValues, Output> = Pick<
  UseFormReturn<Values, unknown, Output>,
  "getValues" | "setError"
>

/**
 * Keeps a message the server gave a field (a username taken, a wrong password) while the form
 * holds what was sent. react-hook-form's `setError` lasts only until the field's next check,
 * and a tap on the button starts one as the field loses focus: ending after the server's
 * answer, it wiped the message. Here every check of the form repeats it until something changes.
 */
export function useServerFieldErrors<Values extends FieldValues, Output>(
  resolver: Resolver<Values, unknown, Output>,
) {
  const refusal = useRef<Refusal<Values> | null>(null)
  const checked: Resolver<Values, unknown, Output> = async (values, context, options) => {
    const result = await resolver(values, context, options)
    const known = refusal.current
    if (!known || known.sent !== JSON.stringify(values)) return result
    const errors: Record<string, unknown> = { ...result.errors }
    errors[known.name] ??= { type: "server", message: known.message }
    return { values: {}, errors: errors as FieldErrors<Values> }
  }
  return {
    resolver: checked,
    /** Shows the server's message on `name`, for as long as the form holds what was sent. */
    show: (
      form: ShownOn<Values, Output>,
      name: Path<Values>,
      message: string,
      options?: { shouldFocus: boolean },
    ) => {
      refusal.current = { sent: JSON.stringify(form.getValues()), name, message }
      form.setError(name, { type: "server", message }, options)
    },
  }
}
