import { MINIMUM_AGE } from "../../../src/domain/constants.ts"
import { ageOn, parseBirthDate } from "../../../src/domain/dates.ts"
import type { Clock } from "../clock.ts"
import { ValidationError } from "../errors.ts"

export const underAgeMessage = "A Closer é apenas para maiores de 18 anos."

/** Where a birth date is collected, it must be of someone 18 or older (spec §1, §9). */
export const adultsOnly = (clock: Clock) => async (request: { body: unknown }) => {
  const birthdate = (request.body as { birthdate?: unknown } | undefined)?.birthdate
  const date = typeof birthdate === "string" ? parseBirthDate(birthdate) : null
  if (date && ageOn(date, clock.now()) < MINIMUM_AGE)
    throw new ValidationError(underAgeMessage, "under_age", "birthdate")
}
