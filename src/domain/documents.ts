/** CPF and CNPJ check digits, including the alphanumeric CNPJ issued from July 2026. */

/** Drops the mask characters (dots, slash, hyphen, spaces) and upper-cases letters. */
export function normalizeDocument(value: string): string {
  return value.replace(/[.\-/\s]/g, "").toUpperCase()
}

function allSame(value: string): boolean {
  return value.split("").every((c) => c === value[0])
}

function cpfDigit(digits: readonly number[]): number {
  const weightStart = digits.length + 1
  const sum = digits.reduce((acc, d, i) => acc + d * (weightStart - i), 0)
  const digit = (sum * 10) % 11
  return digit === 10 ? 0 : digit
}

/** 11 digits, not all equal, both check digits right. Accepts "111.444.777-35". */
export function isValidCpf(value: string): boolean {
  const cpf = normalizeDocument(value)
  if (!/^\d{11}$/.test(cpf) || allSame(cpf)) return false
  const digits = cpf.split("").map(Number)
  const first = cpfDigit(digits.slice(0, 9))
  const second = cpfDigit(digits.slice(0, 10))
  return first === digits[9] && second === digits[10]
}

const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]

/** A character's value is its ASCII code minus 48, so "0"-"9" keep theirs and "A" is 17. */
function cnpjDigit(chars: string): number {
  const weights = CNPJ_WEIGHTS.slice(CNPJ_WEIGHTS.length - chars.length)
  let sum = 0
  for (let i = 0; i < chars.length; i++) sum += (chars.charCodeAt(i) - 48) * (weights[i] ?? 0)
  const remainder = sum % 11
  return remainder < 2 ? 0 : 11 - remainder
}

/** 12 letters or digits then 2 numeric check digits. Accepts "11.222.333/0001-81" and "12.ABC.345/01DE-35". */
export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeDocument(value)
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || allSame(cnpj)) return false
  const first = cnpjDigit(cnpj.slice(0, 12))
  const second = cnpjDigit(cnpj.slice(0, 12) + first)
  return cnpj.slice(12) === `${first}${second}`
}

/** CPF when it has 11 characters, CNPJ when 14; anything else is not a document. */
export function isValidPerson(value: string): boolean {
  const document = normalizeDocument(value)
  if (document.length === 11) return isValidCpf(document)
  if (document.length === 14) return isValidCnpj(document)
  return false
}

/** "11144477735" -> "111.444.777-35"; a value that is not 11 digits is returned as given. */
export function formatCpf(value: string): string {
  const cpf = normalizeDocument(value)
  if (!/^\d{11}$/.test(cpf)) return value
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`
}

/** "11222333000181" -> "11.222.333/0001-81"; a value that is not 14 characters is returned as given. */
export function formatCnpj(value: string): string {
  const cnpj = normalizeDocument(value)
  if (!/^[0-9A-Z]{14}$/.test(cnpj)) return value
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
}
