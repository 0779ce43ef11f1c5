import swagger from "@fastify/swagger"
import swaggerUi from "@fastify/swagger-ui"
import type { FastifyInstance } from "fastify"
import { jsonSchemaTransform } from "fastify-type-provider-zod"

export const docsPrefix = "/v1/docs"

/** OpenAPI built from the routes' zod schemas; JSON at /v1/docs/json, UI at /v1/docs. */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { publicUrl: string; https: boolean },
) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Closer API",
        version: "1.0.0",
        description:
          "API da Closer. Erros sempre respondem `{ message, code }` com a mensagem em pt-BR. " +
          "Requisições que não são GET precisam do cabeçalho `X-XSRF-TOKEN` igual ao cookie `XSRF-TOKEN`, " +
          "que qualquer resposta da API define quando o navegador ainda não o tem. " +
          "Perfis banidos respondem em GET /profile com `banned: true`, sem planos; o conteúdo deles responde 404.",
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(async (docs) => {
    // The documentation is public by design: its routes declare so like every other /v1 route.
    docs.addHook("onRoute", (route) => {
      route.config = { ...route.config, access: { caller: "public" } }
    })
    await docs.register(swaggerUi, {
      routePrefix: docsPrefix,
      staticCSP: true,
      transformStaticCSP: (header) =>
        options.https ? header : header.replace("upgrade-insecure-requests;", ""),
    })
  })
}
