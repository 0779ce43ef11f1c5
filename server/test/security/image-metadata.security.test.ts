import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  imageTooManyPixelsMessage,
  imageUses,
  type ImageSet,
  type ImageUse,
} from "../../../src/domain/images.ts"
import { RECEIPT_ONLY_IMAGES } from "../../../src/domain/messages.ts"
import {
  HighlightSchema,
  MediaSchema,
  ProfileSchema,
  StorySchema,
  StudioReceiptSchema,
  SubscriptionSchema,
} from "../../../src/domain/models.ts"
import { photoFileTypeMessage, storyFileTypeMessage } from "../../../src/domain/studio.ts"
import { medias, profiles, stories } from "../../src/db/schema.ts"
import { multipartBody } from "../billing-test-kit.ts"
import { onlyImagesMessage } from "../../src/shared/creator-files.ts"
import { fileField, multipart } from "../studio-testing.ts"
import {
  expectCleanImage,
  filesUnder,
  htmlBehindJpegMagic,
  imageSetUrls,
  phonePhoto,
  pixelBombPng,
} from "../image-fixtures.ts"
import { createTestApp, type TestAccount, type TestApp, type TestCreator } from "../test-app.ts"

/**
 * A creator's phone photo carries where she lives (EXIF GPS), her phone, XMP and a colour
 * profile; a buyer's receipt photo the same of the buyer. Whatever is uploaded, every URL the
 * API hands out for it serves an image with none of that, turned upright, no wider than its use.
 */
let t: TestApp
let creator: TestCreator
let subscriber: TestAccount
let photo: Buffer

beforeAll(async () => {
  t = await createTestApp({ config: { ffmpegPath: null } })
  photo = await phonePhoto()
  creator = await t.createCreator({ username: "privada", paymentGateway: "bacen" })
  await t.db
    .update(profiles)
    .set({ pixType: "email", pixKey: "privada@exemplo.com.br" })
    .where(eq(profiles.id, creator.profileId))
  subscriber = await t.createAccount()
  await t.createSubscription({ accountId: subscriber.id, profileId: creator.profileId })
}, 120_000)
afterAll(() => t.close())

const widest = (use: ImageUse) => imageUses[use].widths.at(-1)!

const fetchOk = async (url: string, token?: string) => {
  const res = await t.inject({ url, token })
  expect(res.statusCode, url).toBe(200)
  return res.rawPayload
}

/** Every URL of the set, plus the plain ones given beside it, is clean and within its width. */
async function expectCleanServed(
  set: ImageSet | undefined,
  options: { use: ImageUse; token?: string; portrait?: boolean; plain?: Array<string | null> },
) {
  expect(set, "image set").toBeDefined()
  for (const { url, width } of imageSetUrls(set!)) {
    const bytes = await fetchOk(url, options.token)
    const meta = await expectCleanImage(bytes, {
      maxWidth: widest(options.use),
      portrait: options.portrait,
    })
    expect(meta.width, url).toBe(width)
  }
  for (const url of options.plain ?? []) {
    expect(url).toBeTruthy()
    await expectCleanImage(await fetchOk(url!, options.token), {
      maxWidth: widest(options.use),
      portrait: options.portrait,
    })
  }
}

const studioUpload = (path: string, content: Buffer) =>
  t.inject({
    method: "POST",
    url: path,
    token: creator.token,
    ...multipart(fileField(content, "foto.jpg", "image/jpeg")),
  })

const profileImage = async (use: "avatar" | "banner" | "cover", content = photo) =>
  t.inject({
    method: "POST",
    url: `/v1/profile/images?for=${use}`,
    token: creator.token,
    ...multipart(fileField(content, "foto.jpg", "image/jpeg")),
  })

describe("uploaded images carry no metadata", () => {
  it("a photo: feed and grid renditions, to a subscriber", async () => {
    const res = await studioUpload("/v1/studio/medias", photo)
    expect(res.statusCode, res.body).toBe(200)
    const [media] = MediaSchema.array().parse(
      (await t.inject({ url: `/v1/u/${creator.username}/medias`, token: subscriber.token })).json(),
    )
    // Stored landscape with orientation 6: shown, and recorded, as the portrait it is.
    expect(media).toMatchObject({ width: 900, height: 1200 })
    await expectCleanServed(media!.image, {
      use: "photo",
      token: subscriber.token,
      portrait: true,
      plain: [media!.src],
    })
    await expectCleanServed(media!.thumbImage, {
      use: "grid",
      token: subscriber.token,
      plain: [media!.thumb],
    })
    // Locked content stays locked.
    expect((await t.inject({ url: `/v1/u/${creator.username}/medias` })).statusCode).toBe(401)
  })

  it("a story image, and a highlight cover cut from it, to a subscriber and a visitor", async () => {
    const res = await studioUpload("/v1/studio/stories", photo)
    expect(res.statusCode, res.body).toBe(200)
    const [story] = StorySchema.array().parse(
      (
        await t.inject({ url: `/v1/u/${creator.username}/stories`, token: subscriber.token })
      ).json(),
    )
    await expectCleanServed(story!.image, {
      use: "story",
      token: subscriber.token,
      portrait: true,
      plain: [story!.src, story!.displayUrl],
    })

    const highlight = await t.inject({
      method: "POST",
      url: "/v1/studio/highlights",
      token: creator.token,
      payload: { title: "Casa", storyIds: [story!._id] },
    })
    expect(highlight.statusCode, highlight.body).toBe(200)
    for (const token of [subscriber.token, undefined]) {
      const list = HighlightSchema.array().parse(
        (await t.inject({ url: `/v1/u/${creator.username}/highlights`, token })).json(),
      )
      const shown = list.find((h) => h.title === "Casa")!
      await expectCleanServed(shown.coverImage, { use: "cover", token, plain: [shown.cover] })
    }
  })

  it("an avatar, a banner and an uploaded highlight cover, to a visitor", async () => {
    const avatar = await profileImage("avatar")
    const banner = await profileImage("banner")
    const cover = await profileImage("cover")
    for (const res of [avatar, banner, cover]) expect(res.statusCode, res.body).toBe(200)
    const patched = await t.inject({
      method: "PATCH",
      url: "/v1/profile",
      token: creator.token,
      payload: { profilePic: avatar.json().key, bannerPic: banner.json().key },
    })
    expect(patched.statusCode, patched.body).toBe(200)
    const story = await t.createStory(creator.profileId)
    const highlight = await t.inject({
      method: "POST",
      url: "/v1/studio/highlights",
      token: creator.token,
      payload: { title: "Capa", storyIds: [story.id], cover: cover.json().key },
    })
    expect(highlight.statusCode, highlight.body).toBe(200)

    const profile = ProfileSchema.parse(
      (await t.inject({ url: `/v1/profile/${creator.username}` })).json(),
    )
    await expectCleanServed(profile.profilePicImage, {
      use: "avatar",
      plain: [profile.profilePic, avatar.json().url],
    })
    expect(profile.account.profilePic).toEqual(profile.profilePic)
    await expectCleanServed(profile.bannerPicImage, {
      use: "banner",
      plain: [profile.bannerPic, banner.json().url],
    })
    expect(profile.bannerPicImage!.width / profile.bannerPicImage!.height).toBeCloseTo(3, 1)
    const list = HighlightSchema.array().parse(
      (await t.inject({ url: `/v1/u/${creator.username}/highlights` })).json(),
    )
    const shown = list.find((h) => h.title === "Capa")!
    await expectCleanServed(shown.coverImage, { use: "cover", plain: [shown.cover] })
  })

  it("a buyer's receipt, to the creator who reviews it and to the buyer", async () => {
    const buyer = await t.createAccount()
    await startPix(buyer)
    const res = await sendReceipt(buyer, photo)
    expect(res.statusCode, res.body).toBe(200)
    const own = SubscriptionSchema.parse(res.json())
    await expectCleanImage(await fetchOk(own.payment!.receiptUrl!, buyer.token), {
      maxWidth: 2400,
      portrait: true,
    })
    const reviews = StudioReceiptSchema.array().parse(
      (await t.inject({ url: "/v1/studio/receipts", token: creator.token })).json(),
    )
    const review = reviews.find((r) => r.payment.id === own.payment!.id)!
    await expectCleanImage(await fetchOk(review.payment.receiptUrl!, creator.token), {
      maxWidth: 2400,
      portrait: true,
    })
  })
})

async function startPix(buyer: TestAccount) {
  const res = await t.inject({
    method: "POST",
    url: `/v1/${creator.username}/subscription/pix`,
    token: buyer.token,
    payload: { planName: "MONTHLY" },
  })
  expect(res.statusCode, res.body).toBe(200)
}

const sendReceipt = (buyer: TestAccount, content: Buffer) =>
  t.inject({
    method: "POST",
    url: `/v1/${creator.username}/subscription/pix/receipt`,
    token: buyer.token,
    ...multipartBody({}, { content, filename: "comprovante.jpg", type: "image/jpeg" }),
  })

describe("files that are no image, or a bomb, are refused and nothing is stored", () => {
  const refusals = [
    ["/v1/studio/medias", photoFileTypeMessage],
    ["/v1/studio/stories", storyFileTypeMessage],
    ["/v1/profile/images?for=avatar", onlyImagesMessage],
  ] as const

  it.each(refusals)("%s", async (path, typeMessage) => {
    const before = await filesUnder(t.mediaDir)
    const counts = async () => [
      await t.db.$count(medias, eq(medias.profileId, creator.profileId)),
      await t.db.$count(stories, eq(stories.profileId, creator.profileId)),
    ]
    const rows = await counts()
    const bomb = await studioUpload(path, pixelBombPng())
    expect(bomb.statusCode).toBe(422)
    expect(bomb.json()).toEqual({
      message: imageTooManyPixelsMessage,
      code: "image_too_large_pixels",
      field: "file",
    })
    const html = await studioUpload(path, htmlBehindJpegMagic())
    expect(html.statusCode).toBe(422)
    expect(html.json()).toEqual({ message: typeMessage, code: "invalid_file_type", field: "file" })
    expect(await filesUnder(t.mediaDir)).toEqual(before)
    expect(await counts()).toEqual(rows)
  })

  it("a receipt", async () => {
    const buyer = await t.createAccount()
    await startPix(buyer)
    const before = await filesUnder(t.mediaDir)
    const bomb = await sendReceipt(buyer, pixelBombPng())
    expect(bomb.statusCode).toBe(422)
    expect(bomb.json()).toMatchObject({ message: imageTooManyPixelsMessage, field: "file" })
    const html = await sendReceipt(buyer, htmlBehindJpegMagic())
    expect(html.statusCode).toBe(422)
    expect(html.json()).toMatchObject({ message: RECEIPT_ONLY_IMAGES, code: "invalid_file_type" })
    expect(await filesUnder(t.mediaDir)).toEqual(before)
    const subscription = SubscriptionSchema.parse(
      (await t.inject({ url: `/v1/${creator.username}/subscription`, token: buyer.token })).json(),
    )
    expect(subscription.payment).toMatchObject({ status: "pending", receiptUrl: null })
  })
})
