import IMask from "imask"
import { describe, expect, it } from "vitest"
import { cardNumberMask, masks, onlyDigits } from "./masks.ts"

/** What the input shows after typing `typed` through the mask, as react-imask would. */
function typeInto(options: object, typed: string): string {
  const masked = IMask.createMask(options as Parameters<typeof IMask.createMask>[0])
  masked.resolve(typed)
  return masked.value
}

describe("masks", () => {
  it("format what is typed", () => {
    expect(typeInto(masks.phone, "11987654321")).toBe("(11) 98765-4321")
    expect(typeInto(masks.zipcode, "01310100")).toBe("01310-100")
    expect(typeInto(masks.cpf, "11144477735")).toBe("111.444.777-35")
    expect(typeInto(masks.cnpj, "11222333000181")).toBe("11.222.333/0001-81")
    expect(typeInto(masks.birthDate, "31121990")).toBe("31/12/1990")
    expect(typeInto(masks.cardNumber, "4111111111111111")).toBe("4111 1111 1111 1111")
    expect(typeInto(masks.cardExpDate, "1230")).toBe("12/30")
    expect(typeInto(masks.cvv, "12345")).toBe("1234")
    expect(typeInto(masks.code, "12345678")).toBe("123456")
  })

  it("start the instagram handle with @ and drop characters Instagram does not allow", () => {
    expect(typeInto(masks.instagram, "ana.b_1")).toBe("@ana.b_1")
    expect(typeInto(masks.instagram, "@ana")).toBe("@ana")
    expect(typeInto(masks.instagram, "ana b!")).toBe("@anab")
  })

  it("switch the document mask from CPF to CNPJ, alphanumeric included", () => {
    expect(typeInto(masks.person, "11144477735")).toBe("111.444.777-35")
    expect(typeInto(masks.person, "11222333000181")).toBe("11.222.333/0001-81")
    expect(typeInto(masks.person, "12ABC34501DE35")).toBe("12.ABC.345/01DE-35")
  })

  it("pick the card-number grouping by brand", () => {
    expect(cardNumberMask("3782")).toBe(masks.cardNumberAmex)
    expect(typeInto(cardNumberMask("378282246310005"), "378282246310005")).toBe("3782 822463 10005")
    expect(typeInto(cardNumberMask("30569309025904"), "30569309025904")).toBe("3056 930902 5904")
    expect(cardNumberMask("5555")).toBe(masks.cardNumber)
    expect(cardNumberMask("")).toBe(masks.cardNumber)
  })
})

describe("onlyDigits", () => {
  it("keeps digits only", () => {
    expect(onlyDigits("(11) 98765-4321")).toBe("11987654321")
    expect(onlyDigits("abc")).toBe("")
  })
})
