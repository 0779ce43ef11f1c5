import { describe, expect, it } from "vitest"
import {
  PixCodeError,
  buildPixCode,
  crc16,
  isValidPixCode,
  parsePixCode,
  pixAutomaticJourney,
  type PixCodeInput,
} from "./pix.ts"

/** The public vectors of payments.md, each with the parts it is made of. */
const vectors: Array<{ label: string; code: string; parts: PixCodeInput }> = [
  {
    label: "static, random key",
    code: "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D",
    parts: { key: "123e4567-e12b-12d1-a456-426655440000", name: "Fulano de Tal", city: "BRASILIA" },
  },
  {
    label: "static, e-mail key, amount, description",
    code: "00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914Thales Ogliari6002SC62070503***6304E5AB",
    parts: {
      key: "thalesog@me.com",
      description: "Pedido 123",
      amountCents: 1000,
      name: "Thales Ogliari",
      city: "SC",
    },
  },
  {
    label: "static, CPF key, amount",
    code: "00020126330014br.gov.bcb.pix0111123456789095204000053039865406123.455802BR5913Fulano de Tal6008Brasilia62070503***630479EE",
    parts: { key: "12345678909", amountCents: 12345, name: "Fulano de Tal", city: "Brasilia" },
  },
  {
    label: "dynamic",
    code: "00020101021226480014br.gov.bcb.pix2526pix.example.com/qr/v2/12345204000053039865802BR5913Fulano de Tal6008Brasilia62070503***6304FC66",
    parts: {
      url: "pix.example.com/qr/v2/1234",
      singleUse: true,
      name: "Fulano de Tal",
      city: "Brasilia",
    },
  },
]

/**
 * Pix Automático codes from the Banco Central's API Pix specification (bacen/pix-api
 * openapi.yaml 2.9.0, examples recResponse3, recResponse6 and recResponse7, field
 * `dadosQR.pixCopiaECola`), CRCs as published.
 */
const automaticVectors: Array<{
  label: string
  journey: 2 | 3
  code: string
  parts: PixCodeInput
}> = [
  {
    label: "Jornada 2: the recurrence alone, field 26 with the GUI only",
    journey: 2,
    code: "00020126180014br.gov.bcb.pix5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80800014br.gov.bcb.pix2558pix.example.com/qr/v2/rec/2353c790eefb11eaadc10242ac120002630462C9",
    parts: {
      recurrenceUrl: "pix.example.com/qr/v2/rec/2353c790eefb11eaadc10242ac120002",
      name: "Fulano de Tal",
      city: "BRASILIA",
    },
  },
  {
    label: "Jornada 3: an immediate charge (cob) and the recurrence",
    journey: 3,
    code: "00020101021226760014br.gov.bcb.pix2554pix.example.com/qr/v2/8b3da2f39a4140d1a91abd93113bd4415204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80800014br.gov.bcb.pix2558pix.example.com/qr/v2/rec/94ed2badcbc04c15b0bb7fa35319489063047741",
    parts: {
      url: "pix.example.com/qr/v2/8b3da2f39a4140d1a91abd93113bd441",
      recurrenceUrl: "pix.example.com/qr/v2/rec/94ed2badcbc04c15b0bb7fa353194890",
      singleUse: true,
      name: "Fulano de Tal",
      city: "BRASILIA",
    },
  },
  {
    label: "Jornada 4: a due-date charge (cobv) and the recurrence",
    // Same layout as journey 3; only the payload behind the URL says cobv.
    journey: 3,
    code: "00020101021226810014br.gov.bcb.pix2559pix.example.com/qr/v2/cobv/1e6c54d3ec9449b7a7fc53b6b0f998e75204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80800014br.gov.bcb.pix2558pix.example.com/qr/v2/rec/3ffa640fa4f14080adccb949fa2dc0d06304A441",
    parts: {
      url: "pix.example.com/qr/v2/cobv/1e6c54d3ec9449b7a7fc53b6b0f998e7",
      recurrenceUrl: "pix.example.com/qr/v2/rec/3ffa640fa4f14080adccb949fa2dc0d0",
      singleUse: true,
      name: "Fulano de Tal",
      city: "BRASILIA",
    },
  },
]

const BAD =
  "00020126360014BR.GOV.BCB.PIX0114+5511943214321520400005303986540566.665802BR5907EMPRESA6008BRASILIA62080503***6304170E"

/** Re-signs a hand-edited code so only the edit, not the CRC, is under test. */
function resign(code: string): string {
  const body = code.slice(0, code.lastIndexOf("6304") + 4)
  return body + crc16(body)
}

describe("crc16", () => {
  it("matches the CRC16-CCITT-FALSE check value", () => {
    expect(crc16("123456789")).toBe("29B1")
  })

  it("pads to four upper-case hex digits", () => {
    expect(crc16("")).toBe("FFFF")
    for (const vector of vectors)
      expect(crc16(vector.code.slice(0, -4))).toBe(vector.code.slice(-4))
  })
})

describe("buildPixCode", () => {
  it.each(vectors)("reproduces the $label vector byte for byte", ({ code, parts }) => {
    expect(buildPixCode(parts)).toBe(code)
  })

  it.each(automaticVectors)(
    "reproduces the BCB $label example byte for byte",
    ({ code, parts }) => {
      expect(buildPixCode(parts)).toBe(code)
    },
  )

  it("strips accents and cuts name to 25 and city to 15 characters", () => {
    const code = buildPixCode({
      key: "thalesog@me.com",
      name: "José da Conceição Gonçalves Júnior",
      city: "São José dos Campos",
    })
    const parsed = parsePixCode(code)
    expect(parsed.name).toBe("Jose da Conceicao Goncalv")
    expect(parsed.city).toBe("Sao Jose dos Ca")
    expect(code).toContain("5925Jose da Conceicao Goncalv6015Sao Jose dos Ca")
  })

  it("drops https:// from the URL and writes field 01 as 11 when reusable", () => {
    const code = buildPixCode({
      url: "https://pix.example.com/qr/v2/abc",
      singleUse: false,
      name: "Fulano",
      city: "Recife",
    })
    expect(code.startsWith("000201010211")).toBe(true)
    expect(code).toContain("2525pix.example.com/qr/v2/abc")
  })

  it("writes txid, postal code and amounts with two decimals", () => {
    const code = buildPixCode({
      key: "12345678909",
      amountCents: 5,
      name: "Fulano",
      city: "Recife",
      txid: "Pedido42",
      postalCode: "50000-000",
    })
    expect(code).toContain("54040.05")
    expect(code).toContain("610850000000")
    expect(code).toContain("62120508Pedido42")
    expect(parsePixCode(code)).toMatchObject({
      amountCents: 5,
      txid: "Pedido42",
      postalCode: "50000000",
    })
  })

  it("writes the Pix Automático recurrence field before the CRC", () => {
    const code = buildPixCode({
      url: "pix.example.com/qr/v2/cobv/1",
      recurrenceUrl: "https://pix.example.com/qr/v2/rec/1",
      name: "Fulano",
      city: "Recife",
    })
    expect(code).toMatch(
      /80\d{2}0014br\.gov\.bcb\.pix2527pix\.example\.com\/qr\/v2\/rec\/16304[0-9A-F]{4}$/,
    )
    expect(parsePixCode(code).recurrenceUrl).toBe("pix.example.com/qr/v2/rec/1")
  })

  it("builds and reads a journey 3 code byte for byte: first period and recurrence in one scan", () => {
    const journey3 =
      "00020101021226570014br.gov.bcb.pix2535pix.example.com/qr/v2/cobv/9d36b84f520400005303986540529.905802BR5917Closer Pagamentos6009Sao Paulo62070503***80620014br.gov.bcb.pix2540pix.example.com/qr/v2/rec/RN1234567820256304C07D"
    const parts = {
      url: "https://pix.example.com/qr/v2/cobv/9d36b84f",
      recurrenceUrl: "pix.example.com/qr/v2/rec/RN123456782025",
      amountCents: 2990,
      name: "Closer Pagamentos",
      city: "São Paulo",
      singleUse: true,
    }
    expect(buildPixCode(parts)).toBe(journey3)
    expect(crc16(journey3.slice(0, -4))).toBe("C07D")
    const parsed = parsePixCode(journey3)
    expect(parsed).toEqual({
      url: "pix.example.com/qr/v2/cobv/9d36b84f",
      recurrenceUrl: "pix.example.com/qr/v2/rec/RN123456782025",
      amountCents: 2990,
      name: "Closer Pagamentos",
      city: "Sao Paulo",
      singleUse: true,
    })
    expect(pixAutomaticJourney(parsed)).toBe(3)
  })

  it("still reads a journey 2 code built before field 26 carried the GUI alone", () => {
    const withoutField26 =
      "0002010102125204000053039865802BR5917Closer Pagamentos6009Sao Paulo62070503***80620014br.gov.bcb.pix2540pix.example.com/qr/v2/rec/RN12345678202563042A2C"
    const parsed = parsePixCode(withoutField26)
    expect(parsed.recurrenceUrl).toBe("pix.example.com/qr/v2/rec/RN123456782025")
    expect(parsed.url).toBeUndefined()
    expect(pixAutomaticJourney(parsed)).toBe(2)
    expect(pixAutomaticJourney(parsePixCode(vectors[3]!.code))).toBeNull()
  })

  it("rejects a recurrence field without the Pix GUI or without its URL, even well signed", () => {
    const journey3 = buildPixCode({
      url: "pix.example.com/qr/v2/cobv/1",
      recurrenceUrl: "pix.example.com/qr/v2/rec/1",
      name: "Fulano",
      city: "Recife",
    })
    const body = journey3.slice(0, -8)
    expect(body).toMatch(/8049[^]{49}$/)
    const cases = {
      "another GUI": body.replace(/8049(0014)br\.gov\.bcb\.pix/, "8049$1br.gov.bcb.pax"),
      "no URL": body.replace(/8049[^]*$/, "80180014br.gov.bcb.pix"),
      "declared length past the end": body.replace(/8049/, "8050"),
    }
    for (const [label, code] of Object.entries(cases)) {
      expect(() => parsePixCode(resign(`${code}6304`)), label).toThrow(PixCodeError)
    }
    expect(() =>
      buildPixCode({ recurrenceUrl: `pix.example.com/${"r".repeat(70)}`, name: "A", city: "B" }),
    ).toThrow(PixCodeError)
  })

  it("refuses key and URL together, or neither", () => {
    expect(() =>
      buildPixCode({ key: "a@b.com", url: "pix.example.com/x", name: "A", city: "B" }),
    ).toThrow(PixCodeError)
    expect(() => buildPixCode({ name: "A", city: "B" })).toThrow(PixCodeError)
  })

  it("refuses an invalid txid, amount, postal code, name or city", () => {
    const base = { key: "a@b.com", name: "A", city: "B" }
    expect(() => buildPixCode({ ...base, txid: "has space" })).toThrow(PixCodeError)
    expect(() => buildPixCode({ ...base, txid: "A".repeat(26) })).toThrow(PixCodeError)
    expect(() => buildPixCode({ ...base, amountCents: 0 })).toThrow(PixCodeError)
    expect(() => buildPixCode({ ...base, amountCents: 10.5 })).toThrow(PixCodeError)
    expect(() => buildPixCode({ ...base, postalCode: "123" })).toThrow(PixCodeError)
    expect(() => buildPixCode({ ...base, name: "  " })).toThrow(PixCodeError)
    expect(() => buildPixCode({ ...base, city: "" })).toThrow(PixCodeError)
  })

  it("keeps field 26 within 99 characters and keys and URLs within 77", () => {
    expect(() => buildPixCode({ key: "k".repeat(78), name: "A", city: "B" })).toThrow(PixCodeError)
    expect(() =>
      buildPixCode({ key: "k".repeat(77), description: "d".repeat(10), name: "A", city: "B" }),
    ).toThrow(PixCodeError)
    expect(() => buildPixCode({ url: "u".repeat(78), name: "A", city: "B" })).toThrow(PixCodeError)
  })
})

describe("parsePixCode", () => {
  it.each(vectors)("reads the $label vector back into its parts", ({ code, parts }) => {
    const parsed = parsePixCode(code)
    expect(parsed).toEqual(parts)
    expect(buildPixCode(parsed)).toBe(code)
  })

  it.each(automaticVectors)("reads the BCB $label example", ({ code, parts, journey }) => {
    expect(crc16(code.slice(0, -4))).toBe(code.slice(-4))
    const parsed = parsePixCode(code)
    expect(parsed).toEqual(parts)
    expect(isValidPixCode(code)).toBe(true)
    expect(pixAutomaticJourney(parsed)).toBe(journey)
  })

  it("refuses field 26 with the GUI alone when no recurrence carries the URL", () => {
    const journey2 = automaticVectors[0]!.code
    const withoutRecurrence = resign(journey2.replace(/8080[^]*6304/, "6304"))
    expect(withoutRecurrence).toMatch(/^00020126180014br\.gov\.bcb\.pix52040000/)
    expect(() => parsePixCode(withoutRecurrence)).toThrow(PixCodeError)
  })

  it("rejects the vector whose field 62 declares 8 characters for 7, though its CRC matches", () => {
    expect(crc16(BAD.slice(0, -4))).toBe(BAD.slice(-4))
    expect(() => parsePixCode(BAD)).toThrow(PixCodeError)
    expect(isValidPixCode(BAD)).toBe(false)
  })

  it("accepts an upper-case GUI", () => {
    const upper = resign(vectors[0]!.code.replace("br.gov.bcb.pix", "BR.GOV.BCB.PIX"))
    expect(parsePixCode(upper).key).toBe("123e4567-e12b-12d1-a456-426655440000")
  })

  it("ignores surrounding whitespace and accepts a lower-case CRC", () => {
    const code = vectors[1]!.code
    expect(parsePixCode(`  ${code}\n`).key).toBe("thalesog@me.com")
    expect(parsePixCode(code.replace(/E5AB$/, "e5ab")).amountCents).toBe(1000)
  })

  it("rejects a wrong CRC and any altered character", () => {
    const code = vectors[0]!.code
    expect(() => parsePixCode(code.replace(/1D3D$/, "1D3E"))).toThrow(PixCodeError)
    expect(() => parsePixCode(code.replace("Fulano", "Fulana"))).toThrow(PixCodeError)
    expect(() => parsePixCode(code.slice(0, -1))).toThrow(PixCodeError)
  })

  it("rejects codes that are well signed but break the rules", () => {
    const key = "0136123e4567-e12b-12d1-a456-426655440000"
    const cases = {
      "key and URL together": resign(
        vectors[0]!.code.replace(
          "26580014br.gov.bcb.pix" + key,
          "26790014br.gov.bcb.pix" + key + "2517pix.example.com/x",
        ),
      ),
      "neither key nor URL": resign(
        vectors[0]!.code.replace("26580014br.gov.bcb.pix" + key, "26180014br.gov.bcb.pix"),
      ),
      "another GUI": resign(vectors[0]!.code.replace("br.gov.bcb.pix", "br.gov.bcb.pax")),
      "point of initiation 13": resign(vectors[3]!.code.replace("010212", "010213")),
      "currency other than 986": resign(vectors[0]!.code.replace("5303986", "5303840")),
      "txid with a symbol": resign(vectors[0]!.code.replace("62070503***", "62070503*-*")),
      "no additional data": resign(vectors[0]!.code.replace("62070503***", "")),
      "payload format missing": resign(vectors[0]!.code.replace(/^000201/, "")),
      "inner field that does not fit": resign(vectors[0]!.code.replace("26580014", "26580015")),
      "amount that is not a number": resign(vectors[1]!.code.replace("540510.00", "540510,00")),
      "too long": "0".repeat(513),
    }
    for (const [label, code] of Object.entries(cases)) {
      expect(() => parsePixCode(code), label).toThrow(PixCodeError)
    }
  })
})
