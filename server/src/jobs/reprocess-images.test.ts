import { eq } from "drizzle-orm"
import pino from "pino"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ImageSet } from "../../../src/domain/images.ts"
import {
  HighlightSchema,
  MediaSchema,
  ProfileSchema,
  StorySchema,
} from "../../../src/domain/models.ts"
import { isImageRef, storageKeysOf } from "../adapters/images/image-ref.ts"
import { isCleanReceiptKey } from "../adapters/images/receipt-image.ts"
import { payments } from "../db/schema-billing.ts"
import { highlights, highlightStories, medias, profiles, stories } from "../db/schema.ts"
import {
  expectCleanImage,
  filesUnder,
  htmlBehindJpegMagic,
  imageSetUrls,
  phonePhoto,
} from "../../test/image-fixtures.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../test/test-app.ts"
import { createImageReprocessor } from "./reprocess-images.ts"

let t: TestApp
let creator: TestCreator
let subscriber: { token: string }
let photo: Buffer
const legacy: Record<string, string> = {}

const reprocessor = () =>
  createImageReprocessor({
    db: t.db,
    storage: t.storage,
    clock: t.clock,
    log: pino({ level: "silent" }),
  })

/** Rows and files as the server stored them before the pipeline: originals, GPS and all. */
async function storeLegacy() {
  const prefix = `p/${creator.profileId}`
  const put = async (name: string, key: string, bytes = photo) => {
    await t.storage.put(key, bytes)
    legacy[name] = key
    return key
  }
  const [media] = await t.db
    .insert(medias)
    .values({
      profileId: creator.profileId,
      fileKey: await put("photo", `${prefix}/medias/antiga.jpg`),
      thumbKey: await put("thumb", `${prefix}/medias/antiga-thumb.jpg`),
      thumbWebpKey: await put("thumbWebp", `${prefix}/medias/antiga-thumb.webp`),
      // Its decoder's size, not the size as shown: the job records the upright one.
      width: 1200,
      height: 900,
      createdAt: t.clock.now(),
    })
    .returning()
  legacy.mediaId = media!.id
  const [image] = await t.db
    .insert(stories)
    .values({
      profileId: creator.profileId,
      kind: "image",
      fileKey: await put("storyImage", `${prefix}/stories/antiga.jpg`),
      posterKey: `${prefix}/stories/antiga.jpg`,
      processed: true,
      createdAt: t.clock.now(),
    })
    .returning()
  const video = await t.createStory(creator.profileId)
  await put("poster", video.posterKey!)
  legacy.videoId = video.id
  legacy.video = video.fileKey
  const [highlight] = await t.db
    .insert(highlights)
    .values({
      profileId: creator.profileId,
      title: "Antigo",
      coverKey: await put("cover", `${prefix}/highlights/antiga.jpg`),
      createdAt: t.clock.now(),
    })
    .returning()
  await t.db
    .insert(highlightStories)
    .values({ highlightId: highlight!.id, storyId: image!.id, position: 0 })
  // One upload used as both avatar and banner: neither may lose it while the other shows it.
  const picture = await put("picture", `${prefix}/images/antiga.jpg`)
  await t.db
    .update(profiles)
    .set({ profilePicKey: picture, bannerPicKey: picture })
    .where(eq(profiles.id, creator.profileId))
  // A file that is no image: left as it is, every run.
  await t.db.insert(medias).values({
    profileId: creator.profileId,
    fileKey: await put("broken", `${prefix}/medias/quebrada.jpg`, htmlBehindJpegMagic()),
    thumbKey: `${prefix}/medias/quebrada.jpg`,
    createdAt: t.clock.now(),
  })
  const subscription = await t.createSubscription({
    accountId: (await t.createAccount()).id,
    profileId: creator.profileId,
  })
  const [payment] = await t.db
    .insert(payments)
    .values({
      subscriptionId: subscription.id,
      status: "analyzing",
      method: "pix",
      gateway: "bacen",
      amountCents: 3189,
      receiptKey: await put("receipt", `receipts/${creator.profileId}/antigo.jpg`),
      receiptSha256: "a".repeat(64),
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    })
    .returning()
  legacy.paymentId = payment!.id
}

beforeAll(async () => {
  t = await createTestApp()
  photo = await phonePhoto()
  creator = await t.createCreator({ username: "antiga" })
  const fan = await t.createAccount()
  await t.createSubscription({ accountId: fan.id, profileId: creator.profileId })
  subscriber = fan
  await storeLegacy()
})
afterAll(() => t.close())

const get = async (url: string, token?: string) => {
  const res = await t.inject({ url, token })
  expect(res.statusCode, url).toBe(200)
  return res
}

async function expectCleanSet(set: ImageSet | undefined, token?: string) {
  expect(set).toBeDefined()
  for (const { url, width } of imageSetUrls(set!)) {
    const meta = await expectCleanImage((await get(url, token)).rawPayload, { maxWidth: width })
    expect(meta.width).toBe(width)
  }
}

describe("the re-processing of images stored before the pipeline", () => {
  it("replaces every original with clean renditions, deletes the originals, and is idempotent", async () => {
    const first = await reprocessor().run()
    // Photo, image story, video poster, cover, avatar and banner; one receipt; the broken file.
    expect(first).toEqual({ images: 6, receipts: 1, skipped: 1 })

    const [media] = await t.db.select().from(medias).where(eq(medias.id, legacy.mediaId!))
    expect(isImageRef(media!.fileKey) && isImageRef(media!.thumbKey)).toBe(true)
    expect(media).toMatchObject({ width: 900, height: 1200, thumbWebpKey: null })
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, creator.profileId))
    expect(isImageRef(profile!.profilePicKey!) && isImageRef(profile!.bannerPicKey!)).toBe(true)
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, legacy.paymentId!))
    expect(isCleanReceiptKey(payment!.receiptKey!)).toBe(true)
    expect(payment!.receiptSha256).toBe("a".repeat(64))

    // Served to a subscriber and to a visitor: every URL is clean and upright.
    const feed = MediaSchema.array().parse(
      (await get(`/v1/u/${creator.username}/medias`, subscriber.token)).json(),
    )
    const served = feed.find((m) => m._id === legacy.mediaId)!
    await expectCleanSet(served.image, subscriber.token)
    await expectCleanSet(served.thumbImage, subscriber.token)
    const storyList = StorySchema.array().parse(
      (await get(`/v1/u/${creator.username}/stories`, subscriber.token)).json(),
    )
    expect(storyList).toHaveLength(2)
    for (const story of storyList) await expectCleanSet(story.image, subscriber.token)
    expect(storyList.find((s) => s._id === legacy.videoId)!.src).toContain(legacy.video)
    for (const token of [subscriber.token, undefined]) {
      const list = HighlightSchema.array().parse(
        (await get(`/v1/u/${creator.username}/highlights`, token)).json(),
      )
      await expectCleanSet(list[0]!.coverImage, token)
    }
    const visitorView = ProfileSchema.parse((await get(`/v1/profile/${creator.username}`)).json())
    await expectCleanSet(visitorView.profilePicImage)
    await expectCleanSet(visitorView.bannerPicImage)
    // The receipt, as the creator's review hands it out.
    const [review] = (await get("/v1/studio/receipts", creator.token)).json() as Array<{
      payment: { receiptUrl: string }
    }>
    const receipt = (await get(review!.payment.receiptUrl, creator.token)).rawPayload
    await expectCleanImage(receipt, { maxWidth: 900, portrait: true })

    // The originals are gone; the broken file and the video stay as they were.
    for (const name of ["photo", "thumb", "thumbWebp", "storyImage", "poster", "cover"]) {
      expect(await t.storage.stat(legacy[name]!), name).toBeNull()
    }
    for (const name of ["picture", "receipt"]) {
      expect(await t.storage.stat(legacy[name]!), name).toBeNull()
    }
    expect(await t.storage.stat(legacy.broken!)).not.toBeNull()
    expect(await t.storage.stat(legacy.video!)).not.toBeNull()

    // A second run finds only the file it cannot read, and changes nothing.
    const files = await filesUnder(t.mediaDir)
    const rows = await t.db.select().from(medias)
    expect(await reprocessor().run()).toEqual({ images: 0, receipts: 0, skipped: 1 })
    expect(await filesUnder(t.mediaDir)).toEqual(files)
    expect(await t.db.select().from(medias)).toEqual(rows)
  })

  it("lets replicas race on the same rows: each is replaced once and no stray file is left", async () => {
    const other = await t.createCreator({ username: "corrida" })
    const keys = []
    for (const name of ["a", "b", "c"]) {
      const key = `p/${other.profileId}/medias/${name}.jpg`
      await t.storage.put(key, photo)
      keys.push(key)
      await t.db.insert(medias).values({
        profileId: other.profileId,
        fileKey: key,
        thumbKey: key,
        createdAt: t.clock.now(),
      })
    }
    const [one, two] = await Promise.all([reprocessor().run(), reprocessor().run()])
    expect(one.images + two.images).toBe(3)

    const rows = await t.db.select().from(medias).where(eq(medias.profileId, other.profileId))
    const shown = rows.flatMap((row) => [
      ...storageKeysOf(row.fileKey),
      ...storageKeysOf(row.thumbKey),
    ])
    const stored = (await filesUnder(t.mediaDir))
      .filter((file) => file.startsWith(`p/${other.profileId}/`))
      .sort()
    expect(stored).toEqual([...shown].sort())
    for (const key of keys) expect(await t.storage.stat(key)).toBeNull()
    const widest = await sharp(
      (await get(t.storage.url(storageKeysOf(rows[0]!.fileKey).at(-1)!))).rawPayload,
    ).metadata()
    expect(widest.width).toBeLessThanOrEqual(900)
  })
})
