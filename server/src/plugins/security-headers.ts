import type { FastifyInstance } from "fastify"
import helmet from "helmet"

/** Third parties the app loads in the browser: reCAPTCHA v3 and the card tokenisers (iugu.js, Mercado Pago). */
const thirdPartyScripts = [
  "https://www.google.com/recaptcha/",
  "https://www.gstatic.com/recaptcha/",
  "https://js.iugu.com",
  "https://sdk.mercadopago.com",
]

/**
 * The support chat (Crisp), allowed only when it is configured: its loader, settings, styles,
 * pictures and the socket its messages travel on.
 */
const supportChatSources = {
  "script-src": ["https://client.crisp.chat", "https://settings.crisp.chat"],
  "style-src": ["https://client.crisp.chat"],
  "img-src": [
    "https://client.crisp.chat",
    "https://image.crisp.chat",
    "https://storage.crisp.chat",
  ],
  "font-src": ["https://client.crisp.chat"],
  "media-src": ["https://client.crisp.chat"],
  "connect-src": [
    "https://client.crisp.chat",
    "https://storage.crisp.chat",
    "wss://client.relay.crisp.chat",
    "wss://stream.relay.crisp.chat",
  ],
} as const

/** A JSON answer or a file is never a page: nothing may run in it or frame it. */
export const nonPageCsp = "default-src 'none'; frame-ancestors 'none'"

/**
 * A script's own CSP governs it when it runs as a worker: the service worker (public/sw.js)
 * fetches the app shell and static files from its own origin, and nothing else.
 */
export const scriptCsp = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'"

/**
 * Pages (HTML) get helmet's full set: the CSP for the app, framing, referrer, cross-origin
 * isolation. Everything else (JSON, files, assets) gets the headers that matter for it: nosniff,
 * a CSP that lets nothing run, same-origin resource policy and HSTS; the page-only headers were
 * a third of the time of a cached public read. The middleware is built once: @fastify/helmet
 * rebuilt it, CSP parsing included, on every request.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; mediaOrigins?: string[]; supportChat?: boolean },
) {
  const media = options.mediaOrigins ?? []
  const chat = (directive: keyof typeof supportChatSources) =>
    options.supportChat ? supportChatSources[directive] : []
  const applyPageHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        // No inline script: the build emits external modules only.
        "script-src": ["'self'", ...thirdPartyScripts, ...chat("script-src")],
        "script-src-attr": ["'none'"],
        "style-src": ["'self'", "'unsafe-inline'", ...chat("style-src")],
        // Media straight from object storage or its CDN when one is configured.
        "img-src": ["'self'", "data:", "blob:", ...media, ...chat("img-src")],
        "media-src": ["'self'", "blob:", ...media, ...chat("media-src")],
        "font-src": ["'self'", "data:", ...chat("font-src")],
        "connect-src": [
          "'self'",
          "https://www.google.com/recaptcha/",
          "https://api.iugu.com",
          "https://api.mercadopago.com",
          ...chat("connect-src"),
        ],
        "frame-src": [
          "https://www.google.com/recaptcha/",
          "https://recaptcha.google.com/recaptcha/",
        ],
        ...(options.https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  })
  const hsts = "max-age=31536000; includeSubDomains"
  app.addHook("onSend", (request, reply, payload, done) => {
    // A 304 revalidates what the browser holds, and the browser takes the 304's headers into
    // it: a page's 304 carrying the JSON policy would block the page's own scripts. It keeps
    // the headers it was first sent with.
    if (reply.statusCode === 304) {
      done(null, payload)
      return
    }
    const type = reply.getHeader("content-type")
    if (typeof type === "string" && type.startsWith("text/html")) {
      applyPageHeaders(request.raw, reply.raw, (error?: unknown) => {
        if (error) done(error as Error)
        else done(null, payload)
      })
      return
    }
    reply.header("x-content-type-options", "nosniff")
    reply.header("cross-origin-resource-policy", "same-origin")
    if (options.https) reply.header("strict-transport-security", hsts)
    // Media answers carry their own ("sandbox").
    if (!reply.hasHeader("content-security-policy"))
      reply.header(
        "content-security-policy",
        typeof type === "string" && /^(text|application)\/javascript/.test(type)
          ? scriptCsp
          : nonPageCsp,
      )
    done(null, payload)
  })
}
