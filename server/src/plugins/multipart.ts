import fastifyMultipart from "@fastify/multipart"
import type { FastifyInstance } from "fastify"

const uploadLimitBytes = 10 * 1024 * 1024

/**
 * Multipart bodies, for the routes of `app`'s scope alone: register it beside the routes that
 * take an upload. The plugin gives every request of its scope two promise hooks and a listener,
 * work a public read (most of the traffic) has no use for; elsewhere a multipart body is
 * refused with 415 like any other type the route does not read.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: uploadLimitBytes, files: 1, fields: 10 },
    throwFileSizeLimit: true,
  })
}
