import { useEffect } from "react"
import type { FieldValues, Resolver } from "react-hook-form"
import type * as z from "zod/v4/core"

/** A form's resolver whose schema is fetched on its own, and a way to start fetching it early. */
export type LazyZodResolver<Input extends FieldValues, Output> = {
  resolver: Resolver<Input, unknown, Output>
  preload: () => void
}

/**
 * A zod resolver for react-hook-form that imports the schema (and zod with it) only once the
 * person starts on the form (`preload`): a form's first paint needs none of it, since nothing
 * is checked before the person types or submits. Checks asked for before that, such as the one
 * react-hook-form runs at mount for `isValid`, wait for it; an empty form stays invalid
 * meanwhile. A failed import is tried again at the next check.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.$ZodType<Output, Input>>,
): LazyZodResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined
  let want = () => {}
  const wanted = new Promise<void>((resolve) => (want = resolve))
  const load = () => {
    loading ??= Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<Input, unknown, Output>,
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  return {
    resolver: async (values, context, options) => {
      await wanted
      return (await load())(values, context, options)
    },
    preload: () => {
      want()
      load().catch(() => undefined)
    },
  }
}

/**
 * What tells that the person is about to fill in a form: a field focused, a touch, a click, or
 * a value typed without focus (the browser's autofill).
 */
const FIRST_INTERACTION = ["focusin", "pointerdown", "input"] as const

/**
 * The form's resolver, its schema fetched at the person's first focus or touch on the page, so
 * it is there before the first field is left. Not sooner: fetched while the page settles, it
 * would still compete with the first paint's code on a phone.
 */
export function useLazyZodResolver<Input extends FieldValues, Output>({
  resolver,
  preload,
}: LazyZodResolver<Input, Output>): Resolver<Input, unknown, Output> {
  useEffect(() => {
    const start = () => {
      FIRST_INTERACTION.forEach((type) => document.removeEventListener(type, start, true))
      preload()
    }
    // A field already focused (autofocus, or a screen shown after a step) starts it at once.
    if (document.activeElement && document.activeElement !== document.body) return start()
    FIRST_INTERACTION.forEach((type) => document.addEventListener(type, start, true))
    return () =>
      FIRST_INTERACTION.forEach((type) => document.removeEventListener(type, start, true))
  }, [preload])
  return resolver
}
