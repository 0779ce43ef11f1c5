import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { RouterProvider } from "react-router"
import { router } from "./router.tsx"
import { registerServiceWorker } from "./service-worker.ts"
import { installSession } from "./session.ts"
import "../styles/index.css"

const root = document.getElementById("root")
if (!root) throw new Error("#root is missing from index.html")

installSession()
if (import.meta.env.PROD) registerServiceWorker()

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
