import type { PluginOption } from "vite"

/**
 * Plugins that serve only the app's own build. Storybook is opened from disk or a static host
 * that never reads a `.br` or `.gz` copy, and compressing every chunk of it took a good part of
 * `build-storybook`'s time.
 */
const appOnly = new Set(["precompress"])

/** `plugins` without the app-only ones, at any depth of Vite's nested plugin arrays. */
export async function withoutAppOnlyPlugins(plugins: PluginOption[]): Promise<PluginOption[]> {
  const kept: PluginOption[] = []
  for (const option of plugins) {
    const plugin = await option
    if (Array.isArray(plugin)) kept.push(await withoutAppOnlyPlugins(plugin))
    else if (!(plugin && "name" in plugin && appOnly.has(plugin.name))) kept.push(plugin)
  }
  return kept
}
