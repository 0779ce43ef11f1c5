import { defineConfig } from "drizzle-kit"

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./server/src/db/schema.ts",
    "./server/src/db/schema-billing.ts",
    "./server/src/db/schema-mail.ts",
    "./server/src/db/schema-notifications.ts",
  ],
  out: "./server/src/db/migrations",
  casing: "snake_case",
})
