import type { ResolveModulePreloadDependenciesFn } from "vite"

/**
 * Leaves out of a lazy import's preload list the chunks every page has loaded before any lazy
 * import runs (the runtime, the libraries): the browser has them already. The lists are written
 * into the chunks every page loads, once per lazy route, so these names cost every first load.
 * index.html's own preload tags (`hostType` "html") keep them all.
 */
export function skipLoadedChunks(chunkNames: string[]): ResolveModulePreloadDependenciesFn {
  const loaded = new RegExp(`(^|/)(${chunkNames.join("|")})-[\\w-]{8}\\.js$`)
  return (_filename, deps, { hostType }) =>
    hostType === "html" ? deps : deps.filter((dep) => !loaded.test(dep))
}
