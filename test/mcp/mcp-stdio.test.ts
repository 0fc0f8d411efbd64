import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { catalogueFile, tempDir } from '../helpers/temp.ts'
import { fixtureJob } from '../helpers/app.ts'
import { projectRoot } from '../../src/paths.ts'

/** Issue 44, point 4: `openroles mcp` started by a client from a folder of its own. */
const cli = join(import.meta.dirname, '../../src/cli.ts')

/** Starts `openroles mcp` in `cwd` and returns what it wrote to stderr once it said where it serves from (or ended). */
function startMcp(cwd: string, args: string[], env: Record<string, string | undefined>): Promise<{ stderr: string; code: number | null }> {
  // tsx by its own path: the working directory is not the installation.
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), cli, 'mcp', ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  return new Promise((resolve) => {
    child.stderr.on('data', (chunk) => {
      stderr += chunk
      if (stderr.includes('\n')) child.kill()
    })
    child.once('exit', (code) => resolve({ stderr, code }))
  })
}

test('openroles mcp says on stderr which file it serves and how many open jobs it holds', { timeout: 60_000 }, async (t) => {
  const { path, db } = catalogueFile(t, 'mcp-stdio', [fixtureJob(), fixtureJob({ title: 'Data Engineer' })])
  db.close()
  const { stderr } = await startMcp(tempDir(t, 'mcp-client'), ['--db', path], {})
  assert.equal(stderr, `openroles mcp: serving ${path} (2 open jobs)\n`)
})

test('without --db, openroles mcp reads the installation’s file, never a new empty one in the client’s folder', { timeout: 60_000 }, async (t) => {
  const cwd = tempDir(t, 'mcp-client')
  const installed = join(projectRoot, 'data', 'openroles.db')
  const { stderr } = await startMcp(cwd, [], { OPENROLES_DB: undefined })
  // Either it serves the installation's catalogue, or (none created yet) it says so and how to make one.
  assert.ok(stderr.startsWith(`openroles mcp: serving ${installed} (`) || stderr.startsWith(`openroles mcp: no database at ${installed}. Start the server once`), stderr)
  assert.equal(existsSync(join(cwd, 'data')), false, 'nothing created in the working directory')
})
