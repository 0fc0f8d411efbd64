import type { AppContext } from '../context.ts'
import { DomainError, badRequest, serviceUnavailable } from '../errors.ts'
import { hasSecretsKey } from '../secret-box.ts'
import { deleteMailOfSource } from '../inbox/mailbox.ts'
import { deleteImapAccount, findImapAccount, imapLoginOf, saveImapAccount, toImapJson, type ImapAccountInput } from './imap-store.ts'
import { syncImapMailbox, verifyImapLogin } from './imap-sync.ts'
import { HOUR, spendCap } from '../plan/caps.ts'

/**
 * Connecting, showing and disconnecting a user's IMAP mailbox (GET/PUT/DELETE /me/imap). A
 * connection is stored only after this server logged in with it and found every folder named,
 * so a typo is a clear error now rather than a failing sync later; each such login attempt counts
 * against IMAP_CONNECTS_PER_HOUR. A stored connection syncs once at once, in the background.
 */
export function imapStatus(ctx: AppContext, userId: number) {
  const row = findImapAccount(ctx.db, userId)
  const available = hasSecretsKey(ctx.config)
  return row ? { ...toImapJson(row), available } : { connected: false as const, available }
}

export async function connectImapMailbox(ctx: AppContext, userId: number, input: ImapAccountInput) {
  if (!hasSecretsKey(ctx.config)) throw serviceUnavailable('connecting an IMAP mailbox needs the SECRETS_KEY setting on this server')
  const password = input.password ?? storedPassword(ctx, userId, input)
  // Counted in the file, so every serving process counts the same attempts.
  ctx.db.transaction(() => spendCap(ctx.db, userId, { kind: 'imap_connect', limit: ctx.config.imapConnectsPerHour, windowSeconds: HOUR, what: 'IMAP connection attempts' }, ctx.now()))()
  await verifyImapLogin(ctx, { ...input, password }, input.folders)
  saveImapAccount(ctx.db, ctx.config, userId, { ...input, password }, ctx.now().toISOString())
  ctx.background.run('IMAP first sync', async () => {
    // Its outcome is on the account (last_sync_at, last_error); only a bug of ours is worth a log line.
    await syncImapMailbox(ctx, userId).catch((error: unknown) => {
      if (!(error instanceof DomainError)) throw error
    })
  })
  return imapStatus(ctx, userId)
}

/** The password kept when only folders or TLS change on the mailbox already connected. */
function storedPassword(ctx: AppContext, userId: number, input: ImapAccountInput): string {
  const old = findImapAccount(ctx.db, userId)
  const refused = badRequest('password is required (it may be left out only to change the folders or TLS of the mailbox already connected)')
  if (!old || old.host !== input.host || old.port !== input.port || old.username !== input.username) throw refused
  try {
    return imapLoginOf(ctx.config, old).password
  } catch {
    throw refused
  }
}

/** Forgets the connection, its checkpoints and the mail it brought in. */
export function disconnectImapMailbox(ctx: AppContext, userId: number) {
  ctx.db.transaction(() => {
    deleteImapAccount(ctx.db, userId)
    deleteMailOfSource(ctx.db, userId, 'imap')
  })()
  return imapStatus(ctx, userId)
}
