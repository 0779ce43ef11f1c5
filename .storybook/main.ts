import type { StorybookConfig } from "@storybook/react-vite"
import { withoutAppOnlyPlugins } from "../build/app-only-plugins.ts"

const config: StorybookConfig = {
  // The guide's pages (Introdução, journeys, catalogues) first, then every story.
  stories: ["../src/docs/**/*.mdx", "../src/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-docs", "@storybook/addon-a11y", "@storybook/addon-vitest"],
  framework: { name: "@storybook/react-vite", options: {} },
  core: { disableTelemetry: true },
  async viteFinal(config) {
    return { ...config, plugins: await withoutAppOnlyPlugins(config.plugins ?? []) }
  },
}

export default config
