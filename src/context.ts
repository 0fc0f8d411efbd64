import type { Config } from './config.ts'
import type { DB } from './db/connection.ts'
import type { Logger } from './log.ts'

/**
 * What every route module and service is built from: one per process (or per test).
 * Services add their field here; src/app.ts creates them in createContext.
 */
export interface AppContext {
  config: Config
  db: DB
  log: Logger
  startedAt: string
  version: string
  /** Stops background work (schedulers, workers) before the database closes. */
  close?: () => Promise<void> | void
}
