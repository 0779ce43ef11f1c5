import { toDataURL } from "qrcode"
import { describe, expect, it } from "vitest"
import { QR_CODE_OPTIONS } from "../domain/constants.ts"

const code = "00020126360014br.gov.bcb.pix0114+5511987654321520400005303986540529.905802BR"

describe("QR code options (spec §9)", () => {
  it("are error correction M, margin 4, scale 4 and width 10", () => {
    expect(QR_CODE_OPTIONS).toEqual({ errorCorrectionLevel: "M", margin: 4, scale: 4, width: 10 })
  })

  it("draw the same picture as scale 4 alone: a 10 px width is too small and ignored", async () => {
    const { width: _width, ...scaleOnly } = QR_CODE_OPTIONS
    const [withWidth, withoutWidth] = await Promise.all([
      toDataURL(code, { ...QR_CODE_OPTIONS, type: "image/png" }),
      toDataURL(code, { ...scaleOnly, type: "image/png" }),
    ])
    expect(withWidth).toBe(withoutWidth)
  })
})
