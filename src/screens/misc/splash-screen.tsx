import { PRODUCT_NAME } from "../../domain/constants.ts"
import { BrandMark } from "./brand-mark.tsx"

/** Shown until the first navigation ends: the brand mark alone, centred. */
export function SplashScreen() {
  return (
    <div
      role="status"
      aria-label={`Carregando ${PRODUCT_NAME}`}
      className="fixed inset-0 z-40 flex items-center justify-center bg-surface"
    >
      <BrandMark className="size-20" />
    </div>
  )
}
