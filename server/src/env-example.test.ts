import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"
import type { z } from "zod"
import { loadDotEnv } from "./dotenv.ts"
import { EnvSchema } from "./env.ts"

const exampleFile = path.join(import.meta.dirname, "../../.env.example")

/** `NAME=value` lines of .env.example, each with the comment line just above it. */
function readExample() {
  const lines = readFileSync(exampleFile, "utf8").split("\n")
  return lines.flatMap((line, i) => {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line)
    return match ? [{ name: match[1]!, value: match[2]!, meaning: lines[i - 1] ?? "" }] : []
  })
}

describe(".env.example", () => {
  const example = readExample()
  const shape: Record<string, z.ZodType> = EnvSchema.shape

  it("lists every variable of server/src/env.ts once, each with a one-line meaning", () => {
    expect(example.map((v) => v.name).sort()).toEqual(Object.keys(shape).sort())
    for (const variable of example) expect(variable.meaning, variable.name).toMatch(/^# \S.{9,}/)
  })

  it("gives each variable its default: the value env.ts would use, or empty when it has none", () => {
    for (const { name, value } of example) {
      const schema = shape[name]!
      const unset = schema.safeParse(undefined)
      // An empty value is unset (as the server reads it): only right when the default is nothing.
      if (value === "") expect([undefined, []], name).toContainEqual(unset.data)
      else expect(schema.parse(value), name).toEqual(unset.data)
    }
  })
})

describe("loadDotEnv", () => {
  it("reads a .env file into the environment, never over a variable already set", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "closer-dotenv-"))
    const file = path.join(dir, ".env")
    writeFileSync(file, "CLOSER_TEST_FROM_FILE=arquivo\nCLOSER_TEST_GIVEN=arquivo\n")
    process.env.CLOSER_TEST_GIVEN = "ambiente"
    try {
      expect(loadDotEnv(path.join(dir, "missing.env"))).toBe(false)
      expect(loadDotEnv(file)).toBe(true)
      expect(process.env.CLOSER_TEST_FROM_FILE).toBe("arquivo")
      expect(process.env.CLOSER_TEST_GIVEN).toBe("ambiente")
    } finally {
      delete process.env.CLOSER_TEST_FROM_FILE
      delete process.env.CLOSER_TEST_GIVEN
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
