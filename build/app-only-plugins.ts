import type { PluginOption } from "vite"

/**
 * Plugins that serve only the app's own build. Storybook is opened from disk or a static host
 * that never reads a `.br` or `.gz` copy, and compressing every chunk of it took a good part of
 * `build-storybook`'s time. The early start script asks our API for the page's data: in
 * Storybook's iframe.html there is no API, and each of its requests was a 404 in the console.
 */
const appOnly = new Set(["precompress", "early-start"])

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
