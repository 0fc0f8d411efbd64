import type { Migration } from './index.ts'
import { randomInt } from 'node:crypto'
import { createFromSchema, rebuildTable } from '../schema-objects.ts'

// The step's own words for the personas it mints (`<adjective>-<noun>-<NN>`, as src/community/persona.ts
// mints them), frozen here so the step never changes with that module.
const ADJECTIVES = 'amber bold brave bright calm clever eager gentle golden happy humble jolly keen kind lucky merry noble quick quiet steady sunny swift warm wise'.split(' ')
const NOUNS = 'badger bear cedar comet crane eagle falcon fern finch fox hawk heron lark lynx maple otter owl pine raven robin swan tiger willow wren'.split(' ')

/**
 * Community (issue 18): reviews become one per user, company and feedback_type and outlive their
 * author's account (user_id nullable, ON DELETE SET NULL), which SQLite can only do by rebuilding
 * the table; plus review reports, personas, the caps ledger, submissions and threads.
 * Tables take their shape from schema.sql; authors of existing reviews get a persona.
 */
export const community: Migration = {
  version: 5,
  name: 'community',
  rebuildsTables: true,
  up(db) {
    rebuildTable(db, 'company_feedback', (next) =>
      db.exec(`INSERT INTO ${next} (id, company_id, user_id, rating, body, created_at, updated_at, hidden_at, feedback_type)
        SELECT id, company_id, user_id, rating, body, created_at, updated_at, hidden_at, 'other' FROM company_feedback`))
    createFromSchema(db, ['company_feedback_reports', 'personas', 'community_actions', 'submissions', 'threads', 'thread_replies'])
    // Authors of reviews written before personas existed get theirs now, so their reviews are signed.
    const now = new Date().toISOString()
    const insert = db.prepare('INSERT INTO personas (user_id, handle, created_at) VALUES (?, ?, ?) ON CONFLICT (handle) DO NOTHING')
    for (const userId of db.prepare('SELECT DISTINCT user_id FROM company_feedback WHERE user_id IS NOT NULL').pluck().all() as number[]) {
      const handle = () => `${ADJECTIVES[randomInt(ADJECTIVES.length)]}-${NOUNS[randomInt(NOUNS.length)]}-${randomInt(10, 100)}`
      // A clash (one in 51,840) draws again.
      for (let attempt = 0; insert.run(userId, handle(), now).changes === 0; attempt++) if (attempt === 50) throw new Error('could not mint a unique persona handle')
    }
  },
}
