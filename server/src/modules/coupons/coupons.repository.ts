import { and, desc, eq, inArray, sql } from "drizzle-orm"
import { SERVICE_FEE_CENTS } from "../../../../src/domain/plans.ts"
import type { Executor } from "../../db/client.ts"
import { coupons, payments, subscriptions } from "../../db/schema-billing.ts"
import { plans } from "../../db/schema.ts"

export type CouponRow = typeof coupons.$inferSelect
export type NewCoupon = typeof coupons.$inferInsert

/** Coupons shown at most: the studio's list is not paged. */
const couponsShown = 200
/** A payment in these states holds one of its coupon's uses; a failed or expired one gave it back. */
const holdingStatuses = ["pending", "analyzing", "paid"] as const

/** Subscriptions whose first paid payment carried the coupon, or that began a trial with it. */
const startedWith = (couponId: ReturnType<typeof sql>) =>
  sql`(select ${payments.subscriptionId} from ${payments}
       where ${payments.couponId} = ${couponId} and ${payments.status} = 'paid'
       union select ${subscriptions.id} from ${subscriptions}
       where ${subscriptions.trialCouponId} = ${couponId})`

/** Trials begun with the coupon: each holds a use for good, as a paid first payment does. */
const trialsOf = (couponId: ReturnType<typeof sql>) =>
  sql`(select count(*)::int from ${subscriptions} where ${subscriptions.trialCouponId} = ${couponId})`

/** A creator's coupons and the payments that used them. */
export function createCouponsRepository(db: Executor) {
  return {
    /** The creator's plans among `ids`, active or not: a coupon names plans she sells. */
    plansOf(profileId: string, ids: readonly string[]) {
      return db
        .select({ id: plans.id, valueCents: plans.valueCents, active: plans.active })
        .from(plans)
        .where(and(eq(plans.profileId, profileId), inArray(plans.id, [...ids])))
    },

    /** Null when the creator already has a coupon with this code (any status). */
    async insert(values: NewCoupon) {
      const [row] = await db.insert(coupons).values(values).onConflictDoNothing().returning()
      return row ?? null
    },

    async byId(id: string) {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id))
      return row ?? null
    },

    async byCode(profileId: string, code: string) {
      const [row] = await db
        .select()
        .from(coupons)
        .where(and(eq(coupons.profileId, profileId), eq(coupons.code, code)))
      return row ?? null
    },

    async setStatus(id: string, status: CouponRow["status"], at: Date) {
      const [row] = await db
        .update(coupons)
        .set({ status, updatedAt: at })
        .where(eq(coupons.id, id))
        .returning()
      return row!
    },

    /**
     * The coupon's row, locked until the transaction ends: two purchases counting its uses at
     * once wait for each other, so the count never passes the limit.
     */
    async lock(id: string) {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).for("update")
      return row ?? null
    },

    /** Uses the coupon holds: payments awaiting payment or paid, and the trials begun with it. */
    async held(couponId: string) {
      const [row] = await db
        .select({
          held: sql<number>`(select count(*)::int from ${payments}
            where ${payments.couponId} = ${couponId}
            and ${inArray(payments.status, [...holdingStatuses])}) + ${trialsOf(sql`${couponId}`)}`,
        })
        .from(sql`(select 1) as one`)
      return row!.held
    },

    /** The creator's coupons, newest first, with their uses, reserved uses and revenue. */
    list(profileId: string) {
      const id = sql`${coupons.id}`
      return db
        .select({
          coupon: coupons,
          uses: sql<number>`(select count(*)::int from ${payments}
            where ${payments.couponId} = ${id} and ${payments.status} = 'paid') + ${trialsOf(id)}`,
          reserved: sql<number>`(select count(*)::int from ${payments}
            where ${payments.couponId} = ${id} and ${payments.status} in ('pending', 'analyzing'))`,
          // What she receives: each paid charge without the service fee, renewals included.
          revenueCents: sql<number>`(select coalesce(sum(${payments.amountCents} - ${SERVICE_FEE_CENTS}), 0)::int
            from ${payments} where ${payments.status} = 'paid'
            and ${payments.subscriptionId} in ${startedWith(id)})`,
        })
        .from(coupons)
        .where(eq(coupons.profileId, profileId))
        .orderBy(desc(coupons.createdAt), desc(coupons.id))
        .limit(couponsShown)
    },
  }
}

export type CouponsRepository = ReturnType<typeof createCouponsRepository>
