import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { openDatabase } from '../db/connection.ts'
import { latestVersion } from '../db/migrate.ts'
import type { CommandSpec } from './command.ts'

/**
 * `openroles migrate`: upgrade the database file in place now (the server also does it on start).
 * `openroles backup FILE`: an online, consistent copy with VACUUM INTO (safe while the server runs;
 * restore by stopping the server and putting the copy in place of the database file).
 */
export const migrateCommand: CommandSpec = {
  name: 'migrate',
  summary: "Upgrade the database file to this build's schema now (serve also does it on start).",
  run: migrate,
}

export const backupCommand: CommandSpec = {
  name: 'backup',
  summary: 'Write an online, consistent copy of the database to FILE (VACUUM INTO); FILE must not exist.',
  positionals: { usage: 'FILE', min: 1, max: 1 },
  run: ({ positionals: [target] }) => backup(target!),
}

function migrate(): void {
  const config = loadConfig()
  const path = resolve(config.dbPath)
  if (!existsSync(path)) throw new Error(`no database at ${path} (start the server once to create it)`)
  const db = openDatabase(path, { log: createLogger(config.logLevel) })
  const synchronous = ['OFF', 'NORMAL', 'FULL', 'EXTRA'][db.pragma('synchronous', { simple: true }) as number]
  console.log(`${path}: schema version ${db.pragma('user_version', { simple: true })} (this build: ${latestVersion()}), synchronous=${synchronous}`)
  db.close()
}

function backup(target: string): void {
  const out = resolve(target)
  if (existsSync(out)) throw new Error(`${out} exists: choose a new file name`)
  const config = loadConfig()
  const db = openDatabase(resolve(config.dbPath), { log: createLogger(config.logLevel) })
  db.prepare('VACUUM INTO ?').run(out)
  db.close()
  console.log(`backed up ${resolve(config.dbPath)} to ${out}`)
}
