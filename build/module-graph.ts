/** Every module `roots` reach through the imports `imported` lists, the roots included. */
export function reachedFrom(
  imported: (id: string) => readonly string[],
  roots: Iterable<string>,
): Set<string> {
  const found = new Set<string>()
  const stack = [...roots]
  while (stack.length > 0) {
    const id = stack.pop()!
    if (found.has(id)) continue
    found.add(id)
    stack.push(...imported(id))
  }
  return found
}
