import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form"
import { MaskedTextField, type MaskedTextFieldProps } from "./masked-text-field.tsx"

export type FormTextFieldProps<Values extends FieldValues> = Omit<
  MaskedTextFieldProps,
  "name" | "value" | "defaultValue" | "error" | "ref" | "onChange"
> & {
  control: Control<Values>
  name: FieldPath<Values>
  /** Rewrites what was typed before the form keeps it (e.g. lower-case e-mail). */
  normalize?: (value: string) => string
  /** Called after the form has the new value (e.g. to validate a dependent field again). */
  onValueChange?: (value: string) => void
}

/** A (masked) TextField bound to a react-hook-form field: its value, blur, focus and message. */
export function FormTextField<Values extends FieldValues>({
  control,
  name,
  normalize,
  onValueChange,
  onBlur,
  ...props
}: FormTextFieldProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MaskedTextField
          {...props}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ""}
          disabled={props.disabled ?? field.disabled}
          onChange={(typed) => {
            const value = normalize ? normalize(typed) : typed
            field.onChange(value)
            onValueChange?.(value)
          }}
          onBlur={(event) => {
            field.onBlur()
            onBlur?.(event)
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  )
}
