import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"
import react from "@vitejs/plugin-react"
import tailwindcss from "@tailwindcss/vite"
import { compileHints } from "./build/compile-hints.ts"
import { earlyStart } from "./build/early-start.ts"
import { landingPages } from "./build/landing-pages.ts"
import { pageChunks } from "./build/page-chunks.ts"
import { precompress } from "./build/precompress.ts"
import { skipLoadedChunks, staffPages } from "./build/preload-deps.ts"
import { staffShell } from "./build/staff-chunks.ts"
import { treeShakeReactRouter } from "./build/tree-shake-react-router.ts"

/**
 * The forms a visitor fills in before or without the checkout (signing in, recovery, interest),
 * and a follower's settings, which show a Pix Automático subscription as the checkout does.
 */
const formPages = [
  "auth-email-route.tsx",
  "auth-password-route.tsx",
  "register-password-route.tsx",
  "recovery-email-route.tsx",
  "recovery-code-route.tsx",
  "recovery-password-route.tsx",
  "choose-password-route.tsx",
  "lead-route.tsx",
  "settings-route.tsx",
].map((file) => `/${file}`)

/**
 * The pages that use a little of the checkout's code: the Pix code's page and the payment's
 * status (the test environment's answers), and the studio's Cupons (a coupon's prices and labels).
 */
const payingPages = [
  "checkout-pix-route.tsx",
  "payment-status-route.tsx",
  "studio-coupons-route.tsx",
].map((file) => `/${file}`)

// The profile's chunk first: what the landing or the checkout shares with it stays in it, and
// what the profile and the landing both show goes with the app. What the checkout shares with
// the forms (the text field, the form's messages) is a chunk of its own, so a sign-in step
// loads none of the checkout's code and the checkout one file more; so do the paying pages.
const appChunks = pageChunks(
  {
    creator: [...landingPages.creator, ...landingPages.profile],
    landing: landingPages.landing,
    checkout: landingPages.checkout,
  },
  {
    forms: { of: "checkout", with: formPages },
    payment: { of: "checkout", with: payingPages },
  },
)

/** The chunk of the libraries every page runs (React, the router, SWR, the class helpers). */
const vendor = {
  name: "vendor",
  priority: 10,
  test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|swr(?![\\/]dist[\\/](?:mutation|infinite)[\\/])|use-sync-external-store|dequal|clsx|class-variance-authority|tailwind-merge)[\\/]/,
}

/** The studio's and the operator's layout, with what their pages alone share. */
const staffChunks = staffShell({
  layout: "src/app/studio/studio-layout-route.tsx",
  isStaffPage: (id) => /[\\/]src[\\/]app[\\/](studio|admin)[\\/][\w-]+-route\.tsx$/.test(id),
  groups: [vendor, ...appChunks.groups],
})

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    treeShakeReactRouter(),
    earlyStart(process.env.VITE_API_URL),
    appChunks.plugin,
    staffChunks.plugin,
    compileHints(["rolldown-runtime", vendor.name, ...appChunks.names]),
    // Last: it compresses what the plugins above wrote.
    precompress(),
  ],
  resolve: {
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(
          new URL("./build/shims/use-sync-external-store.ts", import.meta.url),
        ),
      },
    ],
  },
  // `vite build` builds the browser's app (dist) and the server's page renderer (dist-ssr).
  builder: {},
  environments: {
    ssr: {
      // Bundled whole, React included in its production build, whatever NODE_ENV the server has.
      resolve: { noExternal: true },
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        outDir: "dist-ssr",
        copyPublicDir: false,
        // One file: the server loads it once and has no use for chunks.
        rolldownOptions: {
          input: { "render-page": "src/app/ssr/render-page.tsx" },
          output: { codeSplitting: false },
        },
      },
    },
  },
  server: { proxy: { "/v1": "http://localhost:3000" } },
  build: {
    target: "es2022",
    sourcemap: false,
    // Browsers without modulepreload (Safari before 17) only lose the head start, not the page.
    modulePreload: {
      polyfill: false,
      resolveDependencies: skipLoadedChunks(["rolldown-runtime", vendor.name], staffPages),
    },
    // The libraries change less often than the app: one chunk of them stays cached across
    // deploys and is shared by every page, in one request instead of five.
    rolldownOptions: {
      output: { codeSplitting: { groups: [vendor, ...appChunks.groups, staffChunks.group] } },
    },
  },
  // Pre-bundled up front so a cold Storybook test run does not reload mid-test to add them.
  optimizeDeps: {
    include: [
      "@radix-ui/react-dialog",
      "@radix-ui/react-tabs",
      "qrcode",
      "react-imask",
      "react-hook-form",
      "@hookform/resolvers/zod",
      "zod",
      "storybook/test",
    ],
  },
})
