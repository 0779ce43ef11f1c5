import { describe, expect, it } from "vitest"
import { decodeCursor, encodeCursor } from "./cursor.ts"
import { pageQuery } from "./paging.ts"

const position = { at: "2026-11-28T05:40:12.123456Z", id: "0b7f3c9e-8d1a-4a55-9a52-6f1d2c3b4a59" }

describe("cursors", () => {
  it("give back the position they were made from, as a URL-safe string", () => {
    const cursor = encodeCursor(position)
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(cursor)).toEqual(position)
  })

  it("refuse anything the API did not hand out", () => {
    for (const bad of ["", "abc", "!!!", btoa("2026-11-28|x"), btoa(`${position.at}|1|2`)])
      expect(decodeCursor(bad)).toBeNull()
    expect(
      decodeCursor(encodeCursor({ ...position, at: "2026-13-45T99:00:00.000000Z" })),
    ).toBeNull()
    expect(decodeCursor(encodeCursor({ ...position, id: "' or 1=1 --" }))).toBeNull()
  })
})

describe("pageQuery", () => {
  it("takes a cursor and a limit from the query string", () => {
    const cursor = encodeCursor(position)
    expect(pageQuery.parse({ cursor, limit: "24" })).toEqual({ cursor, limit: 24 })
    expect(pageQuery.parse({})).toEqual({})
  })

  it("answers a wrong limit or cursor in pt-BR", () => {
    for (const limit of ["0", "101", "2.5", "x"])
      expect(pageQuery.safeParse({ limit }).error?.issues[0]?.message).toBe(
        "Peça de 1 a 100 itens por página.",
      )
    expect(pageQuery.safeParse({ cursor: "nope" }).error?.issues[0]?.message).toBe(
      "Não foi possível continuar a lista. Recarregue a página.",
    )
  })
})
