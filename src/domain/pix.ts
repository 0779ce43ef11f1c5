import { charLength, decodeTlvs, encodeTlv, type Tlv } from "./tlv.ts"

export { isValidPixKey, normalizePixKey, normalizePixPhone } from "./pix-keys.ts"

/**
 * Pix BR Codes (EMV QRCPS, merchant-presented), built and read as payments.md describes:
 * field order 00, 01, 26, 52, 53, 54, 58, 59, 60, 61, 62, (80), 63; lengths in characters;
 * CRC16-CCITT-FALSE over the UTF-8 bytes of everything before the CRC value.
 */

export const PIX_GUI = "br.gov.bcb.pix"
export const PIX_CODE_MAX_LENGTH = 512

export class PixCodeError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "PixCodeError"
  }
}

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF): "123456789" -> "29B1". */
export function crc16(data: string): string {
  let crc = 0xffff
  for (const byte of new TextEncoder().encode(data)) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0")
}

export interface PixCodeInput {
  /** Static code: the receiver's Pix key (max 77). Never together with `url`. */
  key?: string
  /** Dynamic code: the payload location, with or without "https://" (max 77). */
  url?: string
  amountCents?: number
  /** Receiver's name; accents are stripped and it is cut to 25 characters. */
  name: string
  /** Receiver's city; accents are stripped and it is cut to 15 characters. */
  city: string
  /** 1-25 letters or digits; omitted or "***" means none. */
  txid?: string
  /** Message to the payer (static codes). */
  description?: string
  /** true writes "12" (single use), false "11" (reusable); omitted leaves field 01 out. */
  singleUse?: boolean
  /** 8 digits; a hyphen is dropped. */
  postalCode?: string
  /** Pix Automático recurrence location (field 80), without "https://". */
  recurrenceUrl?: string
}

export interface ParsedPixCode {
  key?: string
  url?: string
  amountCents?: number
  name: string
  city: string
  /** Absent when the code says "***". */
  txid?: string
  description?: string
  singleUse?: boolean
  postalCode?: string
  recurrenceUrl?: string
}

/** Removes accents so character counts and the bytes the CRC covers agree. */
export function stripAccents(value: string): string {
  return value.normalize("NFD").replace(/[\u0300-\u036f]/g, "")
}

function cut(value: string, max: number): string {
  return Array.from(stripAccents(value).trim()).slice(0, max).join("").trim()
}

const withoutScheme = (url: string) => url.trim().replace(/^https:\/\//i, "")

function amountText(cents: number): string {
  if (!Number.isInteger(cents) || cents <= 0) throw new PixCodeError("Valor do Pix inválido")
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`
}

function field(id: string, value: string): string {
  try {
    return encodeTlv(id, value)
  } catch {
    throw new PixCodeError(`Campo ${id} do código Pix grande demais`)
  }
}

function merchantAccount(input: PixCodeInput): string {
  const { key, url, description } = input
  if (key && url) throw new PixCodeError("Use a chave ou a URL do Pix, nunca as duas")
  // Journey 2 (BCB recResponse `dadosQR`): the recurrence alone, field 26 holds only the GUI.
  if (!key && !url && input.recurrenceUrl) return field("26", field("00", PIX_GUI))
  if (!key && !url) throw new PixCodeError("Informe a chave ou a URL do Pix")
  let inner = field("00", PIX_GUI)
  if (key) {
    if (charLength(key) > 77) throw new PixCodeError("Chave Pix grande demais")
    inner += field("01", key)
  }
  if (description) inner += field("02", stripAccents(description))
  if (url) {
    const location = withoutScheme(url)
    if (charLength(location) > 77) throw new PixCodeError("URL do Pix grande demais")
    inner += field("25", location)
  }
  if (charLength(inner) > 99) throw new PixCodeError("Dados da conta Pix grandes demais")
  return field("26", inner)
}

const TXID = /^[A-Za-z0-9]{1,25}$/

/** Builds a BR Code; throws PixCodeError when the parts cannot make a valid one. */
export function buildPixCode(input: PixCodeInput): string {
  const name = cut(input.name, 25)
  const city = cut(input.city, 15)
  if (!name) throw new PixCodeError("Nome do recebedor obrigatório")
  if (!city) throw new PixCodeError("Cidade do recebedor obrigatória")
  const txid = input.txid ?? "***"
  if (txid !== "***" && !TXID.test(txid)) throw new PixCodeError("Identificador (txid) inválido")

  let code = field("00", "01")
  if (input.singleUse !== undefined) code += field("01", input.singleUse ? "12" : "11")
  code += merchantAccount(input)
  code += field("52", "0000") + field("53", "986")
  if (input.amountCents !== undefined) code += field("54", amountText(input.amountCents))
  code += field("58", "BR") + field("59", name) + field("60", city)
  if (input.postalCode !== undefined) {
    const postalCode = input.postalCode.replace("-", "")
    if (!/^\d{8}$/.test(postalCode)) throw new PixCodeError("CEP do recebedor inválido")
    code += field("61", postalCode)
  }
  code += field("62", field("05", txid))
  if (input.recurrenceUrl) {
    const location = withoutScheme(input.recurrenceUrl)
    if (!location || charLength(location) > 77) {
      throw new PixCodeError("URL da recorrência do Pix inválida")
    }
    code += field("80", field("00", PIX_GUI) + field("25", location))
  }
  code += "6304"
  code += crc16(code)
  if (charLength(code) > PIX_CODE_MAX_LENGTH) throw new PixCodeError("Código Pix grande demais")
  return code
}

function subfields(value: string, id: string): Map<string, string> {
  const parsed = decodeTlvs(value)
  if (!parsed) throw new PixCodeError(`Campo ${id} do código Pix malformado`)
  return toMap(parsed)
}

function toMap(fields: Tlv[]): Map<string, string> {
  const map = new Map<string, string>()
  for (const { id, value } of fields) {
    if (map.has(id)) throw new PixCodeError(`Campo ${id} repetido no código Pix`)
    map.set(id, value)
  }
  return map
}

function parseAmount(value: string): number {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value)
  if (!match) throw new PixCodeError("Valor do código Pix inválido")
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"))
  if (cents <= 0) throw new PixCodeError("Valor do código Pix inválido")
  return cents
}

/** The merchant-account template (IDs 26-51) whose GUI is Pix's, in any case; null when none. */
function pixAccount(fields: Map<string, string>): Map<string, string> | null {
  for (let id = 26; id <= 51; id++) {
    const value = fields.get(String(id))
    if (value === undefined) continue
    const inner = subfields(value, String(id))
    if (inner.get("00")?.toLowerCase() === PIX_GUI) return inner
  }
  return null
}

/** Field 80 (Pix Automático): GUI "br.gov.bcb.pix" and the recurrence location in sub 25. */
function recurrenceLocation(value: string): string {
  const inner = subfields(value, "80")
  if (inner.get("00")?.toLowerCase() !== PIX_GUI) {
    throw new PixCodeError("Recorrência do código Pix sem o identificador do Pix")
  }
  const location = inner.get("25")
  if (!location) throw new PixCodeError("Recorrência do código Pix sem URL")
  return location
}

/**
 * Reads a BR Code. Throws PixCodeError when anything is off: a field whose declared length does
 * not fit (even with a matching CRC), a wrong or misplaced CRC, a missing mandatory field, a key
 * and a URL together. Surrounding whitespace is ignored.
 */
export function parsePixCode(input: string): ParsedPixCode {
  const code = input.trim()
  if (charLength(code) > PIX_CODE_MAX_LENGTH) throw new PixCodeError("Código Pix grande demais")
  const tlvs = decodeTlvs(code)
  if (!tlvs || tlvs.length < 2) throw new PixCodeError("Código Pix malformado")
  const first = tlvs[0]
  const last = tlvs[tlvs.length - 1]
  if (first?.id !== "00" || first.value !== "01") throw new PixCodeError("Código Pix malformado")
  if (last?.id !== "63" || !/^[0-9A-Fa-f]{4}$/.test(last.value)) {
    throw new PixCodeError("Código Pix sem CRC")
  }
  const signed = code.slice(0, code.length - 4)
  if (crc16(signed) !== last.value.toUpperCase())
    throw new PixCodeError("CRC do código Pix inválido")

  const fields = toMap(tlvs)
  const initiation = fields.get("01")
  if (initiation !== undefined && initiation !== "11" && initiation !== "12") {
    throw new PixCodeError("Método de iniciação do código Pix inválido")
  }
  if (fields.get("53") !== "986") throw new PixCodeError("Moeda do código Pix inválida")
  if (fields.get("58") !== "BR") throw new PixCodeError("País do código Pix inválido")
  const name = fields.get("59")
  const city = fields.get("60")
  if (!name || charLength(name) > 25) throw new PixCodeError("Nome do recebedor inválido")
  if (!city || charLength(city) > 15) throw new PixCodeError("Cidade do recebedor inválida")

  const recurrence = fields.get("80")
  const recurrenceUrl = recurrence === undefined ? undefined : recurrenceLocation(recurrence)
  const account = pixAccount(fields)
  if (!account && !recurrenceUrl) throw new PixCodeError("O código não é um Pix")
  const key = account?.get("01")
  const url = account?.get("25")
  if (key && url) throw new PixCodeError("Código Pix com chave e URL ao mesmo tempo")
  // Only a journey 2 code, whose URL sits in field 80, may leave field 26 with the GUI alone.
  if (account && !key && !url && !recurrenceUrl) {
    throw new PixCodeError("Código Pix sem chave nem URL")
  }

  const additional = fields.get("62")
  const txid = additional === undefined ? undefined : subfields(additional, "62").get("05")
  if (txid === undefined || (txid !== "***" && !TXID.test(txid))) {
    throw new PixCodeError("Identificador (txid) do código Pix inválido")
  }

  const result: ParsedPixCode = { name, city }
  if (key) result.key = key
  if (url) result.url = url
  const description = account?.get("02")
  if (description) result.description = description
  const amount = fields.get("54")
  if (amount !== undefined) result.amountCents = parseAmount(amount)
  if (txid !== "***") result.txid = txid
  if (initiation !== undefined) result.singleUse = initiation === "12"
  const postalCode = fields.get("61")
  if (postalCode !== undefined) result.postalCode = postalCode
  if (recurrenceUrl) result.recurrenceUrl = recurrenceUrl
  return result
}

/**
 * Pix Automático journey a code starts: 2 authorises a recurrence only (field 80; field 26 with
 * the GUI alone, or absent in codes we built before), 3 pays the first period and authorises the
 * recurrence in one scan (field 26 URL + field 80); null for a code with no recurrence. Journey 4
 * (a cobv due-date charge + recurrence) has journey 3's layout: only the payload behind the URL
 * tells them apart, so it also answers 3.
 */
export function pixAutomaticJourney(code: ParsedPixCode): 2 | 3 | null {
  if (!code.recurrenceUrl) return null
  return code.url || code.key ? 3 : 2
}

/** True when `parsePixCode` accepts the code. */
export function isValidPixCode(code: string): boolean {
  try {
    parsePixCode(code)
    return true
  } catch {
    return false
  }
}

/** The Pix end-to-end id every bank prints on the receipt: 32 letters and digits, starting with E. */
export const END_TO_END_ID_PATTERN = /^[a-zA-Z0-9]{32}$/
