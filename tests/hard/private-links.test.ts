import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { z } from "zod"
import { MediaSchema } from "../../src/domain/models.ts"
import { pageSchema } from "../../src/domain/paging.ts"
import { StudioSubscriberSchema } from "../../src/domain/studio.ts"
import { Buyer } from "./buyer.ts"
import { createDatabase } from "./replica-cluster.ts"
import { startServer, type ServerProcess } from "./server-process.ts"

// The real server with 5-second links to private media: a follower's access is taken away in
// the middle of her visit. Her next list call is refused at once; the link she already holds
// works until its stated expiry and is refused from then on. On PostgreSQL with DATABASE_URL
// (CI), else on the server's embedded PGlite.
const LIFETIME_SECONDS = 5
const DEMO_PASSWORD = "demo1234"

let database: Awaited<ReturnType<typeof createDatabase>> | null = null
let server: ServerProcess

beforeAll(async () => {
  const onPostgres = Boolean(process.env.DATABASE_URL ?? process.env.TEST_PG_URL)
  database = onPostgres ? await createDatabase("private_links") : null
  server = await startServer({
    // Empty: the server opens its own PGlite in DATA_DIR.
    databaseUrl: database?.url ?? "",
    port: 3960,
    env: { PAYMENTS_MODE: "sandbox", PRIVATE_MEDIA_TTL_SECONDS: String(LIFETIME_SECONDS) },
  })
}, 180_000)

afterAll(async () => {
  await server?.stop()
  await database?.drop()
}, 60_000)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const fileStatus = async (url: string) => (await fetch(`${server.origin}${url}`)).status

/** The lista VIP invitation's token, from the link mailed to `email` (the server's disk outbox). */
async function mailedInviteToken(email: string) {
  const outbox = path.join(server.dataDir, "outbox")
  for (let tries = 0; tries < 100; tries++) {
    for (const name of (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith(".json"))) {
      const mail = JSON.parse(await readFile(path.join(outbox, name), "utf8")) as MailFile
      const link = mail.to === email && /https?:\/\/\S+\/vip\?convite=[\w-]+/.exec(mail.text)
      if (link) return new URL(link[0]).searchParams.get("convite")!
    }
    await sleep(100)
  }
  throw new Error(`no invitation mailed to ${email}`)
}
type MailFile = { to: string; text: string }

async function signedIn(index: number, email: string) {
  const browser = new Buyer(server.origin, index)
  await browser.open()
  await browser.login(email, DEMO_PASSWORD)
  return browser
}

describe("links to private media on the running server", () => {
  it("stop with access: the list answers 403 at once, the link held dies at its expiry", async () => {
    const creator = await signedIn(1, "criadora@demo.com.br")
    const follower = await signedIn(2, "visitante@demo.com.br")
    const invited = await creator.send("/v1/studio/whitelist", {
      method: "POST",
      body: { email: "visitante@demo.com.br" },
    })
    expect(invited.status).toBe(200)
    const accepted = await follower.send("/v1/vip-invites/accept", {
      method: "POST",
      body: { token: await mailedInviteToken("visitante@demo.com.br") },
    })
    expect(accepted.status).toBe(200)
    const vips = await creator.send("/v1/studio/subscribers?status=whitelist&q=visitante")
    const { subscriptionId } = pageSchema(StudioSubscriberSchema).parse(vips.body).items[0]!

    const other = await signedIn(3, "assinante@demo.com.br")

    const listed = await follower.send("/v1/u/demo/medias")
    const listedAt = Date.now()
    expect(listed.status).toBe(200)
    const [photo] = z.array(MediaSchema).parse(listed.body)
    const expiresAt = Date.parse(photo!.linksExpireAt!)
    expect(expiresAt - listedAt).toBeLessThanOrEqual(LIFETIME_SECONDS * 1000)
    const link = photo!.thumb
    expect(await fileStatus(link)).toBe(200)

    // Her link presented as another subscriber's (his id in place of hers) fails its signature.
    const [his] = z.array(MediaSchema).parse((await other.send("/v1/u/demo/medias")).body)
    const hisId = new URL(his!.thumb, server.origin).searchParams.get("viewer")!
    const swapped = new URL(link, server.origin)
    expect(swapped.searchParams.get("viewer")).not.toBe(hisId)
    swapped.searchParams.set("viewer", hisId)
    expect(await fileStatus(`${swapped.pathname}${swapped.search}`)).toBe(403)

    const removed = await creator.send(`/v1/studio/whitelist/${subscriptionId}`, {
      method: "DELETE",
    })
    expect(removed.status).toBe(200)
    for (const list of ["medias", "stories"]) {
      const again = await follower.send(`/v1/u/demo/${list}`)
      expect(again.status, list).toBe(403)
      expect(again.body).toMatchObject({ code: "subscription_required" })
    }

    // The link she holds: still served until its expiry, refused from then on. Each check is
    // timed at both ends, since the server decides somewhere between sending and answering.
    let servedAfterRemoval = 0
    let lastServedSentAt = 0
    let refusedAnsweredAt: number | null = null
    while (refusedAnsweredAt === null && Date.now() < expiresAt + 5_000) {
      const sentAt = Date.now()
      const status = await fileStatus(link)
      if (status === 403) refusedAnsweredAt = Date.now()
      else {
        expect(status).toBe(200)
        servedAfterRemoval += 1
        lastServedSentAt = sentAt
      }
      await sleep(200)
    }
    expect(servedAfterRemoval).toBeGreaterThan(0)
    expect(refusedAnsweredAt).not.toBeNull()
    // Never served after its expiry, never refused before it.
    expect(lastServedSentAt).toBeLessThanOrEqual(expiresAt + 1_000)
    expect(refusedAnsweredAt!).toBeGreaterThanOrEqual(expiresAt - 1_000)
    expect(expiresAt - listedAt).toBeLessThanOrEqual(LIFETIME_SECONDS * 1000)
  }, 120_000)
})
