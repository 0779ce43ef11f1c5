import fc from "fast-check"
import type { InjectOptions } from "fastify"
import { signManifest } from "../../src/adapters/gateways/mercadopago/mp-signature.ts"
import { xsrfCookieName, xsrfHeaderName } from "../../src/plugins/anti-forgery.ts"
import type { Caller } from "../../src/plugins/route-access.ts"
import { tinyPng } from "../test-app.ts"
import { changedTables, snapshot, tableNames } from "./db-snapshot.ts"
import { invalidBody, nastyString, wrongQueryValue, type JsonSchema } from "./fuzz-inputs.ts"
import { isDocumentation } from "./route-probes.ts"
import { multipart, type World } from "./security-world.ts"

export interface FuzzReport {
  seed: number
  inputs: number
  routes: number
  serverErrors: string[]
  /** Bad input answered 2xx, or a 4xx without a pt-BR message. */
  wrongAnswers: string[]
  /** A refused input that still changed the database. */
  changes: string[]
  /** Inputs that were plausible and accepted (2xx). */
  accepted: number
}

interface Operation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
  consumes?: string[]
}

/** One generated request, and whether it is sure to be refused. */
interface Case {
  method: InjectOptions["method"]
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
  invalid: boolean
  how: string
}

const english =
  /\b(the|is|are|must|should|expected|invalid|required|not found|error|body|request|unexpected|unsupported|too large|received|input|field)\b/i

/** A refusal a person can read: `{ message }` in Portuguese, not Fastify's or zod's English. */
export function ptBrMessage(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { message?: unknown }
    return (
      typeof parsed.message === "string" &&
      parsed.message.trim().length > 0 &&
      !english.test(parsed.message)
    )
  } catch {
    return false
  }
}

const toOpenApiPath = (url: string) =>
  url.replace(/:([A-Za-z0-9_]+)/g, "{$1}").replace(/\*$/, "{*}")

const malformedJson = fc.constantFrom(
  "{",
  '{"a":',
  "{'a':1}",
  "[1,2",
  "nul",
  '{"a":1}}',
  "\u0000",
  '{"a":"\\u00zz"}',
  '{"__proto__":',
  "﻿{}x",
)
const wrongContentType = fc.constantFrom(
  "text/plain",
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "image/png",
)
const oversizeJson = () => `{"a":"${"x".repeat(1024 * 1024 + 16)}"}`

/** Files that are not what their name says, or too big. */
const badFiles = fc.constantFrom(
  { how: "text renamed .png", content: Buffer.from("isto não é uma imagem"), name: "foto.png" },
  {
    how: "svg with script",
    content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    name: "foto.png",
  },
  {
    how: "html renamed .jpg",
    content: Buffer.from("<html><script>x()</script></html>"),
    name: "a.jpg",
  },
  { how: "pdf renamed .png", content: Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj"), name: "a.png" },
  { how: "executable renamed .png", content: Buffer.from("MZ\u0090\u0000\u0003"), name: "a.png" },
  { how: "empty file", content: Buffer.alloc(0), name: "vazio.png" },
  { how: "truncated png", content: tinyPng.subarray(0, 6), name: "corte.png" },
)

/** Path parameter values of the victims' world, used where another part of the input is broken. */
function realValues(w: World): string[] {
  return [
    w.creator.username,
    w.pixCreator.username,
    w.storyId,
    w.mediaId,
    w.highlightId,
    w.payingSubscriptionId,
    w.payingPaymentId,
    w.receiptPaymentId,
    w.leadId,
    w.vipSubscriptionId,
    "iugu",
    w.paying.email,
  ]
}

export async function runFuzz(
  w: World,
  options: { runsPerRoute: number; seed?: number; log?: (line: string) => void },
): Promise<FuzzReport> {
  const { t } = w
  const seed = options.seed ?? Date.now() % 2 ** 31
  const doc = (await t.inject({ url: "/v1/docs/json" })).json() as {
    paths: Record<string, Record<string, Operation>>
  }
  const webhooks = t.gateways.webhooks
  const real = realValues(w)

  // A follower with a Pix to the creator's key waiting for its receipt: the upload reads the file.
  const uploader = await t.createAccount()
  await t.inject({
    method: "POST",
    url: `/v1/${w.pixCreator.username}/subscription/pix`,
    token: uploader.token,
    payload: { planName: "MONTHLY" },
  })

  // Logging out everywhere ends the caller's tokens: it gets an account of its own, so the
  // routes fuzzed after it still see a signed-in follower.
  const leaver = await t.createAccount()

  /** Who may call each /v1 route, as the route declares it. */
  const callers = new Map<string, Caller | undefined>(
    t.app.registeredRoutes
      .filter((route) => route.method !== "HEAD" && route.url.startsWith("/v1/"))
      .filter((route) => !isDocumentation(route.url))
      .map((route) => [`${route.method} ${route.url}`, route.access?.caller] as const),
  )
  const routes = [...callers.keys()].sort()

  const tokenFor = (key: string) => {
    if (key.includes("/subscription/pix/receipt")) return uploader.token
    if (key === "POST /v1/auth/logout-all") return leaver.token
    switch (callers.get(key)) {
      case "performer":
        return w.creator.token
      case "admin":
        return w.admin.token
      case "shared-secret":
      case "signed-url":
        return undefined
      default:
        return w.paying.token
    }
  }

  function casesFor(key: string): fc.Arbitrary<Case> {
    const [method, url] = key.split(" ") as [InjectOptions["method"], string]
    const op = doc.paths[toOpenApiPath(url)]?.[String(method).toLowerCase()] ?? {}
    const params = (op.parameters ?? []).filter((p) => p.in === "path")
    const query = (op.parameters ?? []).filter((p) => p.in === "query")
    const bodySchema = op.requestBody?.content?.["application/json"]?.schema
    const isMultipart = !!op.requestBody?.content?.["multipart/form-data"] || !!op.consumes

    const hostileParam = fc.oneof(
      nastyString.filter((value) => value.length > 0 && value.length < 3_000),
      fc.integer({ min: 61, max: 300 }).map((n) => "z".repeat(n)),
      fc.uuid(),
    )
    const pathWith = (values: string[]) => {
      let path = url
      params.forEach((param, index) => {
        const value = encodeURIComponent(values[index] ?? "x")
        path = path.replace(param.name === "*" ? "*" : `:${param.name}`, value)
      })
      return path
    }
    const realParams = fc.tuple(...params.map(() => fc.constantFrom(...real)))
    const hostileParams = fc.tuple(...params.map(() => hostileParam))

    const badQuery = query
      .map((q) => {
        const wrong = wrongQueryValue(q.schema)
        return wrong ? wrong.map((value) => ({ [q.name]: value })) : null
      })
      .filter((arb): arb is fc.Arbitrary<Record<string, string | string[]>> => arb !== null)
    const extraQuery = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), nastyString, {
      maxKeys: 3,
    })
    const queryString = (values: Record<string, string | string[]>) => {
      const search = new URLSearchParams()
      for (const [name, value] of Object.entries(values))
        for (const one of [value].flat()) search.append(name, one.slice(0, 20_000))
      const text = search.toString()
      return text ? `?${text}` : ""
    }

    const base = (path: string, extra: Partial<Case>): Case => ({
      method,
      url: path,
      headers: {},
      invalid: false,
      how: "",
      ...extra,
    })

    const ways: fc.Arbitrary<Case>[] = []
    if (bodySchema) {
      ways.push(
        fc
          .tuple(fc.oneof(realParams, hostileParams), invalidBody(bodySchema))
          .map(([values, body]) =>
            base(pathWith(values), {
              headers: { "content-type": "application/json" },
              payload: JSON.stringify(body.body) ?? "null",
              invalid: true,
              how: body.how,
            }),
          ),
        fc.tuple(realParams, malformedJson).map(([values, text]) =>
          base(pathWith(values), {
            headers: { "content-type": "application/json" },
            payload: text,
            invalid: true,
            how: "malformed JSON",
          }),
        ),
        fc.tuple(realParams, wrongContentType, fc.json()).map(([values, type, text]) =>
          base(pathWith(values), {
            headers: { "content-type": type },
            payload: text,
            invalid: true,
            how: `sent as ${type}`,
          }),
        ),
        fc.tuple(realParams, fc.constant(null)).map(([values]) =>
          base(pathWith(values), {
            headers: { "content-type": "application/json" },
            payload: oversizeJson(),
            invalid: true,
            how: "body over 1 MiB",
          }),
        ),
      )
    }
    if (isMultipart) {
      ways.push(
        fc.tuple(realParams, badFiles).map(([values, file]) => {
          const body = multipart({ content: file.content, filename: file.name, type: "image/png" })
          return base(pathWith(values), {
            ...body,
            invalid: true,
            how: file.how,
          })
        }),
        fc.tuple(realParams, fc.constant(null)).map(([values]) => {
          // A PNG signature and 10.5 MB after it: over every image limit.
          const big = Buffer.concat([tinyPng, Buffer.alloc(10.5 * 1024 * 1024)])
          return base(pathWith(values), {
            ...multipart({ content: big, filename: "grande.png", type: "image/png" }),
            invalid: true,
            how: "image over the size limit",
          })
        }),
        fc.tuple(realParams, fc.constant(null)).map(([values]) =>
          base(pathWith(values), {
            ...multipart(null, { description: "sem arquivo" }),
            invalid: true,
            how: "no file field",
          }),
        ),
        fc.tuple(realParams, fc.string()).map(([values, text]) =>
          base(pathWith(values), {
            headers: { "content-type": "multipart/form-data; boundary=quebrado" },
            payload: `--quebrado\r\nContent-Disposition: form-data; name="file"\r\n\r\n${text}`,
            invalid: true,
            how: "truncated multipart",
          }),
        ),
        fc.tuple(realParams, fc.json()).map(([values, text]) =>
          base(pathWith(values), {
            headers: { "content-type": "application/json" },
            payload: text,
            invalid: true,
            how: "JSON instead of a file",
          }),
        ),
      )
    }
    if (badQuery.length)
      ways.push(
        fc
          .tuple(fc.oneof(realParams, hostileParams), fc.oneof(...badQuery), extraQuery)
          .map(([values, bad, extra]) =>
            base(`${pathWith(values)}${queryString({ ...extra, ...bad })}`, {
              invalid: true,
              how: `bad query ${Object.keys(bad).join(",")}`,
            }),
          ),
      )
    const tooLong = params.filter((p) => p.schema.maxLength !== undefined)
    if (tooLong.length)
      ways.push(
        fc
          .tuple(realParams, fc.constantFrom(...tooLong.map((p) => params.indexOf(p))))
          .map(([values, index]) => {
            const copy = [...values]
            copy[index] = "w".repeat(params[index]!.schema.maxLength! + 1)
            return base(pathWith(copy), { invalid: true, how: "path parameter too long" })
          }),
      )
    if (!ways.length || !bodySchema) {
      // Nothing in the schema to break: hostile path values and unknown query parameters.
      ways.push(
        fc
          .tuple(hostileParams, extraQuery)
          .map(([values, extra]) =>
            base(`${pathWith(values)}${queryString(extra)}`, { how: "hostile path and query" }),
          ),
      )
    }
    return fc.oneof(...ways)
  }

  /** Gateways' notifications: only authentic ones are read, and then only their shape matters. */
  function webhookCases(key: string): fc.Arbitrary<Case> {
    const form = fc.dictionary(
      fc.oneof(fc.constantFrom("event", "data[id]", "data[status]"), fc.string({ maxLength: 10 })),
      nastyString.map((value) => value.slice(0, 500)),
      { maxKeys: 4 },
    )
    if (key.endsWith("/iugu"))
      return fc.tuple(form, fc.boolean(), wrongContentType).map(([fields, authentic, type]) => {
        const complete =
          !!fields.event &&
          !!fields["data[id]"] &&
          fields.event.length <= 100 &&
          fields["data[id]"].length <= 100
        return {
          method: "POST",
          url: "/v1/webhooks/iugu",
          headers: {
            "content-type": authentic ? "application/x-www-form-urlencoded" : type,
            ...(authentic && webhooks.iuguToken ? { authorization: webhooks.iuguToken } : {}),
          },
          payload: new URLSearchParams(fields).toString(),
          invalid: !authentic || !complete,
          how: authentic ? "authentic iugu form" : "unauthenticated iugu form",
        }
      })
    return fc
      .tuple(
        nastyString.map((value) => value.slice(0, 300)),
        fc.string({ maxLength: 30 }),
        fc.boolean(),
        fc.json(),
      )
      .map(([id, topic, signed, body]) => {
        const ts = String(Math.floor(t.clock.now().getTime() / 1000))
        const requestId = "req-fuzz"
        const v1 = signManifest(webhooks.mercadoPagoSecret ?? "", { dataId: id, requestId, ts })
        const complete = !!id && !!topic && id.length <= 100 && topic.length <= 100
        return {
          method: "POST" as const,
          url: `/v1/webhooks/mercadopago?${new URLSearchParams({ "data.id": id, type: topic })}`,
          headers: {
            "content-type": "application/json",
            ...(signed ? { "x-signature": `ts=${ts},v1=${v1}`, "x-request-id": requestId } : {}),
          },
          payload: body,
          invalid: !signed || !complete,
          how: signed ? "signed Mercado Pago notification" : "unsigned Mercado Pago notification",
        }
      })
  }

  /**
   * Signed media: forged paths, signatures and viewers are refused; any Range on a good link is
   * safe.
   */
  function fileCases(): fc.Arbitrary<Case> {
    const forged = fc
      .tuple(nastyString, fc.string({ maxLength: 25 }), fc.string({ maxLength: 120 }))
      .map(([path, exp, sig]) => ({
        method: "GET" as const,
        url: `/v1/files/${encodeURI(path.slice(0, 300))}?${new URLSearchParams({ exp, sig })}`,
        headers: {},
        invalid: true,
        how: "forged link",
      }))
    const range = fc
      .oneof(
        fc.string({ maxLength: 40 }),
        fc
          .tuple(fc.integer({ min: -10, max: 10_000 }), fc.integer({ min: -10, max: 10_000 }))
          .map(([a, b]) => `bytes=${a}-${b}`),
        fc.constantFrom(
          "bytes=-0",
          "bytes=0-",
          "bytes=5-1",
          "bytes=0-1,2-3",
          "bytes=99999999999999999999-",
        ),
      )
      .map((value) => ({
        method: "GET" as const,
        url: w.urls.freshStory,
        headers: { range: value },
        invalid: false,
        how: `Range ${value}`,
      }))
    // A follower's own link taken by someone else: any other viewer in it fails its signature.
    const ownViewer = new URL(w.urls.freshStory, "http://x").searchParams.get("viewer")
    const otherViewer = fc
      .oneof(nastyString, fc.uuid())
      .filter((viewer) => viewer !== ownViewer)
      .map((viewer) => {
        const url = new URL(w.urls.freshStory, "http://x")
        url.searchParams.set("viewer", viewer.slice(0, 200))
        return {
          method: "GET" as const,
          url: `${url.pathname}${url.search}`,
          headers: {},
          invalid: true,
          how: "another viewer in a follower's link",
        }
      })
    return fc.oneof(forged, range, otherViewer)
  }

  const tables = await tableNames(t.db)
  const report: FuzzReport = {
    seed,
    inputs: 0,
    routes: 0,
    serverErrors: [],
    wrongAnswers: [],
    changes: [],
    accepted: 0,
  }
  let before = await snapshot(t.db, tables, { content: false })
  let ip = 0
  for (const [index, key] of routes.entries()) {
    const caller = callers.get(key)
    const arbitrary =
      caller === "shared-secret"
        ? webhookCases(key)
        : caller === "signed-url"
          ? fileCases()
          : casesFor(key)
    const cases = fc.sample(arbitrary, { numRuns: options.runsPerRoute, seed: seed + index })
    report.routes += 1
    const token = tokenFor(key)
    for (const input of cases) {
      ip += 1
      const res = await t.app.inject({
        method: input.method,
        url: input.url,
        payload: input.payload,
        // Every input from its own address: per-IP limits must not hide what the route does.
        remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
        headers: {
          [xsrfHeaderName]: "fuzz-xsrf",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...input.headers,
        },
        cookies: { [xsrfCookieName]: "fuzz-xsrf" },
      })
      report.inputs += 1
      const what = () =>
        `${key} [${input.how}] ${input.url.slice(0, 160)} ${String(input.payload ?? "").slice(0, 160)} -> ${res.statusCode} ${res.body.slice(0, 160)}`
      const status = res.statusCode
      if (status >= 500) report.serverErrors.push(what())
      else if (input.invalid && status < 400) report.wrongAnswers.push(`accepted: ${what()}`)
      else if (status >= 400 && !ptBrMessage(res.body))
        report.wrongAnswers.push(`no pt-BR message: ${what()}`)
      if (status < 400) report.accepted += 1

      const after = await snapshot(t.db, tables, { content: false })
      const changed = changedTables(before, after)
      if (changed.length && status >= 400) report.changes.push(`${changed.join(", ")}: ${what()}`)
      before = after
    }
    options.log?.(`${key}: ${cases.length} inputs`)
  }
  return report
}
