import { randomUUID } from 'node:crypto'
import type { DB } from '../db/connection.ts'
import { badRequest, conflict, notFound } from '../errors.ts'
import { foldText } from '../vocabulary/fold.ts'
import { skillSlug } from '../vocabulary/skill-names.ts'

/**
 * The experience bank: employments (jobs and projects) and atoms, one claim each, with where the
 * claim came from (`provenance`). A claim is stored once per user (its folded words are the key);
 * near-identical claims are kept but marked with a shared `cluster_id` so the caller can merge them.
 */
export const PROVENANCES = ['cv_import', 'stated_in_chat', 'manual', 'agent_inferred'] as const
export type Provenance = (typeof PROVENANCES)[number]
/** Rows one user may hold; far above any real career. */
export const MAX_EMPLOYMENTS = 200
export const MAX_ATOMS = 2000

export interface EmploymentInput {
  kind: string
  company?: string | null
  name?: string | null
  role?: string | null
  location?: string | null
  start?: string | null
  end?: string | null
  current?: boolean
  summary?: string | null
  link?: string | null
  stack?: string[]
}

export interface Employment {
  id: string
  kind: 'job' | 'project'
  company?: string
  name?: string
  role?: string
  location?: string
  start?: string
  end?: string
  current: boolean
  summary?: string
  link?: string
  stack: string[]
}

export interface AtomInput {
  claim: string
  employment_id?: string | null
  context?: string | null
  metrics?: string[]
  skills?: string[]
  source_ref?: string | null
}

export interface Atom {
  id: string
  employment_id?: string
  claim: string
  context?: string
  metrics: string[]
  skills: string[]
  provenance: Provenance
  source_ref?: string
}

interface EmploymentRow { id: string; kind: 'job' | 'project'; company: string | null; role: string | null; location: string | null; start: string | null; end: string | null; current: number; summary: string | null; link: string | null; stack: string }
interface AtomRow { id: string; employment_id: string | null; claim: string; context: string | null; metrics: string; skills: string; provenance: Provenance; source_ref: string | null }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const fail = (message: string) => badRequest(`experience: ${message}`)
const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null)

export function claimKey(claim: string): string {
  return foldText(claim).replace(/[^\p{L}\p{N}]+/gu, ' ').trim()
}

export function toEmployment(row: EmploymentRow): Employment {
  const out: Employment = { id: row.id, kind: row.kind, current: row.current === 1, stack: JSON.parse(row.stack) }
  if (row.company) out[row.kind === 'project' ? 'name' : 'company'] = row.company
  for (const key of ['role', 'location', 'start', 'end', 'summary', 'link'] as const) if (row[key]) out[key] = row[key]!
  return out
}

export function toAtom(row: AtomRow): Atom {
  const out: Atom = { id: row.id, claim: row.claim, metrics: JSON.parse(row.metrics), skills: JSON.parse(row.skills), provenance: row.provenance }
  if (row.employment_id) out.employment_id = row.employment_id
  if (row.context) out.context = row.context
  if (row.source_ref) out.source_ref = row.source_ref
  return out
}

export function employmentRows(db: DB, userId: number): Employment[] {
  return (db.prepare('SELECT * FROM experience_employments WHERE user_id = ? ORDER BY COALESCE(start, created_at) DESC, created_at DESC').all(userId) as EmploymentRow[]).map(toEmployment)
}

export function atomRows(db: DB, userId: number): Atom[] {
  return (db.prepare('SELECT * FROM experience_atoms WHERE user_id = ? ORDER BY created_at, rowid').all(userId) as AtomRow[]).map(toAtom)
}

export function findEmployment(db: DB, userId: number, id: string): Employment {
  const row = UUID.test(id) ? (db.prepare('SELECT * FROM experience_employments WHERE id = ? AND user_id = ?').get(id.toLowerCase(), userId) as EmploymentRow | undefined) : undefined
  if (!row) throw notFound()
  return toEmployment(row)
}

export function findAtom(db: DB, userId: number, id: string): Atom {
  const row = UUID.test(id) ? (db.prepare('SELECT * FROM experience_atoms WHERE id = ? AND user_id = ?').get(id.toLowerCase(), userId) as AtomRow | undefined) : undefined
  if (!row) throw notFound()
  return toAtom(row)
}

function employmentValues(input: EmploymentInput) {
  if (input.kind !== 'job' && input.kind !== 'project') throw fail('kind must be job or project')
  const company = blank(input.kind === 'project' ? (input.name ?? input.company) : input.company)
  const role = blank(input.role)
  if (!company && !role) throw fail('needs a company or a role')
  const stack = [...new Set((input.stack ?? []).map(skillSlug).filter(Boolean))]
  return [input.kind as 'job' | 'project', company, role, blank(input.location), blank(input.start), blank(input.end), input.current ? 1 : 0, blank(input.summary), blank(input.link), JSON.stringify(stack)] as const
}

export function createEmployment(db: DB, userId: number, input: EmploymentInput, now: Date): Employment {
  const values = employmentValues(input)
  const id = randomUUID()
  db.transaction(() => {
    const { n } = db.prepare('SELECT count(*) AS n FROM experience_employments WHERE user_id = ?').get(userId) as { n: number }
    if (n >= MAX_EMPLOYMENTS) throw fail(`at most ${MAX_EMPLOYMENTS} employments`)
    db.prepare('INSERT INTO experience_employments (id, user_id, kind, company, role, location, start, end, current, summary, link, stack, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(id, userId, ...values, now.toISOString())
  })()
  return findEmployment(db, userId, id)
}

/** PUT replaces the employment's fields with the ones given (kind kept when left out). */
export function updateEmployment(db: DB, userId: number, id: string, input: Partial<EmploymentInput>): Employment {
  const existing = findEmployment(db, userId, id)
  const values = employmentValues({ ...existing, ...input, kind: input.kind ?? existing.kind })
  db.prepare('UPDATE experience_employments SET kind = ?, company = ?, role = ?, location = ?, start = ?, end = ?, current = ?, summary = ?, link = ?, stack = ? WHERE id = ? AND user_id = ?').run(...values, existing.id, userId)
  return findEmployment(db, userId, existing.id)
}

export function deleteEmployment(db: DB, userId: number, id: string): void {
  const existing = findEmployment(db, userId, id)
  db.prepare('DELETE FROM experience_employments WHERE id = ? AND user_id = ?').run(existing.id, userId)
}

export function checkAtomInput(db: DB, userId: number, input: AtomInput) {
  const claim = input.claim?.trim() ?? ''
  if (!claim) throw fail('claim must not be empty')
  const employmentId = blank(input.employment_id)
  if (employmentId) findEmploymentOr400(db, userId, employmentId)
  const metrics = [...new Set((input.metrics ?? []).map((metric) => metric.trim()).filter(Boolean))]
  const skills = [...new Set((input.skills ?? []).map(skillSlug).filter(Boolean))]
  return { claim, key: claimKey(claim), employmentId: employmentId?.toLowerCase() ?? null, context: blank(input.context), metrics, skills, sourceRef: blank(input.source_ref) }
}

function findEmploymentOr400(db: DB, userId: number, id: string): void {
  try {
    findEmployment(db, userId, id)
  } catch {
    throw fail('employment_id is not one of your employments')
  }
}

/** Inserts a checked atom; a claim already in the bank is 409. */
export function insertAtom(db: DB, userId: number, atom: ReturnType<typeof checkAtomInput>, provenance: Provenance, now: Date): string {
  const { n } = db.prepare('SELECT count(*) AS n FROM experience_atoms WHERE user_id = ?').get(userId) as { n: number }
  if (n >= MAX_ATOMS) throw fail(`at most ${MAX_ATOMS} claims`)
  if (db.prepare('SELECT 1 FROM experience_atoms WHERE user_id = ? AND claim_key = ?').get(userId, atom.key)) throw conflict('this claim is already in the bank')
  const id = randomUUID()
  db.prepare('INSERT INTO experience_atoms (id, user_id, employment_id, claim, claim_key, context, metrics, skills, provenance, source_ref, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
    id, userId, atom.employmentId, atom.claim, atom.key, atom.context, JSON.stringify(atom.metrics), JSON.stringify(atom.skills), provenance, atom.sourceRef, now.toISOString(),
  )
  return id
}
