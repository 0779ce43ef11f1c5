import { describe, expect, it } from "vitest"
import {
  formatCnpj,
  formatCpf,
  isValidCnpj,
  isValidCpf,
  isValidPerson,
  normalizeDocument,
} from "./documents.ts"

describe("isValidCpf", () => {
  it("accepts the public valid vectors, masked or not", () => {
    expect(isValidCpf("11144477735")).toBe(true)
    expect(isValidCpf("12345678909")).toBe(true)
    expect(isValidCpf("111.444.777-35")).toBe(true)
  })

  it("rejects wrong check digits and repeated digits", () => {
    expect(isValidCpf("12345678900")).toBe(false)
    expect(isValidCpf("11144477736")).toBe(false)
    expect(isValidCpf("11111111111")).toBe(false)
    expect(isValidCpf("00000000000")).toBe(false)
  })

  it("rejects wrong lengths and other characters", () => {
    expect(isValidCpf("1114447773")).toBe(false)
    expect(isValidCpf("111444777350")).toBe(false)
    expect(isValidCpf("1114447773a")).toBe(false)
    expect(isValidCpf("")).toBe(false)
  })

  it("finds every single-digit typo in a valid CPF", () => {
    const valid = "11144477735"
    for (let i = 0; i < valid.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue
        const typo = valid.slice(0, i) + d + valid.slice(i + 1)
        expect(isValidCpf(typo), typo).toBe(false)
      }
    }
  })
})

describe("isValidCnpj", () => {
  it("accepts the numeric vector, masked or not", () => {
    expect(isValidCnpj("11222333000181")).toBe(true)
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true)
  })

  it("rejects wrong check digits, repeated characters and wrong lengths", () => {
    expect(isValidCnpj("11222333000180")).toBe(false)
    expect(isValidCnpj("00000000000000")).toBe(false)
    expect(isValidCnpj("1122233300018")).toBe(false)
  })

  it("accepts an alphanumeric CNPJ whose check digits follow the ASCII-minus-48 rule", () => {
    // 1,2,A=17,B=18,C=19,3,4,5,0,1,D=20,E=21
    // first: weights 5432 98765432 -> sum 459, 459 % 11 = 8 -> 11 - 8 = 3
    // second: weights 65432 98765432 over the twelve plus 3 -> sum 424, 424 % 11 = 6 -> 5
    expect(isValidCnpj("12ABC34501DE35")).toBe(true)
    expect(isValidCnpj("12.ABC.345/01DE-35")).toBe(true)
    expect(isValidCnpj("12abc34501de35")).toBe(true)
  })

  it("rejects an alphanumeric CNPJ with wrong or non-numeric check digits", () => {
    expect(isValidCnpj("12ABC34501DE36")).toBe(false)
    expect(isValidCnpj("12ABC34501DE53")).toBe(false)
    expect(isValidCnpj("12ABC34501DE3A")).toBe(false)
    expect(isValidCnpj("12ABC34501D#35")).toBe(false)
  })
})

describe("isValidPerson", () => {
  it("chooses CPF or CNPJ by length", () => {
    expect(isValidPerson("111.444.777-35")).toBe(true)
    expect(isValidPerson("11.222.333/0001-81")).toBe(true)
    expect(isValidPerson("12ABC34501DE35")).toBe(true)
    expect(isValidPerson("12345678900")).toBe(false)
    expect(isValidPerson("11222333000180")).toBe(false)
    expect(isValidPerson("123456789012")).toBe(false)
  })
})

describe("formatting", () => {
  it("masks a CPF and a CNPJ", () => {
    expect(formatCpf("11144477735")).toBe("111.444.777-35")
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81")
    expect(formatCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35")
  })

  it("leaves incomplete values as typed", () => {
    expect(formatCpf("1114447")).toBe("1114447")
    expect(formatCnpj("112223")).toBe("112223")
  })

  it("normalises masks away", () => {
    expect(normalizeDocument(" 12.abc.345/01de-35 ")).toBe("12ABC34501DE35")
  })
})
