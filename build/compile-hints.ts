import type { Plugin } from "vite"

export const compileHint = "//# allFunctionsCalledOnLoad\n"

/**
 * Marks the chunks a first visit runs at once (the entry and the named chunks) with V8's
 * compile hint, so Chrome compiles their functions on a background thread while they download,
 * instead of one by one on the main thread the first time each runs, in the middle of
 * hydration. Other browsers read it as a comment. Lazily loaded chunks run only part of their
 * code, so they stay lazily compiled; what a marked chunk imports statically runs with it, so it
 * is marked too. The line is the same in every build, so the files' hashes, taken before it is
 * added, still name their content.
 */
export function compileHints(firstLoadChunks: string[]): Plugin {
  const firstLoad = new Set(firstLoadChunks)
  return {
    name: "compile-hints",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    // After minification, which drops comments, and as the first line, before the functions.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const marked = new Set<string>()
        const mark = (fileName: string) => {
          const chunk = bundle[fileName]
          if (chunk?.type !== "chunk" || marked.has(fileName)) return
          marked.add(fileName)
          chunk.imports.forEach(mark)
        }
        for (const chunk of Object.values(bundle))
          if (chunk.type === "chunk" && (chunk.isEntry || firstLoad.has(chunk.name)))
            mark(chunk.fileName)
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk" || !marked.has(chunk.fileName)) continue
          chunk.code = compileHint + chunk.code
          // One more line at the top: the source map's lines move down by one.
          const map = bundle[`${chunk.fileName}.map`]
          if (map?.type === "asset") {
            const json = JSON.parse(String(map.source)) as { mappings: string }
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` })
          }
        }
      },
    },
  }
}
