import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { readdir, readFile, rm, writeFile } from "node:fs/promises"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { sql } from "drizzle-orm"
import { afterAll, describe, expect, it } from "vitest"
import { openDatabase, type OpenedDatabase } from "../../server/src/db/client.ts"
import { accounts } from "../../server/src/db/schema.ts"
import { seedIfEmpty } from "../../server/src/db/seed.ts"
import { createDiskStorage } from "../../server/src/adapters/storage/disk-storage.ts"
import { systemClock } from "../../server/src/clock.ts"
import { snapshot, tableNames } from "../../server/test/security/db-snapshot.ts"
import { testScrypt } from "../../server/test/test-app.ts"
import { createDatabase } from "./replica-cluster.ts"

const root = mkdtempSync(path.join(tmpdir(), "closer-backup-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** The npm scripts themselves, as an operator runs them. */
function npm(script: string, file: string, env: Record<string, string>) {
  const result = spawnSync("npm", ["run", "--silent", script, "--", file], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  })
  if (result.status !== 0) throw new Error(`${script}: ${result.stderr}${result.stdout}`)
  return result.stdout
}

async function seeded(database: OpenedDatabase, mediaDir = path.join(root, `media-${Date.now()}`)) {
  await database.migrate()
  const storage = createDiskStorage({
    dir: mediaDir,
    secret: "s".repeat(32),
    clock: systemClock,
  })
  await seedIfEmpty({ db: database.db, storage, clock: systemClock, scrypt: testScrypt })
}

/** Every table's rows, hashed: a round trip must give back exactly these. */
const contents = async (database: OpenedDatabase) =>
  snapshot(database.db, await tableNames(database.db), { content: true })

/** What happens between the backup and the restore: someone deletes and changes things. */
async function damage(database: OpenedDatabase) {
  await database.db.execute(sql`delete from billing_audit`)
  await database.db.update(accounts).set({ fullName: "Alterado depois da cópia" })
}

/** Every media file with a hash of its bytes. */
async function mediaContents(dir: string) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
  const hashes = await Promise.all(
    files.map(async (file) => [
      path.relative(dir, file),
      createHash("sha256")
        .update(await readFile(file))
        .digest("hex"),
    ]),
  )
  return Object.fromEntries(hashes.sort())
}

/** After the backup a picture is deleted and another overwritten. */
async function damageMedia(dir: string) {
  const [first, second] = Object.keys(await mediaContents(dir))
  await rm(path.join(dir, first!))
  await writeFile(path.join(dir, second!), "alterado depois da cópia")
}

describe("npm run db:backup and db:restore", () => {
  it("round-trip the embedded PGlite database", async () => {
    const dataDir = path.join(root, "data")
    const pgliteDir = path.join(dataDir, "pglite")
    const mediaDir = path.join(dataDir, "media")
    let database = await openDatabase({ dataDir: pgliteDir })
    await seeded(database, mediaDir)
    const before = await contents(database)
    const mediaBefore = await mediaContents(mediaDir)
    await database.close()

    const file = path.join(root, "pglite.tar.gz")
    const env = { DATA_DIR: dataDir, DATABASE_URL: "", S3_BUCKET: "" }
    expect(npm("db:backup", file, env)).toContain(path.join(root, "pglite.media.tar.gz"))
    database = await openDatabase({ dataDir: pgliteDir })
    await damage(database)
    expect(await contents(database)).not.toEqual(before)
    await database.close()
    await damageMedia(mediaDir)
    expect(await mediaContents(mediaDir)).not.toEqual(mediaBefore)

    expect(npm("db:restore", file, env)).toContain("Mídia restaurada")
    database = await openDatabase({ dataDir: pgliteDir })
    expect(await contents(database)).toEqual(before)
    await database.close()
    expect(await mediaContents(mediaDir)).toEqual(mediaBefore)
    expect(Object.keys(mediaBefore).length).toBeGreaterThan(10)
    console.log(`backup: PGlite round trip of ${Object.keys(before).length} tables equal`)
  }, 300_000)

  it("round-trip PostgreSQL", async () => {
    const target = await createDatabase("backup")
    try {
      let database = await openDatabase({ databaseUrl: target.url, dataDir: "" })
      await seeded(database)
      const before = await contents(database)
      await database.close()

      const file = path.join(root, "postgres.dump")
      npm("db:backup", file, { DATABASE_URL: target.url })
      database = await openDatabase({ databaseUrl: target.url, dataDir: "" })
      await damage(database)
      expect(await contents(database)).not.toEqual(before)
      await database.close()

      npm("db:restore", file, { DATABASE_URL: target.url })
      database = await openDatabase({ databaseUrl: target.url, dataDir: "" })
      expect(await contents(database)).toEqual(before)
      await database.close()
      console.log(`backup: PostgreSQL round trip of ${Object.keys(before).length} tables equal`)
    } finally {
      await target.drop()
    }
  }, 300_000)
})
