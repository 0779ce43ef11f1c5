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
    // Phones first: most followers arrive from Instagram on one. `phone` (the default) is the
    // width the screenshots are taken at; the others are the common Android and iPhone sizes.
    viewport: {
      options: {
        phone: { name: "Android 360 (padrão)", styles: { width: "360px", height: "740px" } },
        android412: {
          name: "Android 412 (Pixel, Galaxy S)",
          styles: { width: "412px", height: "915px" },
        },
        iphoneSE: { name: "iPhone SE 375", styles: { width: "375px", height: "667px" } },
        iphone: { name: "iPhone 390 (12 a 15)", styles: { width: "390px", height: "844px" } },
        iphoneMax: { name: "iPhone Pro Max 430", styles: { width: "430px", height: "932px" } },
        tablet: { name: "Tablet 768", styles: { width: "768px", height: "1024px" } },
        desktop: { name: "Desktop 1280", styles: { width: "1280px", height: "800px" } },
      },
    },
    // Chromatic snapshots the end state of CSS animations (the stories' progress bars, the
    // dialogs' fade) rather than a frame halfway through.
    chromatic: { pauseAnimationAtEnd: true },
    options: {
      // The sidebar follows a visitor's path: the front door, the journeys, the catalogues,
      // the screens in journey order, then the parts they are built from.
      storySort: {
        order: [
          "Introdução",
          "Jornadas",
          [
            "Comprar com Pix",
            "Comprar com cartão",
            "Boleto",
            "Pix na chave da criadora",
            "Pix Automático",
            "Cancelar assinatura",
            "Recuperar senha",
            "Estúdio da criadora",
            "Leads da operação",
          ],
          "Catálogos",
          ["Status de pagamento", "Pix, minuto a minuto", "Mensagens de validação"],
          "Telas",
          [
            "Perfil e stories",
            "Assinar",
            "Comprar com Pix",
            "Pagamento",
            "Minha conta",
            "Conta e senha",
            "Estúdio",
            "Operação",
            "Outras",
          ],
          "Componentes",
          ["*", "UI"],
        ],
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
