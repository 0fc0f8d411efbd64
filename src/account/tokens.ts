import { randomInt, getRandomValues } from 'node:crypto'
import { sha256 } from '@oslojs/crypto/sha2'
import { constantTimeEqual } from '@oslojs/crypto/subtle'
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding'

/** Random, URL- and header-safe string with `bytes` bytes of entropy (base32, no padding). */
export function generateSecret(bytes = 20): string {
  return encodeBase32LowerCaseNoPadding(getRandomValues(new Uint8Array(bytes)))
}

/** Six decimal digits, uniformly drawn. */
export function generateSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** SHA-256 of a secret: what the database stores instead of the secret itself. */
export function hashSecret(secret: string): Uint8Array {
  return sha256(new TextEncoder().encode(secret))
}

/** Compares a presented secret with a stored hash in constant time. */
export function secretMatches(secret: string, storedHash: Uint8Array): boolean {
  return constantTimeEqual(hashSecret(secret), new Uint8Array(storedHash))
}

/** Splits `<publicId><sep><secret>`; null when malformed. Both parts are base32 lowercase. */
export function splitToken(token: string, separator: string): { publicId: string; secret: string } | null {
  const at = token.indexOf(separator)
  if (at <= 0) return null
  const publicId = token.slice(0, at)
  const secret = token.slice(at + separator.length)
  if (!/^[a-z2-7]{1,64}$/.test(publicId) || !/^[a-z2-7]{1,128}$/.test(secret)) return null
  return { publicId, secret }
}
