import { sql } from "drizzle-orm"
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core"
import {
  paymentGatewayEnum,
  pixKeyTypeEnum,
  planNameEnum,
  roleEnum,
  storyKindEnum,
} from "./enums.ts"
import { createdAt, instant, updatedAt } from "./columns.ts"

export * from "./enums.ts"

export const accounts = pgTable("accounts", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Always stored lower-cased. */
  email: text("email").notNull().unique(),
  fullName: text("full_name"),
  role: roleEnum("role").notNull().default("follower"),
  passwordHash: text("password_hash").notNull(),
  /** Bumped on password change or recovery; tokens carrying an older version are refused. */
  tokenVersion: integer("token_version").notNull().default(0),
  /** The creator whose page the follower signed up on. */
  signupFromProfileId: uuid("signup_from_profile_id"),
  /** Closed by its owner (LGPD): signed out for good, personal data erased six months later. */
  closedAt: instant("closed_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const profiles = pgTable("profiles", {
  id: uuid("id").primaryKey().defaultRandom(),
  accountId: uuid("account_id")
    .notNull()
    .unique()
    .references(() => accounts.id, { onDelete: "cascade" }),
  /** Always stored lower-cased, without a leading @. */
  username: text("username").notNull().unique(),
  fullName: text("full_name").notNull(),
  bio: text("bio").notNull().default(""),
  profilePicKey: text("profile_pic_key"),
  bannerPicKey: text("banner_pic_key"),
  verified: boolean("verified").notNull().default(false),
  paymentGateway: paymentGatewayEnum("payment_gateway").notNull().default("iugu"),
  pixType: pixKeyTypeEnum("pix_type"),
  pixKey: text("pix_key"),
  /** Sales paused while the creator moves gateways; earlier subscribers keep access. */
  migrating: boolean("migrating").notNull().default(false),
  banned: boolean("banned").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const plans = pgTable(
  "plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    name: planNameEnum("name").notNull(),
    valueCents: integer("value_cents").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  // Old prices stay as inactive rows so past subscriptions keep pointing at what was sold.
  (t) => [
    uniqueIndex("plans_one_active_per_name")
      .on(t.profileId, t.name)
      .where(sql`${t.active}`),
  ],
)

export const stories = pgTable(
  "stories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: storyKindEnum("kind").notNull(),
    fileKey: text("file_key").notNull(),
    posterKey: text("poster_key"),
    processed: boolean("processed").notNull().default(false),
    /** The server process making the poster and rendition, so replicas never process a video twice. */
    processingBy: text("processing_by"),
    /** Its claim lapses then (renewed while it works): a killed process's video is taken over. */
    processingUntil: instant("processing_until"),
    /** Set while the story waits for its time: nobody but its creator sees it until then. */
    scheduledFor: instant("scheduled_for"),
    /** When its subscribers' notification was queued (modules/notifications); null: not yet. */
    announcedAt: instant("announced_at"),
    createdAt: createdAt(),
  },
  // Keyset pages of a creator's stories read along (created_at, id): see db/keyset.ts.
  (t) => [
    index("stories_profile_created_id").on(t.profileId, t.createdAt, t.id),
    // The notifications' fan-out looks for what was published and not announced yet.
    index("stories_unannounced")
      .on(t.profileId)
      .where(sql`${t.announcedAt} is null`),
  ],
)

export const storyViews = pgTable(
  "story_views",
  {
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.accountId] })],
)

export const highlights = pgTable(
  "highlights",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    coverKey: text("cover_key"),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("highlights_profile_position").on(t.profileId, t.position)],
)

export const highlightStories = pgTable(
  "highlight_stories",
  {
    highlightId: uuid("highlight_id")
      .notNull()
      .references(() => highlights.id, { onDelete: "cascade" }),
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.highlightId, t.storyId] })],
)

export const medias = pgTable(
  "medias",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    fileKey: text("file_key").notNull(),
    thumbKey: text("thumb_key").notNull(),
    /** Lighter formats of the thumbnail, for browsers that take them. */
    thumbWebpKey: text("thumb_webp_key"),
    thumbAvifKey: text("thumb_avif_key"),
    width: integer("width"),
    height: integer("height"),
    description: text("description"),
    /** Set while the photo waits for its time: nobody but its creator sees it until then. */
    scheduledFor: instant("scheduled_for"),
    /** When its subscribers' notification was queued (modules/notifications); null: not yet. */
    announcedAt: instant("announced_at"),
    createdAt: createdAt(),
  },
  // Keyset pages of a creator's photos read along (created_at, id): see db/keyset.ts.
  (t) => [
    index("medias_profile_created_id").on(t.profileId, t.createdAt, t.id),
    // The notifications' fan-out looks for what was published and not announced yet.
    index("medias_unannounced")
      .on(t.profileId)
      .where(sql`${t.announcedAt} is null`),
  ],
)

export const mediaLikes = pgTable(
  "media_likes",
  {
    mediaId: uuid("media_id")
      .notNull()
      .references(() => medias.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.accountId] })],
)

export const leads = pgTable("leads", {
  id: uuid("id").primaryKey().defaultRandom(),
  instagram: text("instagram").notNull(),
  email: text("email").notNull(),
  whatsapp: text("whatsapp").notNull(),
  ip: text("ip"),
  createdAt: createdAt(),
  /** Operator follow-up: when the team reached out, and when the lead was invited as a creator. */
  contactedAt: instant("contacted_at"),
  invitedAt: instant("invited_at"),
  creatorAccountId: uuid("creator_account_id").references(() => accounts.id, {
    onDelete: "set null",
  }),
})

export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** HMAC of the 6 digits with a server secret: a leaked table cannot be brute-forced offline. */
    codeHash: text("code_hash").notNull(),
    expiresAt: instant("expires_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAt: instant("used_at"),
    /** Issued when the code is accepted; allows setting one new password. */
    tokenHash: text("token_hash"),
    tokenExpiresAt: instant("token_expires_at"),
    tokenUsedAt: instant("token_used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_account").on(t.accountId, t.createdAt)],
)

/** Fixed-window counters shared by every replica. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: instant("window_start").notNull(),
  expiresAt: instant("expires_at").notNull(),
})

/** Visit events (spec §4) behind the studio's numbers; no IP or user agent is kept. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    profileId: uuid("profile_id").references(() => profiles.id, { onDelete: "cascade" }),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_events_profile_created").on(t.profileId, t.createdAt)],
)

/**
 * Who accessed from where and when (sign-ups, sign-ins, password changes): kept six months, as the
 * Marco Civil da Internet (art. 15) asks, and no longer. Outlives the account it names.
 */
export const accessLogs = pgTable(
  "access_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "set null" }),
    event: text("event").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("access_logs_created").on(t.createdAt),
    index("access_logs_account").on(t.accountId, t.createdAt),
  ],
)

/**
 * One signed-in browser: its chain of refresh tokens, from the sign-in to its logout. Revoking
 * the family ends that browser's session; the account's token version ends them all.
 */
export const sessionFamilies = pgTable(
  "session_families",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The account's token version at sign-in: a later version (new password, logout-all) ends it. */
    tokenVersion: integer("token_version").notNull(),
    createdAt: createdAt(),
    /** Sliding: each rotation moves it to a full lifetime after the newest token. */
    expiresAt: instant("expires_at").notNull(),
    /** Logout, reuse of a spent token, or "Sair de todos os dispositivos". */
    revokedAt: instant("revoked_at"),
  },
  (t) => [index("session_families_account").on(t.accountId, t.expiresAt)],
)

/** Refresh tokens by their SHA-256: the token itself lives only in the browser's cookie. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: instant("expires_at").notNull(),
    /** Exchanged for its successor; shown again after the grace, it revokes the family. */
    usedAt: instant("used_at"),
  },
  (t) => [index("refresh_tokens_family").on(t.familyId, t.expiresAt)],
)
