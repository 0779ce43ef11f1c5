import js from "@eslint/js"
import globals from "globals"
import reactHooks from "eslint-plugin-react-hooks"
import storybook from "eslint-plugin-storybook"
import tseslint from "typescript-eslint"

/**
 * Imports a layer may not make: keeps the one-way direction of style.md. Each rule is a list of
 * gitignore-style groups, or `{ regex }` where a glob cannot say it.
 */
const restrict = (...groups) => ({
  "@typescript-eslint/no-restricted-imports": [
    "error",
    {
      patterns: groups.map(([match, message]) =>
        Array.isArray(match) ? { group: match, message } : { ...match, message },
      ),
    },
  ],
})

const noUiInfra = [
  ["swr", "swr/*"],
  "Screens and components take data as props; containers in src/app fetch.",
]
const noApi = [["**/api/*", "@/api/*"], "Only src/app talks to src/api."]
const noApp = [["**/app/*", "@/app/*"], "Nothing imports from src/app."]
const noScreens = [["**/screens/*", "@/screens/*"], "Components never import screens."]
const noRouterData = [
  ["react-router"],
  "Screens and components get links as hrefs and intents as callbacks, not router hooks.",
]
const noModules = [
  ["**/modules/*"],
  "Dependencies point down (server.ts -> app.ts -> modules -> plugins, adapters, db): nothing below the modules imports one. Take what a module provides through ModuleDeps or an interface of your own layer.",
]
const noAppWiring = [
  ["**/app.ts", "**/server.ts", "**/billing-modules.ts"],
  "Only server.ts builds the app and only app.ts wires the modules: modules and the layers below never import them.",
]
const noTestSupport = [
  ["**/test/*", "**/tests/*"],
  "Test support lives in server/test and is for tests only: code under server/src never imports it.",
]
// Anything in "../<other module>/" (or reached through "modules/"); "./<name>.ts" is the module's own.
const noOtherModules = [
  {
    regex: "^(\\.\\./[^./][^/]*|(\\.\\./)+modules/[^/]+)/",
    // A type names what a module is handed (a service, a port); only using a value reaches in.
    allowTypeImports: true,
  },
  "A module reaches another only through that module's service in ModuleDeps (or handed to its factory), never through its repository or its other files. What several modules share lives below them, in server/src/shared.",
]
const noQueries = [
  ["drizzle-orm", "drizzle-orm/*"],
  "Queries live in repositories (<name>.repository.ts): services hold the rules and call them.",
]
const noFrontend = [
  ["**/src/components/*", "**/src/screens/*", "**/src/api/*", "**/src/app/*", "@/*"],
  "The server may import src/domain only.",
]

// The db layer's plumbing, the one place outside repositories that speaks drizzle: the schema
// and its column types, the client and its migrations, the SQL pieces repositories share
// (keyset pages, the access condition), and the demo seed.
const dbPlumbing = [
  "server/src/db/{schema,schema-billing,schema-mail,schema-notifications,columns,enums}.ts",
  "server/src/db/client.ts",
  "server/src/db/{keyset,access-sql}.ts",
  "server/src/db/{seed,seed-cards}.ts",
]

/**
 * A server layer's import rules (tests aside), and outside its repositories and the db plumbing
 * no queries either. Each file takes the last block it matches, so the lower layers and the
 * modules, listed after server/src, replace its rules with their own.
 */
const serverLayer = (files, ...groups) => [
  { files, ignores: ["**/*.test.ts"], rules: restrict(...groups) },
  {
    files,
    ignores: ["**/*.test.ts", "**/*.repository.ts", ...dbPlumbing],
    rules: restrict(...groups, noQueries),
  },
]

export default tseslint.config(
  {
    ignores: [
      "dist",
      "dist-ssr",
      "dist-server",
      "storybook-static",
      "node_modules",
      "data",
      "test-results",
      "playwright-report",
      "server/src/db/migrations",
      "!.storybook",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["src/domain/**/*.ts"],
    rules: restrict([
      ["react", "react-*", "swr", "**/components/*", "**/screens/*", "**/api/*", "**/app/*", "@/*"],
      "src/domain is pure: zod and its own files only.",
    ]),
  },
  {
    files: ["src/components/**/*.{ts,tsx}"],
    rules: restrict(noUiInfra, noApi, noApp, noScreens, noRouterData),
  },
  { files: ["src/screens/**/*.{ts,tsx}"], rules: restrict(noUiInfra, noApi, noApp, noRouterData) },
  {
    files: ["src/api/**/*.{ts,tsx}"],
    rules: restrict(noApp, [["**/screens/*", "**/components/*"], "The API client has no UI."]),
  },
  {
    // The data router's loading lives in src/app/routing (a fraction of its size); the rest of
    // the app takes these from there, so every navigation loads the same way.
    files: ["src/app/**/*.{ts,tsx}"],
    ignores: ["src/app/routing/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              importNames: [
                "useNavigate",
                "useLoaderData",
                "useRevalidator",
                "useRouteError",
                "redirect",
                "createBrowserRouter",
                "RouterProvider",
                "createStaticHandler",
                "StaticRouterProvider",
              ],
              message: "Routes load through src/app/routing (routes.ts and route-views.tsx).",
            },
          ],
        },
      ],
    },
  },
  { files: ["server/**/*.ts"], rules: restrict(noFrontend) },
  ...serverLayer(["server/src/**/*.ts"], noFrontend, noTestSupport),
  // The layers under the modules (test files aside: a test may drive the whole app).
  ...serverLayer(
    [
      "server/src/{plugins,adapters,db,jobs,cache,logging,shared}/**/*.ts",
      "server/src/{config,env,errors,clock,deps,api-schemas,request-context,serialised-answer}.ts",
    ],
    noFrontend,
    noModules,
    noAppWiring,
    noTestSupport,
  ),
  ...serverLayer(
    ["server/src/modules/**/*.ts"],
    noFrontend,
    noAppWiring,
    noTestSupport,
    noOtherModules,
  ),
  ...storybook.configs["flat/recommended"],
)
