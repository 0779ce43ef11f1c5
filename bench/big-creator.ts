import { sql } from "drizzle-orm"
import { rowsOf, type Database } from "../server/src/db/client.ts"

/**
 * A creator with years of content, beside the demo's 12 photos: the same pictures, bio and
 * plans as @demo, with 5,000 photos, 300 stories and 50,000 subscribers (whitelisted accounts,
 * so the studio lists them). The demo subscriber subscribes to her too, so the bench can read
 * her photos as it reads @demo's. Her login is @demo's creator's password.
 */
export const bigCreator = {
  username: "grande",
  email: "criadora.grande@demo.com.br",
  photos: 5000,
  stories: 300,
  subscribers: 50_000,
} as const

export async function seedBigCreator(db: Database): Promise<void> {
  const { username, email, photos, stories, subscribers } = bigCreator
  await db.transaction(async (tx) => {
    const [account] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into accounts (email, full_name, role, password_hash)
        select ${email}, 'Criadora Grande', 'performer', password_hash from accounts
        where email = 'criadora@demo.com.br' returning id`,
    )
    const [profile] = await rowsOf<{ id: string; demo: string }>(
      tx,
      sql`insert into profiles (account_id, username, full_name, bio, profile_pic_key,
          banner_pic_key, verified, payment_gateway)
        select ${account!.id}, ${username}, 'Criadora Grande', bio, profile_pic_key, banner_pic_key,
          verified, payment_gateway from profiles where username = 'demo'
        returning id, (select id from profiles where username = 'demo') as demo`,
    )
    const { id, demo } = profile!
    await tx.execute(sql`insert into plans (profile_id, name, value_cents)
      select ${id}, name, value_cents from plans where profile_id = ${demo} and active`)
    // Her photos and stories are @demo's, over and over, a minute apart.
    await tx.execute(sql`insert into medias (profile_id, file_key, thumb_key, thumb_webp_key,
        thumb_avif_key, width, height, description, created_at)
      select ${id}, m.file_key, m.thumb_key, m.thumb_webp_key, m.thumb_avif_key, m.width,
        m.height, m.description, now() - make_interval(mins => g)
      from generate_series(1, ${photos}) g
      join lateral (select * from medias where profile_id = ${demo}
        order by id offset (g % 12) limit 1) m on true`)
    await tx.execute(sql`insert into stories (profile_id, kind, file_key, poster_key, processed,
        created_at)
      select ${id}, s.kind, s.file_key, s.poster_key, true, now() - make_interval(mins => g)
      from generate_series(1, ${stories}) g
      join lateral (select * from stories where profile_id = ${demo} and processed
        order by id offset (g % 4) limit 1) s on true`)
    await tx.execute(sql`insert into accounts (email, full_name, role, password_hash)
      select 'fa' || g || '@bench.closer.com.br', 'Fã ' || g, 'follower', 'sem-senha'
      from generate_series(1, ${subscribers}) g`)
    await tx.execute(sql`insert into subscriptions (account_id, profile_id, status, created_at,
        updated_at, current_period_start)
      select a.id, ${id}, 'whitelist', now() - make_interval(secs => g), now(), now()
      from (select id, row_number() over (order by id) g from accounts
        where email like 'fa%@bench.closer.com.br') a`)
    await tx.execute(sql`insert into subscriptions (account_id, profile_id, status, plan_name,
        value_cents, payment_method, created_at, updated_at, current_period_start,
        current_period_end)
      select s.account_id, ${id}, s.status, s.plan_name, s.value_cents, s.payment_method, now(),
        now(), s.current_period_start, s.current_period_end
      from subscriptions s join accounts a on a.id = s.account_id
      where a.email = 'assinante@demo.com.br' and s.profile_id = ${demo}`)
  })
  await db.execute(sql`analyze`)
}

/** How many of her subscribers the API table reads her photos as, one after another. */
export const bigCreatorReaders = 50

export type Reader = { id: string; tokenVersion: number }

/** Some of her whitelisted subscribers: the bench signs their tokens itself. */
export const readersOf = (db: Database) =>
  rowsOf<Reader>(
    db,
    sql`select id, token_version as "tokenVersion" from accounts
      where email like 'fa%@bench.closer.com.br' order by id limit ${bigCreatorReaders}`,
  )
