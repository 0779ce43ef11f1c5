/**
 * EMV "ID, length, value" fields as BR Codes use them: a 2-digit ID, a 2-digit length counted
 * in characters (code points), then the value.
 */

export interface Tlv {
  id: string
  value: string
}

export function charLength(value: string): number {
  return Array.from(value).length
}

export function encodeTlv(id: string, value: string): string {
  const length = charLength(value)
  if (!/^\d{2}$/.test(id) || length > 99) throw new RangeError(`Campo ${id} inválido`)
  return `${id}${String(length).padStart(2, "0")}${value}`
}

/**
 * Splits a run of fields. Returns null when any field is malformed: a non-numeric ID or
 * length, or a declared length that runs past the end.
 */
export function decodeTlvs(data: string): Tlv[] | null {
  const chars = Array.from(data)
  const fields: Tlv[] = []
  let at = 0
  while (at < chars.length) {
    const id = chars.slice(at, at + 2).join("")
    const length = chars.slice(at + 2, at + 4).join("")
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(length)) return null
    const end = at + 4 + Number(length)
    if (end > chars.length) return null
    fields.push({ id, value: chars.slice(at + 4, end).join("") })
    at = end
  }
  return fields
}
