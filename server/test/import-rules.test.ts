import { fileURLToPath } from "node:url"
import { ESLint } from "eslint"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../..", import.meta.url))
const eslint = new ESLint({ cwd: root })

/** The restricted-import errors ESLint reports for this code at this path of the repository. */
async function importErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.filter(
    (message) => message.ruleId === "@typescript-eslint/no-restricted-imports",
  )
}

// The first lint loads the whole configuration (typescript-eslint included): seconds on a busy machine.
describe("the server's import rules", { timeout: 120_000 }, () => {
  it("refuse a plugin that imports a module", async () => {
    const errors = await importErrors(
      "server/src/plugins/example.ts",
      'import { loginRoutes } from "../modules/auth/auth.routes.ts"\nexport const routes = loginRoutes\n',
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]!.message).toContain("Dependencies point down")
  })

  it("refuse an adapter, the jobs or the config reaching up into a module", async () => {
    for (const [filePath, from] of [
      ["server/src/adapters/mail/example.ts", "../../modules/payments/billing-mails.ts"],
      ["server/src/jobs/example.ts", "../modules/billing-jobs/billing-jobs.ts"],
      ["server/src/config.ts", "./modules/auth/auth.service.ts"],
      ["server/src/shared/example.ts", "../modules/profiles/profiles.repository.ts"],
    ]) {
      const errors = await importErrors(filePath!, `import "${from}"\n`)
      expect(errors, filePath).toHaveLength(1)
    }
  })

  it("refuse a module that imports the app's wiring", async () => {
    const errors = await importErrors(
      "server/src/modules/payments/example.ts",
      'import { buildApp } from "../../app.ts"\nexport const build = buildApp\n',
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]!.message).toContain("only app.ts wires the modules")
  })

  it("refuse a module that reads another module's repository", async () => {
    for (const from of [
      "../profiles/profiles.repository.ts",
      "../../modules/content/content.repository.ts",
    ]) {
      const errors = await importErrors(
        "server/src/modules/studio/example.ts",
        `import { createRepository } from "${from}"\nexport const repo = createRepository\n`,
      )
      expect(errors, from).toHaveLength(1)
      expect(errors[0]!.message).toContain("through that module's service in ModuleDeps")
    }
  })

  it("let a billing module name another's repository type, never build one", async () => {
    const typeOnly = await importErrors(
      "server/src/modules/subscriptions/example.ts",
      'import type { BillingStore } from "../payments/billing.repository.ts"\nexport type Store = BillingStore\n',
    )
    expect(typeOnly).toEqual([])
    const built = await importErrors(
      "server/src/modules/subscriptions/example.ts",
      'import { createBillingRepository } from "../payments/billing.repository.ts"\nexport const build = createBillingRepository\n',
    )
    expect(built).toHaveLength(1)
  })

  it("refuse a query outside a module's repositories", async () => {
    const query = 'import { eq } from "drizzle-orm"\nexport const byId = eq\n'
    const inService = await importErrors("server/src/modules/studio/example.service.ts", query)
    expect(inService).toHaveLength(1)
    expect(inService[0]!.message).toContain("Queries live in repositories")
    expect(await importErrors("server/src/modules/studio/example.repository.ts", query)).toEqual([])
  })

  it("refuse a query anywhere under server/src outside repositories and the db plumbing", async () => {
    const query = 'import { eq } from "drizzle-orm"\nexport const byId = eq\n'
    for (const filePath of [
      "server/src/plugins/example.ts",
      "server/src/jobs/example.ts",
      "server/src/adapters/gateways/sandbox/example.ts",
      "server/src/shared/example.ts",
      "server/src/cache/example.ts",
      "server/src/db/example.ts",
      "server/src/app.ts",
    ]) {
      const errors = await importErrors(filePath, query)
      expect(errors, filePath).toHaveLength(1)
      expect(errors[0]!.message).toContain("Queries live in repositories")
    }
    for (const filePath of [
      "server/src/plugins/example.repository.ts",
      "server/src/jobs/example.repository.ts",
      "server/src/adapters/gateways/sandbox/example.repository.ts",
      "server/src/db/schema.ts",
      "server/src/db/client.ts",
      "server/src/db/keyset.ts",
      "server/src/db/seed.ts",
      "server/src/jobs/example.test.ts",
    ])
      expect(await importErrors(filePath, query), filePath).toEqual([])
  })

  it("keep the other rules of a layer where queries are allowed", async () => {
    const errors = await importErrors(
      "server/src/plugins/example.repository.ts",
      'import { loginRoutes } from "../modules/auth/auth.routes.ts"\nexport const routes = loginRoutes\n',
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]!.message).toContain("Dependencies point down")
  })

  it("refuse a module that imports anything else of another module, its helpers included", async () => {
    for (const [from, name] of [
      ["../profiles/profile-view.ts", "toProfile"],
      ["../content/content-view.ts", "toMedia"],
      ["../profiles/profiles.service.ts", "profileKeyPrefix"],
      ["../../modules/payments/billing-messages.ts", "noCardMessage"],
    ]) {
      const errors = await importErrors(
        "server/src/modules/studio/example.ts",
        `import { ${name} } from "${from}"\nexport const used = ${name}\n`,
      )
      expect(errors, from).toHaveLength(1)
      expect(errors[0]!.message).toContain("What several modules share lives below them")
    }
  })

  it("let a module use its own files, another module's service type and the shared layer", async () => {
    const errors = await importErrors(
      "server/src/modules/studio/example.ts",
      [
        'import { createStudioRepository } from "./studio.repository.ts"',
        'import type { PaymentsService } from "../payments/payments.service.ts"',
        'import { toProfile } from "../../shared/profile-view.ts"',
        "export const both = [createStudioRepository, toProfile]",
        "export type Payments = PaymentsService",
        "",
      ].join("\n"),
    )
    expect(errors).toEqual([])
  })

  it("let a module import the layers below it", async () => {
    const errors = await importErrors(
      "server/src/modules/payments/example.ts",
      'import { requireAccount } from "../../plugins/auth.ts"\nimport { accounts } from "../../db/schema.ts"\nexport const both = [requireAccount, accounts]\n',
    )
    expect(errors).toEqual([])
  })

  it("refuse server code that imports test support, and let a test import it", async () => {
    for (const filePath of [
      "server/src/modules/payments/example.ts",
      "server/src/plugins/example.ts",
      "server/src/app.ts",
    ]) {
      const depth = filePath.split("/").length - 2
      const kit = `${"../".repeat(depth)}test/test-app.ts`
      const errors = await importErrors(filePath, `import "${kit}"\n`)
      expect(errors, filePath).toHaveLength(1)
      expect(errors[0]!.message).toContain("Test support lives in server/test")
    }
    const errors = await importErrors(
      "server/src/modules/payments/example.routes.test.ts",
      'import "../../../test/test-app.ts"\n',
    )
    expect(errors).toEqual([])
  })
})
