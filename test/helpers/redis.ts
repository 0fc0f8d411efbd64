import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { answers, freePort } from './net.ts'

/**
 * A real redis-server (Debian's package; .ci/run installs it) on a free port with a throwaway
 * config: no persistence, loopback only, its own directory. Missing: fails at once, saying so.
 */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' })
  if (found.error || found.status !== 0) throw new Error('redis-server is not installed (Debian package redis-server; .ci/run installs it)')
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'openroles-redis-'))
  const config = join(dir, 'redis.conf')
  writeFileSync(config, `port ${port}\nbind 127.0.0.1\nsave ""\nappendonly no\ndir ${dir}\nlogfile ""\ndaemonize no\n`)
  const child = spawn('redis-server', [config], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}) before serving`)
    if (await answers(port)) break
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
