import { describe, expect, it } from "vitest"
import {
  encodeImageRef,
  imageSetOf,
  imageUrlOf,
  jpegKeyOf,
  parseImageRef,
  storageKeysOf,
} from "./image-ref.ts"

const ref = encodeImageRef({
  base: "p/abc/medias/x1",
  width: 1080,
  height: 1350,
  widths: [640, 1080],
})
/** URLs that show which key they were made for. */
const link = (key: string) => `/f/${key}`

describe("image refs", () => {
  it("name every rendition of an image in one string", () => {
    expect(ref).toBe("img:p/abc/medias/x1:1080x1350:640,1080")
    expect(parseImageRef(ref)).toEqual({
      base: "p/abc/medias/x1",
      width: 1080,
      height: 1350,
      widths: [640, 1080],
    })
    expect(storageKeysOf(ref)).toEqual([
      "p/abc/medias/x1-640.avif",
      "p/abc/medias/x1-640.webp",
      "p/abc/medias/x1-640.jpg",
      "p/abc/medias/x1-1080.avif",
      "p/abc/medias/x1-1080.webp",
      "p/abc/medias/x1-1080.jpg",
    ])
    expect(jpegKeyOf(ref)).toBe("p/abc/medias/x1-1080.jpg")
    expect(jpegKeyOf(ref, 640)).toBe("p/abc/medias/x1-640.jpg")
    expect(jpegKeyOf(ref, 480)).toBe("p/abc/medias/x1-1080.jpg")
  })

  it("give <picture> its srcsets, widest JPEG as src", () => {
    expect(imageSetOf(ref, link)).toEqual({
      width: 1080,
      height: 1350,
      avif: "/f/p/abc/medias/x1-640.avif 640w, /f/p/abc/medias/x1-1080.avif 1080w",
      webp: "/f/p/abc/medias/x1-640.webp 640w, /f/p/abc/medias/x1-1080.webp 1080w",
      jpeg: "/f/p/abc/medias/x1-640.jpg 640w, /f/p/abc/medias/x1-1080.jpg 1080w",
      src: "/f/p/abc/medias/x1-1080.jpg",
    })
  })

  it("leave a plain key of an older row as it is", () => {
    const key = "p/abc/medias/old.png"
    expect(parseImageRef(key)).toBeNull()
    expect(storageKeysOf(key)).toEqual([key])
    expect(imageSetOf(key, link)).toBeUndefined()
    expect(imageUrlOf(link, key)).toBe(`/f/${key}`)
    expect(imageSetOf(null, link)).toBeUndefined()
  })

  it.each([
    "img:p/abc/../x:10x10:10",
    "img:P/ABC/x:10x10:10",
    "img:p/abc/x:10x10:20,10",
    "img:p/abc/x:10x10:5",
    "img:p/abc/x:10x0:10",
    "img:p/abc/x:10x10:",
    "img:/etc/passwd:10x10:10",
  ])("refuse a malformed ref: %s", (value) => {
    expect(parseImageRef(value)).toBeNull()
    // Nothing to read or delete for it.
    expect(storageKeysOf(value)).toEqual([])
  })
})
