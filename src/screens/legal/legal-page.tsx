import type { ReactNode } from "react"
import type { LegalBlock, LegalSection } from "./legal-content.ts"

export type LegalPageProps = {
  title: string
  /** A line under the title, such as "Última modificação: abril de 2021". */
  meta?: string
  sections: LegalSection[]
  /** Page chrome (header, footer) supplied by the screen. */
  header?: ReactNode
  footer?: ReactNode
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") return <p>{block}</p>
  if ("list" in block) {
    return (
      <ul className="list-disc space-y-1 pl-6">
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    )
  }
  return (
    <p>
      {block.text}{" "}
      <a href={`mailto:${block.email}`} className="break-all text-link underline">
        {block.email}
      </a>
      .
    </p>
  )
}

/** A static legal text: title, table of contents with anchors, numbered sections. */
export function LegalPage({ title, meta, sections, header, footer }: LegalPageProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-ink">
      {header}
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 lg:grid lg:grid-cols-[16rem_1fr] lg:gap-12">
        <div className="lg:col-span-2">
          {/* Focused after a navigation (routing/scroll-and-focus.ts), never by Tab. */}
          <h1 tabIndex={-1} className="text-3xl font-bold outline-none">
            {title}
          </h1>
          {meta ? <p className="mt-2 text-sm text-muted">{meta}</p> : null}
        </div>
        <nav
          aria-labelledby="legal-toc"
          className="mt-6 rounded-card border border-line p-4 lg:sticky lg:top-4 lg:self-start"
        >
          <h2 id="legal-toc" className="text-base font-semibold">
            Nesta página
          </h2>
          <ol className="mt-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="flex min-h-11 items-center text-link underline-offset-4 hover:underline"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="mt-8 flex flex-col gap-8 lg:mt-6">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-4"
            >
              <h2 id={`${section.id}-title`} className="text-xl font-semibold">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 flex flex-col gap-3 leading-relaxed">
                {section.blocks.map((block, blockIndex) => (
                  <Block key={blockIndex} block={block} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </main>
      {footer}
    </div>
  )
}
