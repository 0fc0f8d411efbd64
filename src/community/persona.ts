import { randomInt } from 'node:crypto'
import type { DB } from '../db/connection.ts'

/**
 * The site-wide pseudonym people write under (`<adjective>-<noun>-<NN>`, NN 10..99): minted at the
 * first community write, the same on every review, thread and reply, never derived from the email.
 * When the account is deleted its persona row goes with it and its content reads "[deleted]".
 */
const ADJECTIVES = [
  'amber', 'ancient', 'azure', 'bold', 'brave', 'breezy', 'bright', 'brisk', 'calm', 'clever', 'cosmic', 'crimson',
  'curious', 'dapper', 'daring', 'dusky', 'eager', 'early', 'fancy', 'fearless', 'fluffy', 'frosty', 'gentle', 'gilded',
  'glad', 'golden', 'grand', 'happy', 'hidden', 'humble', 'icy', 'jolly', 'keen', 'kind', 'lively', 'lucky', 'lunar',
  'mellow', 'merry', 'mighty', 'misty', 'modest', 'nimble', 'noble', 'olive', 'patient', 'plucky', 'polite', 'proud',
  'quick', 'quiet', 'rapid', 'rosy', 'rustic', 'sandy', 'scarlet', 'serene', 'shiny', 'silent', 'silver', 'sleepy',
  'smooth', 'snowy', 'solar', 'spry', 'steady', 'stormy', 'sunny', 'swift', 'tidy', 'tranquil', 'vivid', 'wandering',
  'warm', 'wise', 'witty', 'young', 'zesty',
]
const NOUNS = [
  'badger', 'bear', 'beaver', 'bison', 'cedar', 'comet', 'condor', 'coral', 'crane', 'creek', 'dolphin', 'dune', 'eagle',
  'ember', 'falcon', 'fern', 'finch', 'fjord', 'fox', 'gecko', 'glacier', 'hare', 'harbor', 'hawk', 'heron', 'ibex',
  'island', 'jaguar', 'kestrel', 'koala', 'lark', 'lemur', 'lynx', 'maple', 'marmot', 'meadow', 'mesa', 'moose', 'nebula',
  'newt', 'oak', 'orca', 'osprey', 'otter', 'owl', 'panda', 'pebble', 'pelican', 'pine', 'puffin', 'quail', 'raven',
  'reef', 'river', 'robin', 'sage', 'salmon', 'seal', 'sparrow', 'spruce', 'stork', 'summit', 'swan', 'thistle', 'tiger',
  'trout', 'tundra', 'valley', 'walrus', 'willow', 'wolf', 'wren', 'yak', 'zebra',
]

export const DELETED_AUTHOR = '[deleted]'

function randomHandle(): string {
  return `${ADJECTIVES[randomInt(ADJECTIVES.length)]}-${NOUNS[randomInt(NOUNS.length)]}-${randomInt(10, 100)}`
}

/** The caller's handle, minted on first use; call inside the write's transaction. */
export function ensurePersona(db: DB, userId: number, now: string): string {
  const known = db.prepare('SELECT handle FROM personas WHERE user_id = ?').pluck().get(userId) as string | undefined
  if (known) return known
  const insert = db.prepare('INSERT INTO personas (user_id, handle, created_at) VALUES (?, ?, ?) ON CONFLICT (handle) DO NOTHING')
  // ~500,000 handles: a clash is rare, and another draw settles it.
  for (let attempt = 0; attempt < 50; attempt++) {
    const handle = randomHandle()
    if (insert.run(userId, handle, now).changes === 1) return handle
  }
  throw new Error('could not mint a unique persona handle')
}

/** SQL expression of the author of a row aliased `alias` with a user_id column (join `personas p`). */
export const AUTHOR_SQL = `coalesce(p.handle, '${DELETED_AUTHOR}')`
export const personaJoin = (alias: string) => `LEFT JOIN personas p ON p.user_id = ${alias}.user_id`
