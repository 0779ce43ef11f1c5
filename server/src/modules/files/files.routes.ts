import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import { ErrorBodySchema, errorResponses } from "../../api-schemas.ts"
import type { SignedFileServer, Storage } from "../../adapters/storage/storage.ts"
import type { ModuleOptions } from "../../deps.ts"
import { ForbiddenError, NotFoundError } from "../../errors.ts"
import { parseRange } from "./range.ts"

export const linkExpiredMessage = "Este link expirou. Atualize a página para ver o conteúdo."
export const rangeNotSatisfiableMessage =
  "O trecho pedido está fora do arquivo. Atualize a página e tente novamente."

/** Serves files of the disk storage through signed, expiring URLs (an S3 adapter signs its own). */
export const filesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const storage: Storage = deps.storage
  const server: SignedFileServer | undefined = storage.fileServer
  if (!server) return

  app.get(
    "/files/*",
    {
      config: { access: { caller: "signed-url", owns: "signed-file" } },
      schema: {
        tags: ["files"],
        summary: "Arquivo de mídia por URL assinada",
        description:
          "Aceita Range (vídeo). URL vencida ou adulterada: 403. Mídia privada (stories, fotos, " +
          "comprovantes): a URL vale para quem a recebeu (`viewer`) e por poucos minutos.",
        params: z.object({ "*": z.string() }),
        querystring: z.object({
          exp: z.string().max(20).default(""),
          // The account a private media link was signed for; its signature covers it.
          viewer: z.string().max(64).default(""),
          sig: z.string().max(100).default(""),
        }),
        response: {
          200: z.any(),
          206: z.any(),
          416: ErrorBodySchema,
          ...errorResponses(403, 404),
        },
      },
    },
    async (request, reply) => {
      const key = request.params["*"]
      const { exp, sig, viewer } = request.query
      const secondsLeft = server.verify(key, exp, sig, viewer)
      if (secondsLeft === null) throw new ForbiddenError(linkExpiredMessage, "link_expired")
      const file = await storage.stat(key)
      if (!file) throw new NotFoundError("Arquivo não encontrado", "file_not_found")

      reply
        .header("content-type", file.contentType)
        .header("accept-ranges", "bytes")
        .header("cache-control", `private, max-age=${Math.min(secondsLeft, 86_400)}`)
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cross-origin-resource-policy", "same-origin")

      const range = parseRange(request.headers.range, file.size)
      if (range === "unsatisfiable") {
        // The file's own content type was set above; this answer is the usual JSON error.
        return reply
          .status(416)
          .header("content-range", `bytes */${file.size}`)
          .header("content-type", "application/json; charset=utf-8")
          .send({ message: rangeNotSatisfiableMessage, code: "range_not_satisfiable" })
      }
      if (range) {
        return reply
          .status(206)
          .header("content-range", `bytes ${range.start}-${range.end}/${file.size}`)
          .header("content-length", String(range.end - range.start + 1))
          .send(storage.read(key, range))
      }
      return reply.header("content-length", String(file.size)).send(storage.read(key))
    },
  )
}
