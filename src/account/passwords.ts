import { hash, parseOptions, verify } from '@node-rs/argon2'
import type { Config } from '../config.ts'
import { commonPasswords } from './common-passwords.ts'

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated-module builds cannot import). */
const ARGON2ID = 2
export const PASSWORD_MIN_LENGTH = 10
/** Bounds the work one login request can ask argon2 for. */
export const PASSWORD_MAX_LENGTH = 256

function argon2Options(config: Config) {
  return { algorithm: ARGON2ID, memoryCost: config.argon2MemoryKib, timeCost: config.argon2TimeCost, parallelism: 1 }
}

export function hashPassword(config: Config, password: string): Promise<string> {
  return hash(password, argon2Options(config))
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** True when a stored hash was made with other parameters than the configured ones (upgrade it at the next login). */
export function needsRehash(config: Config, passwordHash: string): boolean {
  try {
    const used = parseOptions(passwordHash)
    return used.algorithm !== ARGON2ID || used.memoryCost !== config.argon2MemoryKib || used.timeCost !== config.argon2TimeCost
  } catch {
    return true
  }
}

const dummyHashes = new Map<string, Promise<string>>()

/**
 * Spends the same argon2 work as a real check, so an unknown email (or an account without a password)
 * answers no faster than a wrong password would.
 */
export async function verifyAgainstDummy(config: Config, password: string): Promise<false> {
  const key = `${config.argon2MemoryKib}:${config.argon2TimeCost}`
  let dummy = dummyHashes.get(key)
  if (!dummy) {
    dummy = hashPassword(config, 'openroles-dummy-password')
    dummyHashes.set(key, dummy)
  }
  await verifyPassword(await dummy, password)
  return false
}

/** Why a new password is refused, or null when it passes the policy. The message never contains the password. */
export function passwordPolicyProblem(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `password must be at least ${PASSWORD_MIN_LENGTH} characters`
  if (password.length > PASSWORD_MAX_LENGTH) return `password must be at most ${PASSWORD_MAX_LENGTH} characters`
  const lowered = password.toLowerCase()
  if (commonPasswords.has(lowered)) return 'password is too common; choose another'
  if (new Set(lowered).size < 4) return 'password repeats too few characters; choose another'
  if (email && lowered.includes(email.toLowerCase().split('@')[0]) && email.split('@')[0].length >= 4)
    return 'password must not contain your email name'
  return null
}
