import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A real redis-server (Debian's package; .ci/run installs it) on a free port with a throwaway
 * config: no persistence, loopback only, its own directory. Missing: fails at once, saying so.
 */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' })
  if (found.error || found.status !== 0) throw new Error('redis-server is not installed (Debian package redis-server; .ci/run installs it)')
  const port = await new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
  const dir = mkdtempSync(join(tmpdir(), 'openroles-redis-'))
  const config = join(dir, 'redis.conf')
  writeFileSync(config, `port ${port}\nbind 127.0.0.1\nsave ""\nappendonly no\ndir ${dir}\nlogfile ""\ndaemonize no\n`)
  const child = spawn('redis-server', [config], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}) before serving`)
    const up = await new Promise<boolean>((resolve) => {
      const socket = createConnection(port, '127.0.0.1')
      socket.once('connect', () => socket.end(() => resolve(true)))
      socket.once('error', () => resolve(false))
    })
    if (up) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGKILL')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
