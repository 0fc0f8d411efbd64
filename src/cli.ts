#!/usr/bin/env node
import { loadConfig } from './config.ts'
import { startServer } from './server.ts'
import { seedCommand } from './ingest/seed-command.ts'
import { importCommand } from './ingest/import-command.ts'
import { userCommand } from './account/user-command.ts'
import { mailCommand } from './mail/outbox-command.ts'
import { digestsCommand } from './me/digest-command.ts'
import { backupCommand, migrateCommand } from './db/db-command.ts'
import { sourcesCommand } from './sources/sources-command.ts'

/**
 * The one entry point: `openroles serve` (default), `seed`, `import FILE`, and the admin commands
 * added by later modules. Bundled into dist/openroles.mjs.
 */
const commands: Record<string, { help: string; run: (args: string[]) => Promise<void> | void }> = {
  serve: { help: 'serve the API (seeds the database on first start)', run: () => startServer(loadConfig()) },
  seed: { help: 'seed [--jobs N] [--seed S] [--db PATH] [--replace yes]: write the generated catalogue', run: (args) => seedCommand(args) },
  import: { help: 'import FILE...: load JSON Lines or schema.org JobPosting JSON-LD', run: (args) => importCommand(args) },
  user: { help: 'user grant-moderator EMAIL: give an account the moderator role', run: (args) => userCommand(args) },
  mail: { help: 'mail outbox [--to EMAIL] [--limit N]: print recorded outgoing mail (codes, when there is no SMTP)', run: (args) => mailCommand(args) },
  migrate: { help: 'migrate: upgrade the database file to this build\'s schema now (serve also does it on start)', run: () => migrateCommand() },
  backup: { help: 'backup FILE: an online, consistent copy of the database (VACUUM INTO)', run: (args) => backupCommand(args) },
  sources: { help: 'sources add KIND:TOKEN [--company NAME] [--url URL] | list | remove NAME | crawl [NAME]: the job boards the catalogue is fed from', run: (args) => sourcesCommand(args) },
  digests: { help: 'digests run: evaluate every active saved-search subscription once and write the digest notifications', run: (args) => digestsCommand(args) },
}

function usage(): void {
  console.log('usage: openroles <command> [args]\n')
  for (const [name, command] of Object.entries(commands)) console.log(`  ${name.padEnd(10)} ${command.help}`)
}

async function main(argv: string[]): Promise<void> {
  const [name = 'serve', ...args] = argv
  if (name === '--help' || name === 'help') return usage()
  const command = commands[name]
  if (!command) {
    usage()
    process.exitCode = 2
    return
  }
  await command.run(args)
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
