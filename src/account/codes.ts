import type { DB } from '../db/connection.ts'
import { generateSixDigitCode, hashSecret, secretMatches } from './tokens.ts'
import { addMinutes } from './time.ts'

/**
 * Six-digit emailed codes (email verification, password reset). One live code per account and
 * purpose; stored as SHA-256, expiring, and burnt after a few wrong guesses or one success.
 */
export type CodePurpose = 'verify_email' | 'reset_password'
export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'none'

interface CodeRow {
  code_hash: Uint8Array
  attempts: number
  created_at: string
  expires_at: string
}

/** A new code replacing any earlier one, or null when the last was issued less than `resendSeconds` ago. */
export function issueCode(
  db: DB,
  userId: number,
  purpose: CodePurpose,
  options: { lifetimeMinutes: number; resendSeconds: number; now: Date },
): string | null {
  const previous = db.prepare('SELECT created_at FROM account_codes WHERE user_id = ? AND purpose = ?').get(userId, purpose) as
    | Pick<CodeRow, 'created_at'>
    | undefined
  if (previous && options.now.getTime() - Date.parse(previous.created_at) < options.resendSeconds * 1000) return null
  const code = generateSixDigitCode()
  db.prepare(
    `INSERT INTO account_codes (user_id, purpose, code_hash, attempts, created_at, expires_at) VALUES (?, ?, ?, 0, ?, ?)
     ON CONFLICT (user_id, purpose) DO UPDATE SET code_hash = excluded.code_hash, attempts = 0,
       created_at = excluded.created_at, expires_at = excluded.expires_at`,
  ).run(userId, purpose, hashSecret(code), options.now.toISOString(), addMinutes(options.now, options.lifetimeMinutes))
  return code
}

/** Checks a guess. Success and the last allowed wrong guess both delete the code, so it cannot be replayed. */
export function checkCode(db: DB, userId: number, purpose: CodePurpose, guess: string, options: { maxAttempts: number; now: Date }): CodeCheck {
  return db.transaction((): CodeCheck => {
    const row = db.prepare('SELECT * FROM account_codes WHERE user_id = ? AND purpose = ?').get(userId, purpose) as CodeRow | undefined
    if (!row) return 'none'
    const remove = () => db.prepare('DELETE FROM account_codes WHERE user_id = ? AND purpose = ?').run(userId, purpose)
    if (Date.parse(row.expires_at) <= options.now.getTime()) {
      remove()
      return 'expired'
    }
    if (secretMatches(guess, row.code_hash)) {
      remove()
      return 'ok'
    }
    if (row.attempts + 1 >= options.maxAttempts) remove()
    else db.prepare('UPDATE account_codes SET attempts = attempts + 1 WHERE user_id = ? AND purpose = ?').run(userId, purpose)
    return 'wrong'
  })()
}

export function deleteCodes(db: DB, userId: number, purpose: CodePurpose): void {
  db.prepare('DELETE FROM account_codes WHERE user_id = ? AND purpose = ?').run(userId, purpose)
}

/** Every outstanding code of the account (after a password reset or change). */
export function deleteAllCodes(db: DB, userId: number): void {
  db.prepare('DELETE FROM account_codes WHERE user_id = ?').run(userId)
}
