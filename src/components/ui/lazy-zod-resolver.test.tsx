import { act } from "react"
import { createRoot, type Root } from "react-dom/client"
import type { ResolverOptions } from "react-hook-form"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { emailStepSchema, type EmailStepInput } from "../../domain/validation.ts"
import { lazyZodResolver, useLazyZodResolver, type LazyZodResolver } from "./lazy-zod-resolver.ts"

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

const options: ResolverOptions<EmailStepInput> = { fields: {}, shouldUseNativeValidation: false }
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

/** A resolver of the e-mail step whose schema loads are counted and can be made to fail. */
function countedResolver(failures = 0) {
  const counts = { loads: 0 }
  const lazy = lazyZodResolver<EmailStepInput, { email: string }>(async () => {
    counts.loads += 1
    if (counts.loads <= failures) throw new Error("offline")
    return emailStepSchema
  })
  return { lazy, counts }
}

describe("lazyZodResolver", () => {
  it("loads nothing and answers nothing until the form is started on", async () => {
    const { lazy, counts } = countedResolver()
    let answered = false
    const answer = Promise.resolve(lazy.resolver({ email: "" }, undefined, options)).then(
      (result) => ((answered = true), result),
    )
    await settled()
    expect(counts.loads).toBe(0)
    expect(answered).toBe(false)

    lazy.preload()
    expect((await answer).errors.email?.message).toBe("Obrigatório")
    expect(counts.loads).toBe(1)
  })

  it("gives the schema's output and messages once loaded, loading it once", async () => {
    const { lazy, counts } = countedResolver()
    lazy.preload()
    const valid = await lazy.resolver({ email: " Ana@Exemplo.com " }, undefined, options)
    const invalid = await lazy.resolver({ email: "ana@" }, undefined, options)
    expect(valid.values).toEqual({ email: "ana@exemplo.com" })
    expect(invalid.errors.email?.message).toBe("Email inválido")
    expect(counts.loads).toBe(1)
  })

  it("tries a failed load again at the next check", async () => {
    const { lazy, counts } = countedResolver(1)
    lazy.preload()
    await settled()
    const result = await lazy.resolver({ email: "" }, undefined, options)
    expect(result.errors.email?.message).toBe("Obrigatório")
    expect(counts.loads).toBe(2)
  })
})

describe("useLazyZodResolver", () => {
  let root: Root
  let container: HTMLElement
  beforeEach(() => {
    container = document.createElement("div")
    document.body.append(container)
    root = createRoot(container)
  })
  afterEach(() => {
    act(() => root.unmount())
    container.remove()
  })

  function Form({ lazy }: { lazy: LazyZodResolver<EmailStepInput, { email: string }> }) {
    useLazyZodResolver(lazy)
    return <input aria-label="E-mail" />
  }

  it("starts the load at the first focus on the page, not at mount", async () => {
    const { lazy, counts } = countedResolver()
    act(() => root.render(<Form lazy={lazy} />))
    await settled()
    expect(counts.loads).toBe(0)

    container.querySelector("input")!.focus()
    await settled()
    expect(counts.loads).toBe(1)
  })

  it("starts the load when the browser fills a field in without focusing it", async () => {
    const { lazy, counts } = countedResolver()
    act(() => root.render(<Form lazy={lazy} />))
    const field = container.querySelector("input")!
    field.value = "ana@exemplo.com"
    field.dispatchEvent(new Event("input", { bubbles: true }))
    await settled()
    expect(counts.loads).toBe(1)
  })
})
