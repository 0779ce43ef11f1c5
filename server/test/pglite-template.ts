import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs"
import { readFile, rename, writeFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { PGlite } from "@electric-sql/pglite"
import { usePglite } from "../src/db/client.ts"

const root = fileURLToPath(new URL("../..", import.meta.url))
const migrationsDir = path.join(root, "server/src/db/migrations")
const cacheDir = path.join(root, "node_modules/.cache/pglite-template")

/**
 * A PGlite data directory with every migration applied, as a tarball. A new PGlite spends about
 * 4 s in initdb; loading this takes about 1.5 s, and the suite opens some 150 databases. The file
 * is named after the migrations and the PGlite version, so a new migration makes a new one.
 */
let template: Promise<Blob> | undefined
export function migratedTemplate(): Promise<Blob> {
  template ??= loadOrBuild()
  return template
}

function templateName() {
  const hash = createHash("sha256")
  const pglite = JSON.parse(
    readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string }
  hash.update(pglite.version)
  for (const file of readdirSync(migrationsDir, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsDir, file)
    if (file.endsWith(".sql") || file.endsWith(".json"))
      hash.update(file).update(readFileSync(full))
  }
  return path.join(cacheDir, `${hash.digest("hex").slice(0, 16)}.tar`)
}

async function loadOrBuild(): Promise<Blob> {
  const file = templateName()
  if (existsSync(file)) return new Blob([await readFile(file)])
  const client = await PGlite.create("memory://")
  const database = usePglite(client)
  try {
    await database.migrate()
    const dump = await client.dumpDataDir("none")
    mkdirSync(cacheDir, { recursive: true })
    // Workers may build it at once: each writes its own file and the rename is atomic.
    const partial = `${file}.${process.pid}.partial`
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()))
    await rename(partial, file)
    return dump
  } finally {
    await database.close()
  }
}
