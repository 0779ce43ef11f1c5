import pino, { type DestinationStream, type Level, type LoggerOptions } from "pino"
import { hiddenValue, scrubText, scrubUrl, scrubValue } from "./scrub.ts"

/** Fields hidden wherever a log call puts them, on the line itself or one object down. */
const redactedPaths = [
  "authorization",
  "cookie",
  '["set-cookie"]',
  "password",
  "code",
  "sig",
  "token",
  "accessToken",
  "recoveryToken",
  "*.authorization",
  "*.cookie",
  '*["set-cookie"]',
  "*.password",
  "*.sig",
  "*.token",
  "*.accessToken",
  "*.recoveryToken",
  "*.headers.authorization",
  "*.headers.cookie",
  '*.headers["set-cookie"]',
  // `code` is also an error's harmless code (ECONNREFUSED): hidden only where input carries it.
  "body.code",
  "query.code",
  "req.body.code",
  "req.query.code",
]

interface LoggedRequest {
  method?: string
  url?: string
  ip?: string
  socket?: { remoteAddress?: string }
}

/**
 * Every logger of the server: Fastify's own lines and ours, error objects included, go through
 * these, so a URL's code or signature, a token, a password or an address never reaches the log.
 */
export const safeLogOptions: LoggerOptions = {
  redact: { paths: redactedPaths, censor: hiddenValue },
  hooks: {
    // `log.error(error)` makes the error's own message the line's: scrubbed like the error.
    logMethod(args, method) {
      const [first, ...rest] = args as unknown[]
      if (!(first instanceof Error)) return method.apply(this, args)
      const message = rest.length ? rest : [scrubText(first.message)]
      return method.apply(this, [{ err: first }, ...message] as Parameters<typeof method>)
    },
  },
  serializers: {
    // Fastify's request serializer minus the query string's secrets; never the headers.
    req: (request: LoggedRequest) => ({
      method: request.method,
      url: request.url === undefined ? undefined : scrubUrl(request.url),
      remoteAddress: request.ip ?? request.socket?.remoteAddress,
    }),
    res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
    // An error's message, stack and the fields a library copied onto it (recipients, headers).
    err: (error: Error) => scrubValue(pino.stdSerializers.err(error)),
    url: (url: unknown) => (typeof url === "string" ? scrubUrl(url) : url),
  },
}

export function createLogger(level: Level | "silent", destination?: DestinationStream) {
  return pino({ ...safeLogOptions, level }, destination)
}
