/** A block of a legal text: a paragraph, a bulleted list, or a paragraph ending in an e-mail link. */
export type LegalBlock = string | { list: string[] } | { text: string; email: string }

export type LegalSection = {
  /** Anchor used by the table of contents, e.g. "cadastro". */
  id: string
  title: string
  blocks: LegalBlock[]
}
