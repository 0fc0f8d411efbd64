import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { Config } from './config.ts'

/**
 * Secrets at rest (a mailbox's app password, OAuth tokens): sealed with AES-256-GCM under the key
 * of the SECRETS_KEY setting, so a copied database file alone does not give them away. A sealed
 * value is `version (1) | IV (12) | tag (16) | ciphertext`; `context` (e.g. "imap:42") is bound as
 * associated data, so a value moved to another row or purpose fails to open.
 */
const VERSION = 1

export class SecretsKeyMissing extends Error {
  constructor() {
    super('SECRETS_KEY is not set: secrets cannot be stored')
  }
}

/** The 32-byte key of the setting, or null when the setting is empty. Throws on a malformed key. */
export function secretsKeyOf(config: Pick<Config, 'secretsKey'>): Buffer | null {
  const raw = config.secretsKey.trim()
  if (!raw) return null
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64')
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes: 64 hex digits or base64 (openssl rand -hex 32)')
  return key
}

export const hasSecretsKey = (config: Pick<Config, 'secretsKey'>): boolean => secretsKeyOf(config) !== null

function requireKey(config: Pick<Config, 'secretsKey'>): Buffer {
  const key = secretsKeyOf(config)
  if (!key) throw new SecretsKeyMissing()
  return key
}

export function sealSecret(config: Pick<Config, 'secretsKey'>, plaintext: string, context: string): Buffer {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', requireKey(config), iv)
  cipher.setAAD(Buffer.from(context))
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body])
}

/** Opens a sealed value; throws when the key, the context or the bytes do not match. */
export function openSecret(config: Pick<Config, 'secretsKey'>, sealed: Buffer, context: string): string {
  if (sealed.length < 29 || sealed[0] !== VERSION) throw new Error('not a sealed secret')
  const decipher = createDecipheriv('aes-256-gcm', requireKey(config), sealed.subarray(1, 13))
  decipher.setAAD(Buffer.from(context))
  decipher.setAuthTag(sealed.subarray(13, 29))
  return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]).toString('utf8')
}
