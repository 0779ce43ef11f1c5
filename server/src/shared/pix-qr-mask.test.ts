import { toDataURL } from "qrcode"
import { describe, expect, it } from "vitest"
import { QR_CODE_OPTIONS } from "../../../src/domain/constants.ts"
import { pixQrMask } from "./pix-qr-mask.ts"

const codes = [
  "00020126360014br.gov.bcb.pix0114+5511987654321520400005303986540529.905802BR",
  "00020101021226480014br.gov.bcb.pix2526pix.example.com/qr/v2/12345204000053039865802BR5913Fulano de Tal6008Brasilia62070503***6304FC66",
  `00020101021226900014br.gov.bcb.pix2568pix.sandbox.closer.app.br/qr/v2/${"a1b2c3d4".repeat(6)}5204000053039865406189.905802BR5913CLOSER6009SAO PAULO62070503***6304ABCD`,
]

describe("a Pix code's QR mask", () => {
  it("draws, given to the page, the very picture the page finds without it", async () => {
    for (const code of codes) {
      const mask = pixQrMask(code)
      expect(mask, code).toBeGreaterThanOrEqual(0)
      expect(mask, code).toBeLessThanOrEqual(7)
      const [found, told] = await Promise.all([
        toDataURL(code, { ...QR_CODE_OPTIONS, type: "image/png" }),
        toDataURL(code, { ...QR_CODE_OPTIONS, maskPattern: mask as 0, type: "image/png" }),
      ])
      expect(told, code).toBe(found)
    }
    // The codes do not all share one mask: each is worked out, not assumed.
    expect(new Set(codes.map(pixQrMask)).size).toBeGreaterThan(1)
  })

  it("is the same when asked again, and null for a code no QR can hold", () => {
    expect(pixQrMask(codes[0]!)).toBe(pixQrMask(codes[0]!))
    expect(pixQrMask("a".repeat(5_000))).toBeNull()
  })
})
