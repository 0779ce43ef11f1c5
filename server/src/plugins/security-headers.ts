import helmet from "@fastify/helmet"
import type { FastifyInstance } from "fastify"

/** Third parties the app loads in the browser: reCAPTCHA v3 and the card tokenisers (iugu.js, Mercado Pago). */
const thirdPartyScripts = [
  "https://www.google.com/recaptcha/",
  "https://www.gstatic.com/recaptcha/",
  "https://js.iugu.com",
  "https://sdk.mercadopago.com",
]

export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  await app.register(helmet, {
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
        "img-src": ["'self'", "data:", "blob:"],
        "media-src": ["'self'", "blob:"],
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
}
