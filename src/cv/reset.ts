import type { DB } from '../db/connection.ts'
import type { Caps, CvDocument } from './document.ts'
import { baseCv, rootOf, saveCv, type CvRow } from './store.ts'
import { seedDocument } from './cvs.ts'
import { orderForJob } from './tailor.ts'
import { getProfile } from '../profile/profile.ts'
import { conflict } from '../errors.ts'
import { jobSkills } from '../catalogue/job-lookup.ts'

/**
 * Rebuilding CVs from the seed (the account and profile: no résumé is kept yet). The content is
 * replaced; template, margins and typography stay; each rebuild is one revision (origin import).
 */
const CONTENT_UNITS = ['header', 'summary', 'experience', 'education', 'skills', 'languages', 'projects', 'certifications']

function rebuild(db: DB, row: CvRow, seed: CvDocument, caps: Caps, now: string): CvRow {
  const current = rootOf(row)
  const next = { title: current.title, template_id: current.template_id, margins: current.margins, style: current.style, ...seed }
  return saveCv(db, row, next, CONTENT_UNITS, { actor: 'system', origin: 'import', title: 'Rebuilt from your profile', paths: CONTENT_UNITS }, caps, now).row
}

function seedOf(db: DB, userId: number, message: string): CvDocument {
  if (!getProfile(db, userId)) throw conflict(message)
  return seedDocument(db, userId)
}

export function resetBase(db: DB, userId: number, caps: Caps, now: string): CvRow {
  return db.transaction(() => {
    const base = baseCv(db, userId)
    const seed = seedOf(db, userId, 'add a résumé before resetting from it')
    if (!base) throw conflict('no base CV')
    return rebuild(db, base, seed, caps, now)
  })()
}

export function resetTailored(db: DB, userId: number, row: CvRow, caps: Caps, now: string): CvRow {
  return db.transaction(() => {
    if (row.kind !== 'tailored') throw conflict('not a tailored CV')
    const seed = seedOf(db, userId, 'add a résumé before resetting from it')
    const base = baseCv(db, userId)
    if (base) rebuild(db, base, seed, caps, now)
    return rebuild(db, row, orderForJob(seed, row.job_id === null ? [] : jobSkills(db, row.job_id)), caps, now)
  })()
}
