import { randomBytes } from 'node:crypto'
import type { DB } from '../db/connection.ts'
import type { Config } from '../config.ts'
import { openSecret, sealSecret, secretsKeyOf } from '../secret-box.ts'

/**
 * A user's one webhook endpoint for saved-search digests: a URL, a signing secret shown once, and
 * an enabled flag, with what happened at the last delivery attempt so the user can see why nothing
 * arrives. The secret must be read back to sign each delivery, so it is kept sealed: under
 * SECRETS_KEY when the operator set it, else under a key this server made for itself in the
 * database (a copied file then gives it away, which docs/channels.md says).
 */
interface WebhookRow {
  url: string
  enabled: number
  created_at: string
  updated_at: string
  disabled_at: string | null
  last_attempt_at: string | null
  last_success_at: string | null
  last_status: number | null
  last_error: string | null
  failures: number
}

function toWebhook(row: WebhookRow) {
  return {
    url: row.url,
    enabled: row.enabled === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    disabled_at: row.disabled_at,
    last_attempt_at: row.last_attempt_at,
    last_success_at: row.last_success_at,
    last_status: row.last_status,
    last_error: row.last_error,
    failures: row.failures,
  }
}

export type Webhook = ReturnType<typeof toWebhook>

const COLUMNS = 'url, enabled, created_at, updated_at, disabled_at, last_attempt_at, last_success_at, last_status, last_error, failures'

export function getWebhook(db: DB, userId: number): Webhook | null {
  const row = db.prepare(`SELECT ${COLUMNS} FROM webhooks WHERE user_id = ?`).get(userId) as WebhookRow | undefined
  return row ? toWebhook(row) : null
}

/** The secret format of the Standard Webhooks scheme: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`

type SealingConfig = Pick<Config, 'secretsKey'>

function sealingKey(db: DB, config: SealingConfig, sealedWith: 'secrets_key' | 'server'): SealingConfig {
  if (sealedWith === 'secrets_key') return config
  const read = () => db.prepare("SELECT value FROM server_secrets WHERE name = 'webhook-sealing'").pluck().get() as Buffer | undefined
  if (!read()) db.prepare("INSERT OR IGNORE INTO server_secrets (name, value, created_at) VALUES ('webhook-sealing', ?, ?)").run(randomBytes(32), new Date().toISOString())
  return { secretsKey: read()!.toString('hex') }
}

function seal(db: DB, config: SealingConfig, userId: number, secret: string): { sealed: Buffer; sealedWith: 'secrets_key' | 'server' } {
  const sealedWith = secretsKeyOf(config) ? 'secrets_key' : 'server'
  return { sealed: sealSecret(sealingKey(db, config, sealedWith), secret, `webhook:${userId}`), sealedWith }
}

/**
 * Creates the endpoint (with a new secret, returned once) or points the existing one at a new URL
 * (keeping its secret unless `rotate`, which returns the new one). A new URL starts with a clean
 * record of attempts.
 */
export function saveWebhook(db: DB, config: SealingConfig, userId: number, url: string, rotate: boolean, now: string): { webhook: Webhook; secret?: string; created: boolean } {
  return db.transaction(() => {
    const existing = getWebhook(db, userId)
    const secret = !existing || rotate ? newSecret() : undefined
    const sealed = secret ? seal(db, config, userId, secret) : undefined
    if (!existing) {
      db.prepare('INSERT INTO webhooks (user_id, url, secret_sealed, sealed_with, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)').run(userId, url, sealed!.sealed, sealed!.sealedWith, now, now)
    } else {
      const moved = existing.url !== url
      db.prepare(
        `UPDATE webhooks SET url = ?, updated_at = ?,
           secret_sealed = coalesce(?, secret_sealed), sealed_with = coalesce(?, sealed_with),
           last_attempt_at = CASE WHEN ? THEN NULL ELSE last_attempt_at END, last_status = CASE WHEN ? THEN NULL ELSE last_status END,
           last_error = CASE WHEN ? THEN NULL ELSE last_error END, failures = CASE WHEN ? THEN 0 ELSE failures END
         WHERE user_id = ?`,
      ).run(url, now, sealed?.sealed ?? null, sealed?.sealedWith ?? null, +moved, +moved, +moved, +moved, userId)
    }
    return { webhook: getWebhook(db, userId)!, ...(secret ? { secret } : {}), created: !existing }
  })()
}

/** Enables or disables delivery without touching the URL; null when there is no endpoint. */
export function setWebhookEnabled(db: DB, userId: number, enabled: boolean, now: string): Webhook | null {
  db.prepare(
    `UPDATE webhooks SET enabled = ?, updated_at = ?, disabled_at = CASE WHEN ? THEN NULL WHEN enabled = 1 THEN ? ELSE disabled_at END WHERE user_id = ?`,
  ).run(+enabled, now, +enabled, now, userId)
  return getWebhook(db, userId)
}

export function deleteWebhook(db: DB, userId: number): boolean {
  return db.prepare('DELETE FROM webhooks WHERE user_id = ?').run(userId).changes > 0
}

/** What a delivery needs: the URL and the opened secret, or null when there is no enabled endpoint. */
export function webhookTarget(db: DB, config: SealingConfig, userId: number): { url: string; secret: string } | null {
  const row = db.prepare('SELECT url, secret_sealed, sealed_with FROM webhooks WHERE user_id = ? AND enabled = 1').get(userId) as
    | { url: string; secret_sealed: Buffer; sealed_with: 'secrets_key' | 'server' }
    | undefined
  if (!row) return null
  return { url: row.url, secret: openSecret(sealingKey(db, config, row.sealed_with), row.secret_sealed, `webhook:${userId}`) }
}

/** Records one attempt's outcome on the endpoint (status null when no answer came). */
export function recordWebhookAttempt(db: DB, userId: number, outcome: { ok: boolean; status: number | null; error: string | null }, now: string): void {
  db.prepare(
    `UPDATE webhooks SET last_attempt_at = ?, last_status = ?, last_error = ?,
       last_success_at = CASE WHEN ? THEN ? ELSE last_success_at END, failures = CASE WHEN ? THEN 0 ELSE failures + 1 END
     WHERE user_id = ?`,
  ).run(now, outcome.status, outcome.error?.slice(0, 300) ?? null, +outcome.ok, now, +outcome.ok, userId)
}
