import { useEffect, useImperativeHandle, useRef, type Ref } from "react"
import type { FieldValues, UseFormReturn } from "react-hook-form"

/**
 * A form a screen loads on demand and submits from its own button: the screen holds this
 * handle instead of the form, so it needs neither react-hook-form nor the schemas until the
 * form is shown.
 */
export type FormHandle<Output> = {
  /** Validates and resolves with the form's output, or null after showing its messages. */
  submit(): Promise<Output | null>
}

export type OwnedFormProps<Output> = {
  handle?: Ref<FormHandle<Output>>
  /** Told whenever the form turns valid or invalid, so the screen's button can follow. */
  onValidChange?: (valid: boolean) => void
}

/** Wires a react-hook-form form to its handle and its validity callback. */
export function useFormHandle<Input extends FieldValues, Output>(
  form: UseFormReturn<Input, unknown, Output>,
  { handle, onValidChange }: OwnedFormProps<Output>,
) {
  useImperativeHandle(
    handle,
    () => ({
      submit: () =>
        new Promise<Output | null>((resolve) => {
          void form.handleSubmit(resolve, () => resolve(null))()
        }),
    }),
    [form],
  )
  const { isValid } = form.formState
  const tell = useRef(onValidChange)
  useEffect(() => {
    tell.current = onValidChange
  })
  useEffect(() => {
    tell.current?.(isValid)
  }, [isValid])
}
