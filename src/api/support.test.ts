import { describe, expect, it } from "vitest"
import { SupportConfigSchema } from "../domain/models.ts"
import { supportConfigParser } from "./support.ts"

describe("supportConfigParser", () => {
  it("reads what the schema reads", () => {
    for (const answer of [{ chat: null }, { chat: { provider: "crisp", websiteId: "abc-123" } }]) {
      expect(supportConfigParser.parse(answer)).toEqual(SupportConfigSchema.parse(answer))
    }
  })

  it("refuses what the schema refuses", () => {
    for (const answer of [
      null,
      {},
      { chat: { provider: "other", websiteId: "x" } },
      { chat: { provider: "crisp" } },
    ]) {
      expect(() => SupportConfigSchema.parse(answer)).toThrow()
      expect(() => supportConfigParser.parse(answer)).toThrow()
    }
  })
})
