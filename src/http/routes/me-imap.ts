import { isIP } from 'node:net'
import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { dataOf, object } from '../openapi-shapes.ts'
import { connectImapMailbox, disconnectImapMailbox, imapStatus } from '../../mailsync/imap-account.ts'
import { syncImapMailbox } from '../../mailsync/imap-sync.ts'

/**
 * Any IMAP mailbox as a mail route into the inbox (an extension over the reference service, which
 * knows Gmail only): GET/PUT/DELETE /me/imap and POST /me/imap/sync.
 */
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/

const Host = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.toLowerCase(),
  v.transform((host) => host.replace(/\.$/, '').replace(/^\[(.*)\]$/, '$1')),
  v.check((host) => HOST_NAME.test(host) || isIP(host) !== 0, 'must be a host name or an IP address'),
  v.description('IMAP server host name (or IP address). Only public addresses are accepted unless the operator allows private ones (IMAP_ALLOW_PRIVATE_HOSTS).'),
)

const ImapBody = v.object({
  host: Host,
  port: v.optional(v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(1, 'must be 1 to 65535'), v.maxValue(65535, 'must be 1 to 65535'), v.description('Default 993 with TLS, 143 without.'))),
  tls: v.optional(v.pipe(v.boolean('must be true or false'), v.description('true (default): TLS from the first byte (port 993). false: a plain connection that must upgrade with STARTTLS (port 143).')), true),
  username: v.pipe(v.string('must be a string'), v.trim(), v.minLength(1, 'is required'), v.maxLength(320, 'must be at most 320 characters'), v.regex(NO_CONTROL, 'must not contain control characters'), v.description('Login name, usually the address.')),
  password: v.optional(
    v.pipe(v.string('must be a string'), v.minLength(1, 'must not be empty'), v.maxLength(1024, 'must be at most 1024 characters'), v.regex(NO_CONTROL, 'must not contain control characters'), v.description('An app password. Stored encrypted, never shown again. May be left out when only `folders` or `tls` change.')),
  ),
  folders: v.optional(
    v.pipe(
      v.array(v.pipe(v.string('must be a string'), v.minLength(1, 'must not be empty'), v.maxLength(200, 'must be at most 200 characters'), v.regex(NO_CONTROL, 'must not contain control characters')), 'must be an array of folder names'),
      v.minLength(1, 'must name at least one folder'),
      v.maxLength(20, 'must name at most 20 folders'),
      v.check((folders) => new Set(folders).size === folders.length, 'must not repeat a folder'),
      v.description('Folders to sync (default `["INBOX"]`), e.g. `["INBOX", "Jobs"]`.'),
    ),
    ['INBOX'],
  ),
})

const ImapStatus = object(
  {
    connected: { type: 'boolean' },
    available: { type: 'boolean', description: 'false when the server has no SECRETS_KEY to store a password with' },
    host: { type: 'string' },
    port: { type: 'integer' },
    tls: { type: 'boolean' },
    username: { type: 'string' },
    folders: { type: 'array', items: { type: 'string' } },
    connected_at: { type: 'string', format: 'date-time' },
    last_sync_at: { type: ['string', 'null'], format: 'date-time' },
    last_error: { type: ['string', 'null'] },
  },
  ['connected', 'available'],
)

const FolderReport = object({ folder: { type: 'string' }, fetched: { type: 'integer' }, skipped: { type: 'integer' }, reset: { type: 'boolean' } })

const op = operations({ tags: ['mail sync'], auth: 'session-or-key' })

export function meImapRoutes(ctx: AppContext): Route[] {
  return [
    op.get('/me/imap', 'The connected IMAP mailbox', {
      description: '`{ connected: false, available }`, or the connection: host, port, TLS, user name, folders, when it last synced and the last problem. The password is never returned.',
      responses: { 200: { description: 'the connection', schema: dataOf(ImapStatus) } },
    }, (_event, { caller }) => ({ data: imapStatus(ctx, caller.userId) })),
    op.put('/me/imap', 'Connect an IMAP mailbox (or change the connection)', {
      description: `Logs in to the server with the details given and checks that every folder exists; only then stores them (the password sealed with AES-256-GCM) and starts a first sync in the background, which reads the last MAIL_SYNC_FIRST_DAYS days. Later syncs read only what is new, per folder (UIDVALIDITY and UID checkpoints); a message already in the inbox (same Message-ID) is not stored twice. Host checks: the name is resolved here and every address must be public (no loopback, private or link-local address unless IMAP_ALLOW_PRIVATE_HOSTS), and the connection goes to the checked address. A password crosses the network only encrypted: \`tls: false\` requires STARTTLS (only an allowed private host may stay plain). At most ${ctx.config.imapConnectsPerHour} attempts per hour (429). Another host or user name starts with fresh checkpoints.`,
      body: ImapBody,
      responses: {
        200: { description: 'connected', schema: dataOf(ImapStatus) },
        400: 'invalid field, a private or unresolvable host, or no password for a new mailbox',
        422: 'the server refused the login, offered no TLS, or a folder does not exist',
        429: 'too many connection attempts this hour',
        503: 'the server could not be reached, or this server has no SECRETS_KEY',
      },
    }, async (_event, { caller, body }) => {
      const port = body.port ?? (body.tls ? 993 : 143)
      return { data: await connectImapMailbox(ctx, caller.userId, { ...body, port }) }
    }),
    op.delete('/me/imap', 'Disconnect the IMAP mailbox', {
      description: 'Forgets the server, the sealed password and the checkpoints, and deletes every message the IMAP sync brought into the inbox. Idempotent: answers `{ connected: false, available }` whether or not a mailbox was connected.',
      responses: { 200: { description: 'disconnected', schema: dataOf(ImapStatus) } },
    }, (_event, { caller }) => ({ data: disconnectImapMailbox(ctx, caller.userId) })),
    op.post('/me/imap/sync', 'Sync the IMAP mailbox now', {
      description: `Reads what is new in each folder and answers when done: messages read (\`fetched\`), new messages stored (\`stored\`; copies already in the inbox are not), and per folder whether UIDVALIDITY changed (\`reset\`: the folder was read again from the start) and how many messages were over MAIL_MAX_BYTES (\`skipped\`). At most ${ctx.config.mailSyncMaxMessages} messages per folder per sync; the rest follow next time. The serving process also syncs every mailbox each MAIL_SYNC_INTERVAL_MINUTES.`,
      responses: {
        200: { description: 'synced', schema: dataOf(object({ fetched: { type: 'integer' }, stored: { type: 'integer' }, folders: { type: 'array', items: FolderReport }, last_sync_at: { type: 'string', format: 'date-time' } })) },
        400: 'IMAP is not connected',
        409: 'a sync of this mailbox is already running',
        422: 'the server refused the login, or a folder is gone',
        503: 'the server could not be reached, or the stored password cannot be opened',
      },
    }, async (_event, { caller }) => ({ data: await syncImapMailbox(ctx, caller.userId) })),
  ]
}
