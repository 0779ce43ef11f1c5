import { describe, expect, it } from "vitest"
import { formatFileSize, uploadPercent } from "./uploads.ts"

describe("uploadPercent", () => {
  it("rounds down, so 100 % only once every byte has gone", () => {
    expect(uploadPercent({ loaded: 0, total: 1000 })).toBe(0)
    expect(uploadPercent({ loaded: 425, total: 1000 })).toBe(42)
    expect(uploadPercent({ loaded: 999, total: 1000 })).toBe(99)
    expect(uploadPercent({ loaded: 1000, total: 1000 })).toBe(100)
  })

  it("says 0 while the size is unknown and never passes 100", () => {
    expect(uploadPercent({ loaded: 500, total: 0 })).toBe(0)
    expect(uploadPercent({ loaded: 1200, total: 1000 })).toBe(100)
  })
})

describe("formatFileSize", () => {
  it("writes megabytes with one decimal, pt-BR style", () => {
    expect(formatFileSize(2_621_440)).toBe("2,5 MB")
    expect(formatFileSize(2_621_439)).toBe("2,4 MB")
    expect(formatFileSize(100 * 1024 * 1024)).toBe("100,0 MB")
    expect(formatFileSize(1024 * 1024)).toBe("1,0 MB")
  })

  it("writes smaller files in whole kilobytes", () => {
    expect(formatFileSize(870_400)).toBe("850 KB")
    expect(formatFileSize(0)).toBe("0 KB")
  })
})
