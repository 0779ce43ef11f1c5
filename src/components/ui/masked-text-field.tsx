import type { ComponentType, Ref } from "react"
import { IMaskInput } from "react-imask"
import { inputMasks, type InputMaskName } from "./input-masks.ts"
import { TextField, type NativeInputProps, type TextFieldProps } from "./text-field.tsx"

type MaskedInputProps = NativeInputProps & {
  value: string
  onAccept: (value: string) => void
  inputRef?: Ref<HTMLInputElement>
}
// react-imask's own prop type is a union per mask kind; this field only needs the common part.
const MaskedInput = IMaskInput as unknown as ComponentType<MaskedInputProps>

export type MaskedTextFieldProps = Omit<TextFieldProps, "renderInput"> & {
  /** Shapes what is typed (CPF, phone, card number...); without it the field is a plain TextField. */
  mask?: InputMaskName
}

/**
 * A TextField that formats as the user types, with react-imask. It is a component of its own so
 * that only the screens with masked fields load the mask library.
 */
export function MaskedTextField({ mask, ...props }: MaskedTextFieldProps) {
  if (!mask) return <TextField {...props} />
  const { options, inputMode } = inputMasks[mask]
  return (
    <TextField
      {...props}
      renderInput={(input) => (
        <MaskedInput
          {...input.props}
          {...(options as object)}
          inputMode={props.inputMode ?? inputMode}
          value={input.value}
          onAccept={input.onChange}
          inputRef={input.ref}
        />
      )}
    />
  )
}
