import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { PGlite } from "@electric-sql/pglite"

export interface BackupTarget {
  /** PostgreSQL when set (pg_dump / pg_restore must be on PATH). */
  databaseUrl?: string
  /** The embedded database's folder (DATA_DIR/pglite) otherwise. */
  pgliteDir: string
}

function run(command: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] })
    child.on("error", reject)
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} terminou com código ${code}`)),
    )
  })
}

/** A dump of the whole database in `file`: pg_dump's custom format, or PGlite's gzipped data folder. */
export async function backupDatabase(target: BackupTarget, file: string) {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true })
  if (target.databaseUrl) {
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${file}`,
      `--dbname=${target.databaseUrl}`,
    ])
    return
  }
  if (!existsSync(target.pgliteDir)) throw new Error(`Banco não encontrado em ${target.pgliteDir}`)
  const db = await PGlite.create(target.pgliteDir)
  try {
    const dump = await db.dumpDataDir("gzip")
    await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  } finally {
    await db.close()
  }
}

/**
 * Puts the database back as it was in `file`. PostgreSQL: in one transaction, replacing what is
 * there. PGlite: the current folder is kept beside it (`<dir>.antes-<time>`) until you remove it.
 */
export async function restoreDatabase(target: BackupTarget, file: string) {
  if (!existsSync(file)) throw new Error(`Arquivo não encontrado: ${file}`)
  if (target.databaseUrl) {
    await run("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      "--exit-on-error",
      `--dbname=${target.databaseUrl}`,
      file,
    ])
    return null
  }
  const dump = new Blob([await readFile(file)])
  const kept = existsSync(target.pgliteDir)
    ? `${target.pgliteDir}.antes-${new Date().toISOString().replaceAll(":", "-")}`
    : null
  if (kept) await rename(target.pgliteDir, kept)
  try {
    const db = await PGlite.create({ dataDir: target.pgliteDir, loadDataDir: dump })
    await db.query("select 1")
    await db.close()
  } catch (error) {
    await rm(target.pgliteDir, { recursive: true, force: true })
    if (kept) await rename(kept, target.pgliteDir)
    throw error
  }
  return kept
}
