import { getMeta, setMeta, type DB } from '../db/connection.ts'

/**
 * A counter in catalogue_meta moved by every derived-data refresh: in-memory structures built from
 * the catalogue (stats snapshot, suggest vocabulary) rebuild when it moves, in any process.
 */
const KEY = 'derived_generation'

export function derivedGeneration(db: DB): string {
  return getMeta(db, KEY) ?? '0'
}

export function bumpDerivedGeneration(db: DB): void {
  setMeta(db, KEY, String(Number(derivedGeneration(db)) + 1))
}
