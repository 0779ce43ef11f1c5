import { existsSync } from "node:fs"
import path from "node:path"
import { loadDotEnv } from "../dotenv.ts"
import { backupDatabase, restoreDatabase, type BackupTarget } from "./backup.ts"
import { backupMedia, mediaArchiveOf, restoreMedia } from "./media-backup.ts"

const bucketNote = (bucket: string) =>
  `Mídia no bucket ${bucket}: copie-a com as ferramentas do bucket (versionamento ligado, ` +
  "e uma cópia como aws s3 sync; veja docs/deploy.md, Backups)."

/**
 * npm run db:backup [-- file] | npm run db:restore -- file (stop the server first with PGlite).
 * Media on disk (DATA_DIR/media) go to `<file>.media.tar.gz` beside the database's file.
 */
async function main() {
  loadDotEnv()
  const [command, given] = process.argv.slice(2)
  const dataDir = process.env.DATA_DIR || "./data"
  const mediaDir = path.join(dataDir, "media")
  const bucket = process.env.S3_BUCKET || null
  const target: BackupTarget = {
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir, "pglite"),
  }
  const kind = target.databaseUrl ? "PostgreSQL" : "PGlite"
  if (command === "backup") {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-")
    const file =
      given ?? path.join("backups", `closer-${stamp}.${target.databaseUrl ? "dump" : "tar.gz"}`)
    await backupDatabase(target, file)
    console.log(`Cópia de segurança do banco (${kind}) gravada em ${file}`)
    if (bucket) console.log(bucketNote(bucket))
    else {
      await backupMedia(mediaDir, mediaArchiveOf(file))
      console.log(`Mídia (${mediaDir}) gravada em ${mediaArchiveOf(file)}`)
    }
  } else if (command === "restore" && given) {
    const kept = await restoreDatabase(target, given)
    console.log(`Banco (${kind}) restaurado de ${given}`)
    if (kept)
      console.log(`O banco anterior foi mantido em ${kept}; apague-o quando não precisar mais.`)
    await restoreMediaBeside(given, mediaDir, bucket)
  } else {
    console.error("Uso: npm run db:backup [-- arquivo] | npm run db:restore -- arquivo")
    process.exit(2)
  }
}

async function restoreMediaBeside(file: string, mediaDir: string, bucket: string | null) {
  const archive = mediaArchiveOf(file)
  if (bucket) return console.log(bucketNote(bucket))
  if (!existsSync(archive))
    return console.log(`Sem ${archive}: a mídia em ${mediaDir} ficou como estava.`)
  const kept = await restoreMedia(mediaDir, archive)
  console.log(`Mídia restaurada de ${archive} em ${mediaDir}`)
  if (kept)
    console.log(`A mídia anterior foi mantida em ${kept}; apague-a quando não precisar mais.`)
}

main().catch((error: Error) => {
  console.error(`Falhou: ${error.message}`)
  process.exit(1)
})
