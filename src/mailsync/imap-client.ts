import { isIP } from 'node:net'
import { ImapFlow } from 'imapflow'
import type { Config } from '../config.ts'
import { checkedAddresses, isPrivateHost, NonPublicAddressError } from '../public-address.ts'

/**
 * Opening a user's IMAP mailbox without handing users a way into the server's own network: the
 * host name is resolved here, every address it resolves to must be public (unless the operator
 * allows private hosts, IMAP_ALLOW_PRIVATE_HOSTS), and the connection goes to the address that was
 * checked, with the name kept for TLS (SNI and certificate check), so a second lookup cannot
 * rebind it. Passwords never cross the internet in clear: without implicit TLS the connection must
 * upgrade with STARTTLS; only a private host the operator allowed may stay plain. Failures are
 * ImapProblem with a fixed message: the server's own words are never echoed to a caller or logged.
 */
export interface ImapLogin {
  host: string
  port: number
  tls: boolean
  username: string
  password: string
}

export interface ImapLimits {
  allowPrivateHosts: boolean
  timeoutMs: number
  maxMessageBytes: number
}

export const imapLimitsOf = (config: Config): ImapLimits => ({ allowPrivateHosts: config.imapAllowPrivateHosts, timeoutMs: config.mailSyncTimeoutMs, maxMessageBytes: config.mailMaxBytes })

export type ImapProblemKind = 'host' | 'connect' | 'tls' | 'login' | 'folder' | 'protocol'

export class ImapProblem extends Error {
  constructor(
    readonly kind: ImapProblemKind,
    message: string,
  ) {
    super(message)
  }
}

const MESSAGES: Record<ImapProblemKind, string> = {
  host: 'the IMAP host name could not be resolved',
  connect: 'could not connect to the IMAP server (check host, port and TLS)',
  tls: 'the IMAP server offered no valid TLS (a password is never sent unencrypted to a public host)',
  login: 'the IMAP server refused the user name or password',
  folder: 'a folder to sync does not exist on the IMAP server',
  protocol: 'the IMAP server answered something unexpected',
}

export const imapProblem = (kind: ImapProblemKind, message = MESSAGES[kind]) => new ImapProblem(kind, message)

/** The address to connect to: the checked one (src/public-address.ts), so what was checked is what is reached. */
async function checkedAddress(host: string, allowPrivate: boolean): Promise<string> {
  try {
    return (await checkedAddresses(host, allowPrivate))[0]!.address
  } catch (error) {
    if (error instanceof NonPublicAddressError) throw imapProblem('host', `${host} is a private or loopback address; this server connects only to public mail hosts`)
    throw imapProblem('host')
  }
}

/** Why imapflow failed, as one of our kinds. */
export function classifyImapError(error: unknown): ImapProblem {
  if (error instanceof ImapProblem) return error
  const e = (error ?? {}) as { authenticationFailed?: boolean; tlsFailed?: boolean; mailboxMissing?: boolean; code?: string; serverResponseCode?: string }
  if (e.authenticationFailed || e.serverResponseCode === 'AUTHENTICATIONFAILED') return imapProblem('login')
  if (e.tlsFailed || /STARTTLS|TLS|CERT/i.test(e.code ?? '')) return imapProblem('tls')
  if (e.mailboxMissing || e.serverResponseCode === 'NONEXISTENT' || e.code === 'NotFound') return imapProblem('folder')
  if (/ECONN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|CONNECT_TIMEOUT|GREETING|Closed|NoConnection/i.test(e.code ?? '')) return imapProblem('connect')
  return imapProblem('protocol')
}

/** A logged-in client; the caller logs out. */
export async function openImap(login: ImapLogin, limits: ImapLimits): Promise<ImapFlow> {
  const address = await checkedAddress(login.host, limits.allowPrivateHosts)
  const plainAllowed = limits.allowPrivateHosts && isPrivateHost(address)
  const client = new ImapFlow({
    host: address,
    port: login.port,
    secure: login.tls,
    ...(isIP(login.host.replace(/^\[|\]$/g, '')) ? {} : { servername: login.host }),
    // Required upgrade on a public host; a private host the operator allowed may be a plain test server.
    doSTARTTLS: login.tls ? undefined : plainAllowed ? undefined : true,
    tls: { rejectUnauthorized: true, minVersion: 'TLSv1.2' },
    auth: { user: login.username, pass: login.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: limits.timeoutMs,
    greetingTimeout: limits.timeoutMs,
    socketTimeout: limits.timeoutMs * 3,
    // A message over the size cap is skipped before its body is asked for; this is the backstop.
    maxLiteralSize: limits.maxMessageBytes + 64 * 1024,
    maxResponseSize: limits.maxMessageBytes + 1024 * 1024,
    clientInfo: { name: 'openroles' },
  })
  // A socket error after connect would otherwise be an unhandled 'error' event.
  client.on('error', () => {})
  try {
    await client.connect()
  } catch (error) {
    client.close()
    throw classifyImapError(error)
  }
  return client
}
