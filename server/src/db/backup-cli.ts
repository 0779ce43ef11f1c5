import path from "node:path"
import { backupDatabase, restoreDatabase, type BackupTarget } from "./backup.ts"
import { loadDotEnv } from "../dotenv.ts"

/** npm run db:backup [-- file] | npm run db:restore -- file (stop the server first with PGlite). */
async function main() {
  loadDotEnv()
  const [command, given] = process.argv.slice(2)
  const dataDir = process.env.DATA_DIR || "./data"
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
  } else if (command === "restore" && given) {
    const kept = await restoreDatabase(target, given)
    console.log(`Banco (${kind}) restaurado de ${given}`)
    if (kept)
      console.log(`O banco anterior foi mantido em ${kept}; apague-o quando não precisar mais.`)
  } else {
    console.error("Uso: npm run db:backup [-- arquivo] | npm run db:restore -- arquivo")
    process.exit(2)
  }
}

main().catch((error: Error) => {
  console.error(`Falhou: ${error.message}`)
  process.exit(1)
})
