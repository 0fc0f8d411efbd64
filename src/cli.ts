#!/usr/bin/env node
import { helpText, runCommand, usageLine, UsageError, type CommandSpec } from './cli/command.ts'
import { serveCommand } from './server.ts'
import { seedCommand } from './cli/seed-command.ts'
import { importCommand } from './cli/import-command.ts'
import { exportCommand } from './cli/export-command.ts'
import { migrateCommand, backupCommand } from './cli/db-command.ts'
import { userCommand } from './cli/user-command.ts'
import { mailCommand } from './cli/outbox-command.ts'
import { digestsCommand } from './cli/digest-command.ts'
import { mcpCommand } from './cli/stdio-command.ts'
import { sourcesCommand } from './cli/sources-command.ts'

/**
 * The one entry point, bundled into dist/openroles.mjs: `openroles <command> [options]`, `serve`
 * when no command is named. Every command declares its options in src/cli/command.ts form, so
 * `--help` works everywhere and an unknown flag is an error (exit code 2).
 */
const commands: CommandSpec[] = [serveCommand, seedCommand, importCommand, exportCommand, migrateCommand, backupCommand, userCommand, mailCommand, digestsCommand, mcpCommand, sourcesCommand]

function usage(): string {
  const rows = commands.map((command) => `  ${command.name.padEnd(10)} ${command.summary}`)
  return ['usage: openroles <command> [options]   (default: serve)', '', 'commands:', ...rows, '', "Run 'openroles <command> --help' for a command's options."].join('\n')
}

async function main(argv: string[]): Promise<void> {
  const [first, ...rest] = argv
  if (first === '--help' || first === '-h' || first === 'help') {
    const named = commands.find((command) => command.name === rest[0])
    console.log(named ? helpText(named) : usage())
    return
  }
  const name = first === undefined || first.startsWith('-') ? 'serve' : first
  const args = first === undefined || first.startsWith('-') ? argv : rest
  const command = commands.find((candidate) => candidate.name === name)
  if (!command) {
    console.error(`openroles: unknown command '${name}'\n\n${usage()}`)
    process.exitCode = 2
    return
  }
  try {
    await runCommand(command, args)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(`openroles ${command.name}: ${error.message}\nusage: ${usageLine(command)}\nRun 'openroles ${command.name} --help' for more.`)
    process.exitCode = 2
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
