import type { Plugin } from "vite"

/**
 * Calls a plugin's hook as the bundler would: `this` is the given context (only what the hook
 * reads), whether the plugin gives the hook bare or as `{ handler }`.
 */
export function callHook(plugin: Plugin, name: keyof Plugin, context: object, ...args: unknown[]) {
  const hook = plugin[name] as unknown
  const handler = (typeof hook === "function" ? hook : (hook as { handler: unknown }).handler) as (
    ...args: unknown[]
  ) => unknown
  return handler.call(context, ...args)
}

/** The part of Vite's resolved config these plugins read. */
export const resolvedConfig = (root: string) => ({
  root,
  base: "/",
  build: { outDir: "dist", target: "es2022" },
})
