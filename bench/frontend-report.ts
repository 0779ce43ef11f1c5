import type { PageBytes } from "./frontend.ts"
import { fitsItsBox, type PageImage } from "./images.ts"
import { LIGHTHOUSE_RUNS, type LighthouseResult } from "./lighthouse.ts"
import type { PageKind } from "./pages.ts"
import { table } from "./table.ts"

const KB = 1024

/** Lighthouse mobile, median of 5: public pages as a first visit must be, signed-in ones a step behind. */
export const pageBudgets: Record<PageKind, { score: number; lcpMs: number }> = {
  public: { score: 95, lcpMs: 2000 },
  "signed-in": { score: 90, lcpMs: 2500 },
}
const TBT_MAX_MS = 150
const CLS_MAX = 0.02
const DEMO_JS_GZIP_MAX = 110 * KB
const DEMO_CSS_GZIP_MAX = 15 * KB

type ExpectBudget = (check: string, ok: boolean, value: string) => void

export function reportFrontEnd(
  measured: { bytes: PageBytes[]; images: PageImage[]; lighthouse: LighthouseResult[] },
  expectBudget: ExpectBudget,
) {
  const { bytes, images, lighthouse } = measured
  console.log("\nFront end: JS and CSS each page loads until the network is idle")
  console.log(
    table(
      bytes.map((b) => ({
        page: b.page,
        "JS KB": b.jsRaw / KB,
        "JS gzip KB": b.jsGzip / KB,
        "CSS KB": b.cssRaw / KB,
        "CSS gzip KB": b.cssGzip / KB,
        "JS files": b.jsFiles.length,
      })),
    ),
  )
  reportPictures(images, expectBudget)
  if (lighthouse.length > 0) {
    console.log(
      `\nLighthouse mobile (median of ${LIGHTHOUSE_RUNS}); host index: the host's speed Lighthouse ` +
        `measured before each load (its BenchmarkIndex; its 4x CPU slowdown assumes about 1500, ` +
        `and it warns below 1000)`,
    )
    console.log(
      table(
        lighthouse.map((l) => ({
          page: l.page,
          kind: l.kind,
          score: l.performance,
          "LCP ms": l.lcpMs,
          "TBT ms": l.tbtMs,
          CLS: l.cls.toFixed(3),
          "host index": l.hostIndex,
        })),
      ),
    )
  }
  checkBytes(bytes, expectBudget)
  for (const l of lighthouse) {
    const budget = pageBudgets[l.kind]
    expectBudget(
      `${l.page} Lighthouse >= ${budget.score}`,
      l.performance >= budget.score,
      String(l.performance),
    )
    expectBudget(
      `${l.page} LCP < ${(budget.lcpMs / 1000).toFixed(1)} s`,
      l.lcpMs < budget.lcpMs,
      `${l.lcpMs.toFixed(0)} ms`,
    )
    expectBudget(`${l.page} CLS < ${CLS_MAX}`, l.cls < CLS_MAX, l.cls.toFixed(3))
    if (l.kind === "public")
      expectBudget(
        `${l.page} TBT < ${TBT_MAX_MS} ms`,
        l.tbtMs < TBT_MAX_MS,
        `${l.tbtMs.toFixed(0)} ms`,
      )
  }
}

function reportPictures(images: PageImage[], expectBudget: ExpectBudget) {
  console.log("\nPictures /demo downloads on a phone (412 px at 2.625x)")
  console.log(
    table(
      images.map((i) => ({
        file: i.file,
        KB: i.bytes / KB,
        "picture px": i.naturalWidth,
        "box px": i.boxWidth,
      })),
    ),
  )
  const total = images.reduce((sum, i) => sum + i.bytes, 0)
  console.log(`${images.length} pictures, ${(total / KB).toFixed(1)} KB in all`)
  for (const image of images)
    expectBudget(
      `/demo picture ${image.file} no wider than its box needs`,
      fitsItsBox(image),
      `${image.naturalWidth} px for a ${image.boxWidth} px box`,
    )
}

function checkBytes(bytes: PageBytes[], expectBudget: ExpectBudget) {
  const demo = bytes.find((b) => b.page === "/demo")
  if (demo) {
    expectBudget(
      "/demo initial JS <= 110 KB gzip",
      demo.jsGzip <= DEMO_JS_GZIP_MAX,
      `${(demo.jsGzip / KB).toFixed(1)} KB`,
    )
    expectBudget(
      "/demo CSS <= 15 KB gzip",
      demo.cssGzip <= DEMO_CSS_GZIP_MAX,
      `${(demo.cssGzip / KB).toFixed(1)} KB`,
    )
  }
  // Only the checkout and the Pix pages it leads to may load checkout code.
  const mayLoadCheckout = (page: string) => /\/(checkout|payment)/.test(page)
  for (const b of bytes.filter((x) => x.kind === "public" && !mayLoadCheckout(x.page)))
    expectBudget(
      `${b.page} loads no checkout code`,
      !b.jsFiles.some((f) => /checkout/i.test(f)),
      b.jsFiles.filter((f) => /checkout/i.test(f)).join(" ") || "none",
    )
}
