import { unprocessable } from '../errors.ts'

/**
 * What people write is plain text, stored as given and escaped wherever it is shown (the search
 * page renders it as text nodes), so no markup survives to a browser. Only emptiness and length
 * are checked, in runes (code points) as the contract counts them.
 */
export function requireText(value: string, field: string, maxRunes: number): string {
  if (!value.trim()) throw unprocessable(`${field} is required`)
  if ([...value].length > maxRunes) throw unprocessable(`${field} must be at most ${maxRunes} characters`)
  return value
}
