import { spawn } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { ImapFlow } from 'imapflow'
import { answers, freePort } from './net.ts'

/**
 * A real Dovecot IMAP server (Debian's dovecot-imapd; .ci/run installs it) on a free loopback port
 * with a throwaway configuration: plain-text passwords in a passwd-file, maildirs in a temporary
 * directory, no TLS, its own base_dir so it never meets a system instance. Dovecot runs unprivileged
 * as the current user; when the tests run as root it drops to Debian's `dovecot` and `dovenull`
 * users instead, because its login process refuses to run as root. Missing: fails at once.
 */
const DOVECOT = '/usr/sbin/dovecot'

export interface Dovecot {
  port: number
  /** Adds the user, or changes its password; resolves once Dovecot logs the user in with it. */
  setUser(user: string, password: string): Promise<void>
  /** A connected client of `user` (the test's own mail client: APPEND, CREATE, DELETE). */
  client(user: string, password: string): Promise<ImapFlow>
  stop(): Promise<void>
}

/** uid and gid of a system account, from /etc/passwd. */
function systemAccount(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`))
  if (!line) throw new Error(`the system user ${name} is missing (the dovecot-core package creates it)`)
  const [, , uid, gid] = line.split(':')
  return { uid: Number(uid), gid: Number(gid) }
}

function groupName(gid: number): string {
  const line = readFileSync('/etc/group', 'utf8')
    .split('\n')
    .find((entry) => entry.split(':')[2] === String(gid))
  return line ? line.split(':')[0]! : String(gid)
}

export async function startDovecot(): Promise<Dovecot> {
  if (!existsSync(DOVECOT)) throw new Error(`Dovecot is not installed (${DOVECOT}; Debian package dovecot-imapd, which .ci/run installs)`)
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'openroles-dovecot-'))
  const me = userInfo()
  const asRoot = me.uid === 0
  const mailOwner = asRoot ? systemAccount('dovecot') : { uid: me.uid, gid: me.gid }
  const internalUser = asRoot ? 'dovecot' : me.username
  const loginUser = asRoot ? 'dovenull' : me.username
  // Dovecot's own users (root case) must reach the passwd-file and the maildirs below.
  chmodSync(dir, 0o755)
  const mail = join(dir, 'mail')
  mkdirSync(mail)
  if (asRoot) chownSync(mail, mailOwner.uid, mailOwner.gid)
  const users = join(dir, 'users')
  writeFileSync(users, '')
  const log = join(dir, 'dovecot.log')
  const config = join(dir, 'dovecot.conf')
  writeFileSync(
    config,
    `protocols = imap
listen = 127.0.0.1
base_dir = ${join(dir, 'run')}
state_dir = ${join(dir, 'state')}
instance_name = openroles-test-${port}
default_internal_user = ${internalUser}
default_internal_group = ${asRoot ? 'dovecot' : groupName(me.gid)}
default_login_user = ${loginUser}
first_valid_uid = ${Math.min(mailOwner.uid, 1)}
log_path = ${log}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${users}
}
userdb {
  driver = static
  args = uid=${mailOwner.uid} gid=${mailOwner.gid} home=${mail}/%u
}
mail_location = maildir:~/Maildir
service imap-login {
  chroot =
  inet_listener imap {
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`,
  )
  const child = spawn(DOVECOT, ['-F', '-c', config], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const serverLog = () => (existsSync(log) ? readFileSync(log, 'utf8') : '') + stderr
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`dovecot exited (${child.exitCode}) before serving:\n${serverLog()}`)
    // Bounded so a Dovecot that never listens fails the test instead of hanging it.
    if (attempt > 200) {
      child.kill('SIGKILL')
      throw new Error(`dovecot did not listen on port ${port}:\n${serverLog()}`)
    }
    if (await answers(port, { greets: true })) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    port,
    async setUser(user, password) {
      const others = readFileSync(users, 'utf8')
        .split('\n')
        .filter((line) => line && !line.startsWith(`${user}:`))
      writeFileSync(users, [...others, `${user}:{PLAIN}${password}`, ''].join('\n'))
      // Dovecot looks at the file's mtime at most once a second: wait until the new entry is in use
      // (bounded, so a Dovecot that never takes it fails the test instead of hanging it).
      for (let attempt = 0; ; attempt++) {
        const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, doSTARTTLS: false, auth: { user, pass: password }, logger: false, disableAutoIdle: true })
        client.on('error', () => {})
        const ok = await client.connect().then(
          () => client.logout().then(() => true),
          () => false,
        )
        if (ok) return
        if (attempt > 50) throw new Error(`dovecot did not take the new password of ${user}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
    async client(user, password) {
      const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, doSTARTTLS: false, auth: { user, pass: password }, logger: false, disableAutoIdle: true })
      await client.connect()
      return client
    },
    async stop() {
      child.kill('SIGTERM')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
