import { centsToReais } from "../../../src/domain/money.ts"
import type { PaymentGateway, PaymentMethod, Plan, Profile } from "../../../src/domain/models.ts"
import { sortPlans } from "../../../src/domain/plans.ts"
import type { ImageSet } from "../../../src/domain/images.ts"
import { imageSetOf, imageUrlOf } from "../adapters/images/image-ref.ts"
import { sharedLinks } from "../adapters/storage/media-links.ts"
import type { Storage } from "../adapters/storage/storage.ts"
import type { ProfileRow } from "../db/rows.ts"

/** Avatars and banners are public: a day-long URL lets browsers cache them. */
export const publicImageTtlSeconds = 24 * 60 * 60

/** Links to public images: long-lived and the same for every visitor, so caches may share them. */
export const publicLinks = (storage: Storage) => sharedLinks(storage, publicImageTtlSeconds)

/** What each gateway lets a buyer pay with. */
export const paymentMethodsByGateway: Record<PaymentGateway, PaymentMethod[]> = {
  iugu: ["credit_card", "pix", "boleto"],
  mercadoPago: ["credit_card", "pix", "link", "boleto"],
  mercadoPagoPixOnly: ["pix"],
  bacen: ["pix"],
}

/** The picture's `<img src>` (its widest JPEG), or null when there is none. */
export const imageUrl = (storage: Storage, key: string | null) =>
  key ? imageUrlOf(publicLinks(storage), key) : null

/** The picture's renditions as an optional field: absent for none, or for an unprocessed file. */
const imageField = <K extends string>(name: K, storage: Storage, key: string | null) => {
  const set = imageSetOf(key, publicLinks(storage))
  return (set ? { [name]: set } : {}) as Partial<Record<K, ImageSet>>
}

/** The wire Profile; a banned creator keeps name and pictures but sells nothing. */
export function toProfile(row: ProfileRow, plans: Plan[], storage: Storage): Profile {
  const onSale = row.banned ? [] : sortPlans(plans)
  const profilePic = imageUrl(storage, row.profilePicKey)
  const profilePicImage = imageField("profilePicImage", storage, row.profilePicKey)
  const bio = row.banned ? "" : row.bio
  return {
    _id: row.id,
    username: row.username,
    fullName: row.fullName,
    bio,
    profilePic,
    bannerPic: imageUrl(storage, row.bannerPicKey),
    ...profilePicImage,
    ...imageField("bannerPicImage", storage, row.bannerPicKey),
    verified: row.verified,
    plans: onSale,
    // The spec's account: the renditions are sent once, above (a kilobyte of signed links).
    account: {
      username: row.username,
      fullName: row.fullName,
      profilePic,
      bio,
      verified: row.verified,
    },
    billing: { name: row.fullName },
    subscription: {
      plans: onSale.map((plan) => ({ name: plan.name, value: centsToReais(plan.valueCents) })),
      paymentMethods: row.banned ? [] : paymentMethodsByGateway[row.paymentGateway],
    },
    paymentGateway: row.paymentGateway,
    pix: !row.banned && row.pixType && row.pixKey ? { type: row.pixType, key: row.pixKey } : null,
    migrating: row.migrating,
    banned: row.banned,
  }
}
