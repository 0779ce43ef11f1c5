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
 * helmet's headers on every response. The middleware is built once: @fastify/helmet rebuilt it,
 * CSP parsing included, on every request, a tenth of the time of a cached public read.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; mediaOrigins?: string[] },
) {
  const media = options.mediaOrigins ?? []
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        // No inline script: the build emits external modules only.
        "script-src": ["'self'", ...thirdPartyScripts],
        "script-src-attr": ["'none'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        // Media straight from object storage or its CDN when one is configured.
        "img-src": ["'self'", "data:", "blob:", ...media],
        "media-src": ["'self'", "blob:", ...media],
        "font-src": ["'self'", "data:"],
        "connect-src": [
          "'self'",
          "https://www.google.com/recaptcha/",
          "https://api.iugu.com",
          "https://api.mercadopago.com",
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
  app.addHook("onRequest", (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined))
  })
}
