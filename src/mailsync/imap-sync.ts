import type { ImapFlow } from 'imapflow'
import type { AppContext } from '../context.ts'
import { DomainError, badRequest, conflict, serviceUnavailable, unprocessable } from '../errors.ts'
import { ingestRawMessage } from '../inbox/ingest.ts'
import { classifyImapError, imapLimitsOf, openImap, type ImapLogin, type ImapProblem } from './imap-client.ts'
import { fetchNewMail, type FolderResult } from './imap-fetch.ts'
import { findImapAccount, foldersOf, imapCheckpoint, imapLoginOf, recordImapSync, saveImapCheckpoint } from './imap-store.ts'
import { runExclusive } from './sync-guard.ts'

/**
 * One sync of a user's IMAP mailbox: log in, read what is new in each folder named, hand every
 * message to the inbox (which dedupes on Message-ID, triages and links it), record the outcome on
 * the account. Problems of the user's server become the account's `last_error` and a 422/503 with
 * a fixed message; anything else is a bug and propagates.
 */
export interface ImapSyncReport {
  /** Messages read from the server. */
  fetched: number
  /** New messages stored (the rest were copies already in the inbox). */
  stored: number
  folders: FolderResult[]
  last_sync_at: string
}

class StoreFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('storing a message failed')
  }
}

/** A refused host (400), a user-fixable problem (422) or the server being out of reach (503). */
export function imapHttpError(problem: ImapProblem): DomainError {
  if (problem.kind === 'host') return badRequest(problem.message)
  return problem.kind === 'connect' || problem.kind === 'protocol' ? serviceUnavailable(problem.message) : unprocessable(problem.message)
}

/** Logs in and checks every folder exists: what PUT /me/imap does before it stores anything. */
export async function verifyImapLogin(ctx: AppContext, login: ImapLogin, folders: string[]): Promise<void> {
  let client: ImapFlow | undefined
  try {
    client = await openImap(login, imapLimitsOf(ctx.config))
    for (const folder of folders) await client.status(folder, { uidValidity: true })
  } catch (error) {
    throw imapHttpError(classifyImapError(error))
  } finally {
    await client?.logout().catch(() => client?.close())
  }
}

export async function syncImapMailbox(ctx: AppContext, userId: number): Promise<ImapSyncReport> {
  const account = findImapAccount(ctx.db, userId)
  if (!account) throw badRequest('IMAP is not connected')
  let login: ImapLogin
  try {
    login = imapLoginOf(ctx.config, account)
  } catch {
    const message = 'the stored IMAP password cannot be opened (SECRETS_KEY is missing or changed); connect the mailbox again'
    recordImapSync(ctx.db, userId, ctx.now().toISOString(), message)
    throw serviceUnavailable(message)
  }
  const report = await runExclusive(ctx.db, `imap:${userId}`, async () => {
    let stored = 0
    let client: ImapFlow | undefined
    try {
      // Disconnected while this sync ran (DELETE /me/imap): nothing more is stored for an account that let go.
      const stillConnected = () => {
        if (!findImapAccount(ctx.db, userId)) throw conflict('the mailbox was disconnected during the sync')
      }
      client = await openImap(login, imapLimitsOf(ctx.config))
      const folders = await fetchNewMail(
        client,
        foldersOf(account),
        {
          checkpoint: (folder) => imapCheckpoint(ctx.db, userId, folder),
          saveCheckpoint: (folder, checkpoint) => {
            stillConnected()
            saveImapCheckpoint(ctx.db, userId, folder, checkpoint)
          },
          async deliver(raw, ref) {
            stillConnected()
            const result = await ingestRawMessage(ctx.db, userId, raw, 'imap', { externalId: `${ref.folder}:${ref.uidvalidity}:${ref.uid}`, now: ctx.now().toISOString() }).catch(
              (error: unknown) => {
                throw new StoreFailure(error)
              },
            )
            if (!result.duplicate) stored++
          },
        },
        { maxMessages: ctx.config.mailSyncMaxMessages, maxMessageBytes: ctx.config.mailMaxBytes, firstSyncSince: firstSyncSince(ctx) },
      )
      const at = ctx.now().toISOString()
      recordImapSync(ctx.db, userId, at, null)
      return { fetched: folders.reduce((sum, f) => sum + f.fetched, 0), stored, folders, last_sync_at: at }
    } catch (error) {
      // Our own failures (a store bug, a full disk) are not the mail server's: they propagate as they are.
      if (error instanceof StoreFailure) throw error.cause
      if (error instanceof DomainError) throw error
      const problem = classifyImapError(error)
      // Only the fixed message is kept: the server's own words may hold anything.
      recordImapSync(ctx.db, userId, ctx.now().toISOString(), problem.message)
      if (problem.kind === 'protocol') ctx.log.error('IMAP sync failed', { user: userId, error: error instanceof Error ? error.name : 'unknown' })
      throw imapHttpError(problem)
    } finally {
      await client?.logout().catch(() => client?.close())
    }
  })
  if (!report) throw conflict('a sync of this mailbox is already running')
  return report
}

export function firstSyncSince(ctx: AppContext): Date {
  return new Date(ctx.now().getTime() - ctx.config.mailSyncFirstDays * 86_400_000)
}
