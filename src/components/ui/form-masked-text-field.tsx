import type { FieldValues } from "react-hook-form"
import { BoundField, type FormTextFieldProps } from "./form-text-field.tsx"
import { MaskedTextField, type MaskedTextFieldProps } from "./masked-text-field.tsx"

type Mask = Pick<MaskedTextFieldProps, "mask">

/** A MaskedTextField (CPF, phone, card number...) bound to a form field. */
export function FormMaskedTextField<Values extends FieldValues>(
  props: FormTextFieldProps<Values, Mask>,
) {
  return <BoundField<Values, Mask> {...props} field={MaskedTextField} />
}
