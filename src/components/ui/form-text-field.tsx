import type { ComponentType } from "react"
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form"
import { TextField, type TextFieldProps } from "./text-field.tsx"

/** What a field bound to a form is given (`Extra`: what the drawn field takes beyond TextField's). */
export type FormTextFieldProps<Values extends FieldValues, Extra = unknown> = Omit<
  TextFieldProps,
  "name" | "value" | "defaultValue" | "error" | "ref" | "onChange" | "renderInput"
> &
  Extra & {
    control: Control<Values>
    name: FieldPath<Values>
    /** Rewrites what was typed before the form keeps it (e.g. lower-case e-mail). */
    normalize?: (value: string) => string
    /** Called after the form has the new value (e.g. to validate a dependent field again). */
    onValueChange?: (value: string) => void
  }

/** Draws `Field` bound to a react-hook-form field: its value, blur, focus and message. */
export function BoundField<Values extends FieldValues, Extra>({
  field: Field,
  control,
  name,
  normalize,
  onValueChange,
  onBlur,
  ...props
}: FormTextFieldProps<Values, Extra> & { field: ComponentType<TextFieldProps & Extra> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          {...(props as unknown as TextFieldProps & Extra)}
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

/**
 * A TextField bound to a form field. Masked fields use FormMaskedTextField, so that the forms
 * without one (signing in, recovery) do not load the mask library.
 */
export function FormTextField<Values extends FieldValues>(props: FormTextFieldProps<Values>) {
  return <BoundField {...props} field={TextField} />
}

const lowerCase = (value: string) => value.toLowerCase()

/**
 * An e-mail bound to a form, kept in lower case as it is typed: accounts are found by their
 * lower-case e-mail (spec §5: "lowercased on the e-mail step").
 */
export function FormEmailField<Values extends FieldValues>(
  props: Omit<FormTextFieldProps<Values>, "type" | "normalize">,
) {
  return (
    <FormTextField
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      normalize={lowerCase}
      {...props}
    />
  )
}
