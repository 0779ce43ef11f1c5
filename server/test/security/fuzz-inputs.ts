import fc from "fast-check"

/** The subset of JSON Schema the OpenAPI document gives for our zod schemas. */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  items?: JsonSchema
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
  default?: unknown
}

const jsonTypes = ["string", "number", "boolean", "object", "array", "null"] as const
type JsonType = (typeof jsonTypes)[number]

/** JSON types a schema accepts; null when it accepts anything (nothing is sure to be wrong). */
export function acceptedTypes(schema: JsonSchema): Set<JsonType> | null {
  const out = new Set<JsonType>()
  const add = (type: string) => out.add(type === "integer" ? "number" : (type as JsonType))
  if (schema.type) [schema.type].flat().forEach(add)
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const inner = acceptedTypes(sub)
    if (!inner) return null
    inner.forEach((type) => out.add(type))
  }
  for (const value of [...(schema.enum ?? []), ...("const" in schema ? [schema.const] : [])])
    out.add(value === null ? "null" : Array.isArray(value) ? "array" : (typeof value as JsonType))
  return out.size ? out : null
}

/** Strings people and scripts really send: unicode, control characters, injections, long runs. */
export const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "' OR '1'='1' --",
    '"; drop table accounts; --',
    "../../../../etc/passwd",
    "%2e%2e%2f%2e%2e%2f",
    "<script>alert(1)</script>",
    "${jndi:ldap://x}",
    "{{7*7}}",
    "\u202egnp.exe",
    "😀".repeat(50),
    "é".normalize("NFD").repeat(30),
    "𝕮𝖑𝖔𝖘𝖊𝖗",
    "null",
    "undefined",
    "NaN",
    "-1",
    "1e309",
    "0x10",
    "__proto__",
    "constructor",
  ),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => "x".repeat(n)),
)

export const nastyNumber = fc.oneof(
  fc.integer(),
  // Finite only: JSON would carry Infinity as null.
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    -1,
    0,
    -0,
    1.5,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 1,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    1e-320,
  ),
)

const valueOfType = (type: JsonType): fc.Arbitrary<unknown> => {
  switch (type) {
    case "string":
      return nastyString
    case "number":
      return nastyNumber
    case "boolean":
      return fc.boolean()
    case "null":
      return fc.constant(null)
    case "array":
      return fc.array(fc.jsonValue(), { maxLength: 5 })
    case "object":
      return fc.oneof(
        fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue(), { maxKeys: 5 }),
        fc.constant({ __proto__: { admin: true } }),
        fc.constant(JSON.parse('{"__proto__":{"role":"admin"}}')),
      )
  }
}

/** Some value of this schema's own type (not necessarily valid): the rest of a broken input. */
export function plausible(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum)
  if ("const" in schema) return fc.constant(schema.const)
  const types = acceptedTypes(schema)
  if (!types) return fc.jsonValue()
  if (types.has("object") && schema.properties)
    return fc.record(
      Object.fromEntries(
        Object.entries(schema.properties).map(([key, sub]) => [key, plausible(sub)]),
      ),
      { requiredKeys: [] },
    )
  if (types.has("array") && schema.items)
    return fc.array(plausible(schema.items), { maxLength: schema.maxItems ?? 3 })
  return fc.oneof(...[...types].map(valueOfType))
}

/** A value the schema surely refuses, when there is one: a wrong type, too long, out of range or enum. */
export function wrongValue(schema: JsonSchema): fc.Arbitrary<unknown> | null {
  const options: fc.Arbitrary<unknown>[] = []
  const types = acceptedTypes(schema)
  if (types) {
    const wrong = jsonTypes.filter((type) => !types.has(type))
    if (wrong.length) options.push(fc.constantFrom(...wrong).chain(valueOfType))
  }
  const stringOnly = types?.size === 1 && types.has("string")
  if (stringOnly && schema.maxLength !== undefined)
    options.push(
      fc
        .tuple(fc.integer({ min: 1, max: 50_000 }), fc.string({ unit: "grapheme", maxLength: 5 }))
        .map(([extra, tail]) => "x".repeat(schema.maxLength! + extra) + tail),
    )
  if (stringOnly && schema.minLength && schema.minLength > 1)
    options.push(fc.constant("x".repeat(schema.minLength - 1)))
  if (schema.enum?.length && types?.size === 1 && types.has("string"))
    options.push(nastyString.filter((value) => !schema.enum!.includes(value)))
  const numberOnly = types?.size === 1 && types.has("number")
  if (numberOnly && schema.maximum !== undefined)
    options.push(fc.double({ min: schema.maximum + 1, noNaN: true, noDefaultInfinity: true }))
  if (numberOnly && schema.minimum !== undefined)
    options.push(fc.double({ max: schema.minimum - 1, noNaN: true, noDefaultInfinity: true }))
  return options.length ? fc.oneof(...options) : null
}

/** The same for a query-string value, where everything arrives as text. */
export function wrongQueryValue(schema: JsonSchema): fc.Arbitrary<string | string[]> | null {
  const options: fc.Arbitrary<string | string[]>[] = []
  const types = acceptedTypes(schema)
  if (types?.size === 1 && types.has("string")) {
    if (schema.maxLength !== undefined)
      options.push(
        fc.integer({ min: 1, max: 5_000 }).map((extra) => "y".repeat(schema.maxLength! + extra)),
      )
    if (schema.minLength && schema.minLength > 1)
      options.push(fc.constant("y".repeat(schema.minLength - 1)))
    if (schema.enum?.length)
      options.push(nastyString.filter((value) => value.length > 0 && !schema.enum!.includes(value)))
    // A repeated key arrives as an array.
    options.push(fc.tuple(fc.string(), fc.string()))
  }
  if (types?.size === 1 && types.has("number")) {
    // Not numbers to Number() either ("0x20" is, and is accepted as 32).
    options.push(fc.constantFrom("abc", "1e400", "NaN", "--1", "7.5", "[]", "1,5"))
    if (schema.maximum !== undefined)
      options.push(fc.integer({ min: schema.maximum + 1 }).map(String))
    if (schema.minimum !== undefined)
      options.push(fc.integer({ max: schema.minimum - 1 }).map(String))
  }
  return options.length ? fc.oneof(...options) : null
}

/** A JSON body the schema surely refuses, often with unknown fields on top. */
export function invalidBody(schema: JsonSchema): fc.Arbitrary<{ body: unknown; how: string }> {
  const props = Object.entries(schema.properties ?? {})
  const extra = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !schema.properties?.[key]),
    fc.jsonValue(),
    { maxKeys: 3 },
  )
  const base = plausible(schema) as fc.Arbitrary<Record<string, unknown>>
  const ways: fc.Arbitrary<{ body: unknown; how: string }>[] = [
    fc
      .oneof(fc.array(fc.jsonValue(), { maxLength: 4 }), fc.string(), nastyNumber, fc.boolean())
      .map((body) => ({ body, how: "not an object" })),
  ]
  for (const key of schema.required ?? [])
    ways.push(
      fc.tuple(base, extra).map(([body, more]) => {
        const copy: Record<string, unknown> = { ...body, ...more }
        delete copy[key]
        return { body: copy, how: `without ${key}` }
      }),
    )
  for (const [key, sub] of props) {
    const wrong = wrongValue(sub)
    if (wrong)
      ways.push(
        fc.tuple(base, extra, wrong).map(([body, more, value]) => ({
          body: { ...body, ...more, [key]: value },
          how: `bad ${key}`,
        })),
      )
    // One level down: an array of objects (plans) or a nested object (pix).
    const items = sub.items?.properties ? sub.items : null
    if (items)
      ways.push(
        invalidBody(items).map((inner) => ({
          body: { [key]: [inner.body] },
          how: `${key}[] ${inner.how}`,
        })),
      )
  }
  return fc.oneof(...ways)
}
