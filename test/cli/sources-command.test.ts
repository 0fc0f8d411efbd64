import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sourcesCommand } from '../../src/cli/sources-command.ts'
import { runCommand } from '../../src/cli/command.ts'
import { startStandIn } from '../sources/stand-in-boards.ts'
import { greenhouseBoard, greenhouseJob } from '../sources/board-shapes.ts'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { inProcessCaller } from '../helpers/app.ts'

/** `openroles sources add | list | crawl | remove` against a database file and a stand-in board. */
test('openroles sources: add a board, crawl it with a report line, list it, remove it', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-sources-cli-'))
  const board = await startStandIn()
  t.after(async () => {
    await board.close()
    rmSync(dir, { recursive: true, force: true })
  })
  board.serve('/v1/boards/acme/jobs', { body: greenhouseBoard([greenhouseJob(41, 'Compiler Engineer'), greenhouseJob(42, 'Linker Engineer'), { id: 43 }]) })
  const db = join(dir, 'catalogue.db')
  const saved = { ...process.env }
  Object.assign(process.env, { SOURCES_ALLOW_PRIVATE_HOSTS: 'true', SOURCES_HOST_DELAY_MS: '0', LOG_LEVEL: 'silent' })
  const run = (args: string[]) => runCommand(sourcesCommand, args)
  const printed: string[] = []
  t.mock.method(console, 'log', (line: string) => printed.push(line))
  try {
    await run(['add', 'greenhouse:acme', '--company', 'Acme Compilers', '--url', `${board.origin}/v1/boards/acme/jobs`, '--db', db])
    assert.match(printed.at(-1)!, /^added greenhouse:acme \(id 1, company "Acme Compilers"/)
    await run(['crawl', 'greenhouse:acme', '--db', db])
    assert.equal(printed.at(-2), 'greenhouse:acme: ok — listed 2, new 2, updated 0, unchanged 0, closed 0, reopened 0, errors 1')
    assert.equal(printed.at(-1), '  skipped job 3: entry has no title')
    await run(['list', '--db', db])
    assert.match(printed.at(-1)!, /^ {3}1 {2}greenhouse:acme {2}\[ok\] {2}Acme Compilers {2}2 open {2}last crawl \S+ ok$/)
    await assert.rejects(run(['add', 'greenhouse:acme', '--db', db]), /source greenhouse:acme already exists/)
    await assert.rejects(run(['frobnicate', '--db', db]), /unknown action 'frobnicate'/)

    // What the CLI wrote is what the server serves.
    const served = openDatabase(db)
    const ctx = createContext(defaultConfig(), served)
    const found = await inProcessCaller(createApp(ctx))('/api/v1/jobs/search?q=compiler')
    assert.equal(found.body.data[0].company, 'Acme Compilers')
    await ctx.close?.()
    served.close()

    await run(['remove', 'greenhouse:acme', '--db', db])
    assert.equal(printed.at(-1), 'removed greenhouse:acme; 2 open postings closed')
  } finally {
    process.env = saved
  }
})
