import { toString } from "qrcode"
import { describe, expect, it } from "vitest"
import { QR_CODE_OPTIONS } from "../domain/constants.ts"

const code = "00020126360014br.gov.bcb.pix0114+5511987654321520400005303986540529.905802BR"
const paths = (svg: string) => svg.match(/<path[^>]*>/g)

describe("QR code options (spec §9)", () => {
  it("are error correction M, margin 4, scale 4 and width 10", () => {
    expect(QR_CODE_OPTIONS).toEqual({ errorCorrectionLevel: "M", margin: 4, scale: 4, width: 10 })
  })

  it("draw the same modules as without a width: it only sizes the SVG, which the page scales", async () => {
    const { width: _width, ...withoutWidth } = QR_CODE_OPTIONS
    const [sized, unsized] = await Promise.all([
      toString(code, { ...QR_CODE_OPTIONS, type: "svg" }),
      toString(code, { ...withoutWidth, type: "svg" }),
    ])
    expect(paths(sized)).toEqual(paths(unsized))
    expect(paths(sized)?.length).toBe(2)
  })
})
