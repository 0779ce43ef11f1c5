import { randomUUID } from "node:crypto"
import { readFile } from "node:fs/promises"
import { and, eq } from "drizzle-orm"
import path from "node:path"
import type { PaymentGateway } from "../../../src/domain/models.ts"
import { totalCents } from "../../../src/domain/plans.ts"
import type { ImageUse } from "../../../src/domain/images.ts"
import { renderImage, type RenderedImage } from "../adapters/images/image-pipeline.ts"
import { storeRenditions } from "../adapters/images/store-image.ts"
import type { Storage } from "../adapters/storage/storage.ts"
import type { Clock } from "../clock.ts"
import { hashPassword, type ScryptParams } from "../adapters/passwords/passwords.ts"
import type { Database, Executor } from "./client.ts"
import { seedSavedCard } from "./seed-cards.ts"
import { fromProjectRoot } from "../project-root.ts"
import { billingAudit, payments, subscriptions } from "./schema-billing.ts"
import {
  accounts,
  highlights,
  highlightStories,
  medias,
  plans,
  profiles,
  stories,
} from "./schema.ts"

export const demoPassword = "demo1234"
const assetsDir = fromProjectRoot("server/assets/demo") + path.sep
const hour = 60 * 60_000
const day = 24 * hour

interface DemoCreator {
  username: string
  email: string
  fullName: string
  bio: string
  verified: boolean
  paymentGateway: PaymentGateway
  migrating?: boolean
  pix?: boolean
}

export const demoCreators: DemoCreator[] = [
  {
    username: "demo",
    email: "criadora@demo.com.br",
    fullName: "Duda Demo",
    bio: "Bastidores, viagens e o dia a dia que não vai pro feed. Aqui é o meu Close Friends 💚",
    verified: true,
    paymentGateway: "iugu",
  },
  {
    username: "demo.mp",
    email: "criadora.mp@demo.com.br",
    fullName: "Marina Pagamentos",
    bio: "Treinos, receitas e conversas sinceras. Assine e venha para o meu Close Friends!",
    verified: true,
    paymentGateway: "mercadoPago",
  },
  {
    username: "demo.pix",
    email: "criadora.pix@demo.com.br",
    fullName: "Paula Pix",
    bio: "Pagamento por Pix direto na minha conta. Conteúdo novo toda semana.",
    verified: false,
    paymentGateway: "bacen",
    pix: true,
  },
  {
    username: "demo.pausado",
    email: "criadora.pausado@demo.com.br",
    fullName: "Pietra Pausada",
    bio: "Estou mudando de casa por aqui: as vendas voltam em breve.",
    verified: false,
    paymentGateway: "iugu",
    migrating: true,
  },
]

/** Each follower has a saved sandbox card, so `demo`'s payment page lists one (both approved). */
export const demoFollowers = [
  {
    email: "assinante@demo.com.br",
    fullName: "Ana Assinante",
    subscribesTo: "demo",
    savedCard: { number: "4111111111111111", firstName: "ANA", lastName: "ASSINANTE" },
  },
  {
    email: "visitante@demo.com.br",
    fullName: "Vitor Visitante",
    subscribesTo: null,
    savedCard: { number: "5555555555554444", firstName: "VITOR", lastName: "VISITANTE" },
  },
] as const

/** The operator account for the admin tools (leads, bans, payment audit). */
export const demoAdmin = { email: "admin@demo.com.br", fullName: "Operação Closer" } as const

const photoDescriptions = [
  "Manhã de praia antes de todo mundo acordar 🌊",
  "O café que salva a segunda-feira ☕",
  "Treino pago, humor renovado",
  "Fim de tarde que pede foto",
  "Arrumando a mala pra próxima viagem ✈️",
  "Look do dia, aprovado?",
  "Jantar especial com as amigas",
  "Lendo antes de dormir 📚",
  "Bastidores do show de ontem",
  "Domingo no parque",
  "Making of do ensaio",
  "Preguiça boa de domingo",
]

const highlightPlan = [
  { title: "Viagens", cover: "highlight-1.jpg", stories: [0, 1] },
  { title: "Rotina", cover: "highlight-2.jpg", stories: [2, 3] },
  { title: "Favoritos", cover: "highlight-3.jpg", stories: [4, 0] },
]

export interface SeedDeps {
  db: Database
  storage: Storage
  clock: Clock
  scrypt: ScryptParams
}

/** Seeds only an empty database (first start); returns whether it did. */
export async function seedIfEmpty(deps: SeedDeps): Promise<boolean> {
  if ((await deps.db.$count(accounts)) > 0) return false
  await seedDemo(deps)
  return true
}

/** Copies an asset as it is (a video) or stores it as an upload would be: renditions by use. */
export interface DemoFiles {
  copy(asset: string, key: string): Promise<string>
  image(asset: string, use: ImageUse, base: string): Promise<string>
}

/** Each asset is rendered once and its renditions are stored for every creator. */
function demoFiles(storage: Storage): DemoFiles {
  const rendered = new Map<string, Promise<RenderedImage>>()
  const render = (asset: string, use: ImageUse) => {
    const id = `${use}:${asset}`
    if (!rendered.has(id)) {
      const file = `${assetsDir}${asset}`
      rendered.set(
        id,
        readFile(file).then((bytes) => renderImage(bytes, use, file)),
      )
    }
    return rendered.get(id)!
  }
  const put = (key: string, data: Buffer) => storage.put(key, data)
  return {
    async copy(asset, key) {
      await storage.put(key, await readFile(`${assetsDir}${asset}`))
      return key
    },
    async image(asset, use, base) {
      return storeRenditions(put, base, await render(asset, use))
    },
  }
}

/** Demo creators, followers, plans, stories, photos and highlights, with the media in storage. */
export async function seedDemo(deps: SeedDeps): Promise<void> {
  const now = deps.clock.now()
  const files = demoFiles(deps.storage)
  const hash = () => hashPassword(demoPassword, deps.scrypt)
  const profileIds = new Map<string, string>()

  for (const creator of demoCreators) {
    const passwordHash = await hash()
    const profileId = randomUUID()
    const prefix = `p/${profileId}`
    const pictures = {
      avatar: await files.image("avatar.jpg", "avatar", `${prefix}/images/avatar`),
      banner: await files.image("banner.jpg", "banner", `${prefix}/images/banner`),
    }
    await deps.db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          email: creator.email,
          fullName: creator.fullName,
          role: "performer",
          passwordHash,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      await tx.insert(profiles).values({
        id: profileId,
        accountId: account!.id,
        username: creator.username,
        fullName: creator.fullName,
        bio: creator.bio,
        profilePicKey: pictures.avatar,
        bannerPicKey: pictures.banner,
        verified: creator.verified,
        paymentGateway: creator.paymentGateway,
        migrating: creator.migrating ?? false,
        ...(creator.pix ? { pixType: "random" as const, pixKey: randomUUID() } : {}),
        createdAt: now,
        updatedAt: now,
      })
      await tx.insert(plans).values([
        { profileId, name: "MONTHLY", valueCents: 2990, createdAt: now },
        { profileId, name: "QUARTERLY", valueCents: 7990, createdAt: now },
        { profileId, name: "SEMIANNUAL", valueCents: 14990, createdAt: now },
      ])
    })
    await seedContent(deps.db, profileId, now, files)
    profileIds.set(creator.username, profileId)
  }

  for (const follower of demoFollowers) {
    const [account] = await deps.db
      .insert(accounts)
      .values({
        email: follower.email,
        fullName: follower.fullName,
        role: "follower",
        passwordHash: await hash(),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (follower.subscribesTo)
      await seedPaidSubscription(deps.db, account!.id, profileIds.get(follower.subscribesTo)!, now)
    await seedSavedCard(deps.db, { ...follower, accountId: account!.id }, follower.savedCard, now)
  }

  await deps.db.insert(accounts).values({
    email: demoAdmin.email,
    fullName: demoAdmin.fullName,
    role: "admin",
    passwordHash: await hash(),
    createdAt: now,
    updatedAt: now,
  })
}

async function seedContent(db: Database, profileId: string, now: Date, files: DemoFiles) {
  const prefix = `p/${profileId}`
  const storyIds: string[] = []
  // Five stories over the last day, the newest still being processed.
  for (let i = 1; i <= 5; i++) {
    const fileKey = await files.copy(`story-${i}.mp4`, `${prefix}/stories/story-${i}.mp4`)
    const posterKey = await files.image(`story-${i}.jpg`, "story", `${prefix}/stories/story-${i}`)
    const [row] = await db
      .insert(stories)
      .values({
        profileId,
        kind: "video",
        fileKey,
        posterKey,
        processed: i !== 5,
        createdAt: new Date(now.getTime() - (22 - i * 4) * hour),
        // The demo's past content was announced when it was posted: nobody is told of it again.
        announcedAt: new Date(now.getTime() - (22 - i * 4) * hour),
      })
      .returning({ id: stories.id })
    storyIds.push(row!.id)
  }
  const photos = []
  for (let i = 1; i <= 12; i++) {
    photos.push({
      profileId,
      fileKey: await files.image(`photo-${i}.jpg`, "photo", `${prefix}/medias/photo-${i}`),
      thumbKey: await files.image(`photo-${i}.jpg`, "grid", `${prefix}/medias/photo-${i}-grid`),
      width: 720,
      height: 900,
      description: photoDescriptions[i - 1] ?? null,
      createdAt: new Date(now.getTime() - (13 - i) * 2 * day),
      announcedAt: new Date(now.getTime() - (13 - i) * 2 * day),
    })
  }
  await db.insert(medias).values(photos)
  for (const [position, plan] of highlightPlan.entries()) {
    await insertHighlight(db, {
      profileId,
      title: plan.title,
      coverKey: await files.image(
        plan.cover,
        "cover",
        `${prefix}/highlights/${plan.cover.replace(/\.jpg$/, "")}`,
      ),
      position,
      storyIds: plan.stories.map((index) => storyIds[index]!),
      now,
    })
  }
}

async function insertHighlight(
  db: Executor,
  values: {
    profileId: string
    title: string
    coverKey: string
    position: number
    storyIds: string[]
    now: Date
  },
) {
  const [row] = await db
    .insert(highlights)
    .values({
      profileId: values.profileId,
      title: values.title,
      coverKey: values.coverKey,
      position: values.position,
      createdAt: values.now,
    })
    .returning({ id: highlights.id })
  await db
    .insert(highlightStories)
    .values(
      values.storyIds.map((storyId, position) => ({ highlightId: row!.id, storyId, position })),
    )
}

/** An active monthly subscription paid by Pix today, valid for a calendar month. */
async function seedPaidSubscription(db: Database, accountId: string, profileId: string, now: Date) {
  const end = new Date(now)
  end.setUTCMonth(end.getUTCMonth() + 1)
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.profileId, profileId), eq(plans.name, "MONTHLY"), eq(plans.active, true)))
  await db.transaction(async (tx) => {
    const [subscription] = await tx
      .insert(subscriptions)
      .values({
        accountId,
        profileId,
        planId: plan?.id ?? null,
        planName: "MONTHLY",
        valueCents: 2990,
        paymentMethod: "pix",
        status: "paid",
        currentPeriodStart: now,
        currentPeriodEnd: end,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: subscriptions.id })
    const [payment] = await tx
      .insert(payments)
      .values({
        subscriptionId: subscription!.id,
        status: "paid",
        method: "pix",
        gateway: "iugu",
        amountCents: totalCents({ valueCents: 2990 }),
        planId: plan?.id ?? null,
        planName: "MONTHLY",
        planValueCents: 2990,
        paidAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: payments.id })
    // The same trail a real purchase leaves, so the studio and operators see where it came from.
    await tx.insert(billingAudit).values([
      {
        subscriptionId: subscription!.id,
        paymentId: payment!.id,
        entity: "payment",
        fromStatus: null,
        toStatus: "paid",
        actor: "seed",
        reason: "dados de demonstração",
        createdAt: now,
      },
      {
        subscriptionId: subscription!.id,
        paymentId: payment!.id,
        entity: "subscription",
        fromStatus: null,
        toStatus: "paid",
        actor: "seed",
        reason: "dados de demonstração",
        details: { currentPeriodEnd: { from: null, to: end.toISOString() } },
        createdAt: now,
      },
    ])
  })
}
