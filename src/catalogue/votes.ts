import type { DB } from '../db/connection.ts'

/**
 * Votes on postings and companies: one per user and target (+1 up, -1 down); voting again
 * replaces the vote, and the target's upvote_count / downvote_count are recomputed from the votes
 * in the same transaction, so they can never drift from them.
 */
export type VoteTarget = 'job' | 'company'
export type VoteValue = 1 | -1

const TABLES = {
  job: { votes: 'job_votes', key: 'job_id', target: 'jobs' },
  company: { votes: 'company_votes', key: 'company_id', target: 'companies' },
} as const

export interface VoteTally {
  upvote_count: number
  downvote_count: number
  my_vote: -1 | 0 | 1
}

function recount(db: DB, kind: VoteTarget, id: number): void {
  const { votes, key, target } = TABLES[kind]
  db.prepare(
    `UPDATE ${target} SET upvote_count = (SELECT count(*) FROM ${votes} WHERE ${key} = @id AND value = 1),
       downvote_count = (SELECT count(*) FROM ${votes} WHERE ${key} = @id AND value = -1) WHERE id = @id`,
  ).run({ id })
}

function tally(db: DB, kind: VoteTarget, id: number, userId: number): VoteTally {
  const { votes, key, target } = TABLES[kind]
  const counts = db.prepare(`SELECT upvote_count, downvote_count FROM ${target} WHERE id = ?`).get(id) as { upvote_count: number; downvote_count: number }
  const mine = db.prepare(`SELECT value FROM ${votes} WHERE ${key} = ? AND user_id = ?`).pluck().get(id, userId) as VoteValue | undefined
  return { ...counts, my_vote: mine ?? 0 }
}

export function castVote(db: DB, kind: VoteTarget, id: number, userId: number, value: VoteValue, now: string): VoteTally {
  const { votes, key } = TABLES[kind]
  return db.transaction(() => {
    db.prepare(
      `INSERT INTO ${votes} (${key}, user_id, value, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (${key}, user_id) DO UPDATE SET value = excluded.value, created_at = excluded.created_at`,
    ).run(id, userId, value, now)
    recount(db, kind, id)
    return tally(db, kind, id, userId)
  })()
}

/** Idempotent: removing a vote that is not there answers the same tally. */
export function removeVote(db: DB, kind: VoteTarget, id: number, userId: number): VoteTally {
  const { votes, key } = TABLES[kind]
  return db.transaction(() => {
    db.prepare(`DELETE FROM ${votes} WHERE ${key} = ? AND user_id = ?`).run(id, userId)
    recount(db, kind, id)
    return tally(db, kind, id, userId)
  })()
}

/** Deletes every vote of a user and recounts what they voted on (account deletion; call inside its transaction). */
export function forgetVotesOf(db: DB, userId: number): void {
  for (const kind of ['job', 'company'] as const) {
    const { votes, key } = TABLES[kind]
    const ids = db.prepare(`SELECT ${key} FROM ${votes} WHERE user_id = ?`).pluck().all(userId) as number[]
    db.prepare(`DELETE FROM ${votes} WHERE user_id = ?`).run(userId)
    for (const id of ids) recount(db, kind, id)
  }
}
