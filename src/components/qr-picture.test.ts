import { create, toDataURL } from "qrcode"
import { describe, expect, it } from "vitest"
import { QR_CODE_OPTIONS } from "../domain/constants.ts"
import { qrPicture } from "./qr-picture.ts"

const pixCode = (amount: string, key: string) =>
  `00020126580014br.gov.bcb.pix0136${key}5204000053039865406${amount}5802BR5913Ana Demo6009SAO PAULO62070503***6304ABCD`

describe("the Pix QR's picture", () => {
  it("is the very one the QR library draws alone, given the mask found apart", async () => {
    // The mask a worker finds is the one the library would choose: the same modules, the same PNG.
    for (const [amount, key] of [
      ["029.90", "123e4567-e12b-12d1-a456-426655440000"],
      ["149.90", "9f1c2d3e-4b5a-6978-8a9b-0c1d2e3f4a5b"],
      ["081.89", "00000000-0000-0000-0000-000000000000"],
    ] as const) {
      const value = pixCode(amount, key)
      const alone = await toDataURL(value, { ...QR_CODE_OPTIONS, type: "image/png" })
      const maskPattern = create(value, QR_CODE_OPTIONS).maskPattern
      const givenMask = await toDataURL(value, {
        ...QR_CODE_OPTIONS,
        type: "image/png",
        maskPattern,
      })
      expect(givenMask).toBe(alone)
      // Without workers (this DOM has none) the page draws it all itself.
      expect(await qrPicture(value)).toBe(alone)
    }
  })

  it("fails for a code no QR can hold, so the screen offers the copy-and-paste code", async () => {
    await expect(qrPicture("0".repeat(8000))).rejects.toThrow()
  })
})
