import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod"
import { z } from "zod"
import { ProfileSchema, ProfileStatsSchema } from "../../../../src/domain/models.ts"
import { fields, messages } from "../../../../src/domain/validation.ts"
import { errorResponses, usernameParams } from "../../api-schemas.ts"
import type { ModuleOptions } from "../../deps.ts"
import { requireAccount } from "../../plugins/auth.ts"
import { registerMultipart } from "../../plugins/multipart.ts"
import { sendSerialisedNow } from "../../serialised-answer.ts"
import { createProfilesService } from "./profiles.service.ts"

const tags = ["profiles"]
const fileKey = z.string().max(200, messages.generic).nullable().optional()

export const profilePatchBody = z.object({
  fullName: fields.displayName.optional(),
  bio: fields.bio.optional(),
  username: fields.username.toLowerCase().optional(),
  /** Keys returned by POST /profile/images; null removes the picture. */
  profilePic: fileKey,
  bannerPic: fileKey,
})

/** What an uploaded picture is for: it is cut to that shape (avatar and cover 1:1, banner 3:1). */
export const profileImageQuery = z.object({
  for: z.enum(["avatar", "banner", "cover"]).default("banner"),
})

const profileResponse = { 200: ProfileSchema, ...errorResponses(404) }

/** Only the upload reads multipart: the public reads do without its hooks. */
const profileImageRoutes: FastifyPluginAsyncZod<{
  profiles: ReturnType<typeof createProfilesService>
}> = async (app, { profiles }) => {
  await registerMultipart(app)
  app.post(
    "/profile/images",
    {
      config: { access: { caller: "performer", owns: "profile" } },
      schema: {
        tags,
        summary:
          "Envia uma imagem (avatar, banner ou capa de destaque) para usar no PATCH /profile ou num destaque",
        description:
          "multipart/form-data com o campo `file`; JPEG, PNG, WebP ou AVIF, até 10 MB e 50 megapixels. " +
          "`for` escolhe o corte (avatar e capa 1:1, banner 3:1; banner se omitido). A imagem é gravada " +
          "sem metadados (EXIF, GPS, XMP) em várias larguras; `key` nomeia todas elas e `url` é a maior em JPEG.",
        consumes: ["multipart/form-data"],
        querystring: profileImageQuery,
        response: {
          200: z.object({ key: z.string(), url: z.string() }),
          ...errorResponses(400, 401, 403, 413, 415, 422),
        },
      },
    },
    async (request) =>
      profiles.uploadImage(requireAccount(request).id, await request.file(), request.query.for),
  )
}

export const profilesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const profiles = createProfilesService(deps)
  const profileDoc = {
    tags,
    summary: "Perfil público de uma criadora",
    description:
      "Um @ no início é ignorado. Perfil banido responde `banned: true`, sem planos nem bio.",
    params: usernameParams,
    response: profileResponse,
  }

  // Public reads answer bytes serialised (and checked against the schema) once per cache entry,
  // sent in the handler's own call when they are in memory.
  app.get(
    "/profile/:username",
    { config: { access: { caller: "public" } }, schema: profileDoc },
    (request, reply) => sendSerialisedNow(request, reply, profiles.get(request.params.username)),
  )
  app.get(
    "/:username/profile",
    { config: { access: { caller: "public" } }, schema: profileDoc },
    (request, reply) => sendSerialisedNow(request, reply, profiles.get(request.params.username)),
  )

  app.get(
    "/u/:username/stats",
    {
      config: { access: { caller: "public" } },
      schema: {
        tags,
        summary: "Quantidade de fotos, destaques e stories",
        params: usernameParams,
        response: { 200: ProfileStatsSchema, ...errorResponses(404) },
      },
    },
    (request, reply) => sendSerialisedNow(request, reply, profiles.stats(request.params.username)),
  )

  app.patch(
    "/profile",
    {
      config: { access: { caller: "performer", owns: "profile" } },
      schema: {
        tags,
        summary: "A criadora edita o próprio perfil",
        body: profilePatchBody,
        response: { 200: ProfileSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    (request) => profiles.update(requireAccount(request).id, request.body),
  )

  await app.register(profileImageRoutes, { profiles })
}
