import type { Preview } from "@storybook/react-vite"
import { MemoryRouter } from "react-router"
import { SWRConfig } from "swr"
import { configure } from "storybook/test"
import { AlertProvider } from "../src/components/ui/alert.tsx"
import "../src/styles/index.css"

document.documentElement.lang = "pt-BR"
// findBy* and waitFor give up after 1 s by default, which a busy 2-core CI machine can
// exceed; a passing story waits no longer for it.
configure({ asyncUtilTimeout: 5000 })

const preview: Preview = {
  parameters: {
    layout: "fullscreen",
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // An accessibility violation fails the story's test.
    a11y: { test: "error" },
    viewport: {
      options: {
        phone: { name: "Phone 360", styles: { width: "360px", height: "740px" } },
        desktop: { name: "Desktop 1280", styles: { width: "1280px", height: "800px" } },
      },
    },
  },
  initialGlobals: { viewport: { value: "phone", isRotated: false } },
  decorators: [
    (Story, { parameters }) => (
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={[parameters.route ?? "/"]}>
          <AlertProvider>
            <Story />
          </AlertProvider>
        </MemoryRouter>
      </SWRConfig>
    ),
  ],
}

export default preview
