import type { FactoryOpts, MaskedDynamic } from "imask"
import { cardNumberMask, masks } from "../../domain/masks.ts"

/** The masks a TextField offers; the patterns themselves live in src/domain/masks.ts. */
export type InputMaskName =
  | "instagram"
  | "phone"
  | "person"
  | "zipcode"
  | "birthDate"
  | "cardNumber"
  | "cardExpDate"
  | "cvv"
  | "code"

const cardNumberOptions = [masks.cardNumberAmex, masks.cardNumberDiners, masks.cardNumber]

/** react-imask options per mask, plus how a phone keyboard should look for it. */
export const inputMasks: Record<
  InputMaskName,
  { options: FactoryOpts; inputMode: "numeric" | "tel" | "text" }
> = {
  instagram: {
    // Handles are shown as typed but in lower case, the way Instagram stores them.
    options: { ...masks.instagram, prepareChar: (char: string) => char.toLowerCase() },
    inputMode: "text",
  },
  phone: { options: { ...masks.phone }, inputMode: "tel" },
  // CPF until the twelfth character, then CNPJ.
  person: { options: { mask: masks.person.mask.map((m) => ({ ...m })) }, inputMode: "text" },
  zipcode: { options: { ...masks.zipcode }, inputMode: "numeric" },
  birthDate: { options: { ...masks.birthDate }, inputMode: "numeric" },
  cardNumber: {
    options: {
      mask: cardNumberOptions.map((m) => ({ ...m })),
      // Amex (4-6-5) and Diners (4-6-4) are known from their first digits.
      dispatch: (appended: string, masked: MaskedDynamic) => {
        const wanted = cardNumberMask(masked.value + appended).mask
        return masked.compiledMasks.find((m) => m.mask === wanted)
      },
    },
    inputMode: "numeric",
  },
  cardExpDate: { options: { ...masks.cardExpDate }, inputMode: "numeric" },
  cvv: { options: { ...masks.cvv }, inputMode: "numeric" },
  code: { options: { ...masks.code }, inputMode: "numeric" },
}
