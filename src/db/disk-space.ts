import { statfsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

/**
 * A full disk, told apart from every other failure. SQLite answers SQLITE_FULL and rolls the open
 * transaction back on its own, so what ran after it in that "transaction" would commit statement by
 * statement: writers stop at this error instead of going on (src/ingest/import.ts), and the error
 * mapper answers it as a 503 that says so, never a 500.
 */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code
    if (code === 'SQLITE_FULL' || code === 'ENOSPC') return true
  }
  return false
}

/** What a full disk is called in logs and command output: the file, so the operator knows which disk. */
export function diskFullText(dbPath: string): string {
  return `no space left on the device holding ${resolve(dbPath)}`
}

/** Bytes an unprivileged writer may still use on the filesystem holding the file; null for an in-memory database. */
export function freeBytes(dbPath: string): number | null {
  if (dbPath === ':memory:' || dbPath === '') return null
  const stats = statfsSync(dirname(resolve(dbPath)))
  return stats.bavail * stats.bsize
}

/**
 * A bookkeeping write a read should not fail for (a key's last use, a session's sliding expiry):
 * false when the disk is full, so the read is still served; any other error is thrown.
 */
export function writeUnlessDiskFull(write: () => unknown): boolean {
  try {
    write()
    return true
  } catch (error) {
    if (!isDiskFull(error)) throw error
    return false
  }
}
