/** A V8 CPU profile (.cpuprofile), as the inspector's Profiler.stop gives it. */
export interface CpuProfile {
  nodes: Array<{
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number }
    children?: number[]
  }>
  samples: number[]
  timeDeltas: number[]
}

/**
 * The heaviest functions of a profile, each with its share of the sampled time: "self" (time in
 * the function itself) and "total" (with what it called). Paths are shortened to the package or
 * the file of this repository.
 */
export function summarizeProfile(profile: CpuProfile, top: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parentOf = new Map<number, number>()
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id)
  const timeOf = new Map<number, number>()
  profile.samples.forEach((id, i) =>
    timeOf.set(id, (timeOf.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  )
  const name = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame
    const where = url.replace(/^.*node_modules\//, "").replace(/^.*?\/(server|src|bench)\//, "$1/")
    return `${functionName || "(anonymous)"} ${where}${where ? `:${lineNumber + 1}` : ""}`
  }
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  let all = 0
  for (const [id, time] of timeOf) {
    all += time
    self.set(name(id), (self.get(name(id)) ?? 0) + time)
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = name(at)
      if (!seen.has(frame)) total.set(frame, (total.get(frame) ?? 0) + time)
      seen.add(frame)
    }
  }
  const heaviest = (times: Map<string, number>) =>
    [...times]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([frame, time]) => `  ${((100 * time) / all).toFixed(1).padStart(5)} %  ${frame}`)
  return [`self:`, ...heaviest(self), `total (with callees):`, ...heaviest(total)].join("\n")
}
