import type { DB } from '../db/connection.ts'
import { conflict } from '../errors.ts'
import { atomRows, checkAtomInput, claimKey, employmentRows, fail, findAtom, insertAtom, type Atom, type AtomInput, type Employment } from './bank.ts'

/**
 * Writing atoms by hand (provenance `manual`), merging two, and the bank as served: employments
 * with their atoms, atoms under none as `unplaced`, each with the hints the editor shows.
 */
export interface AtomView extends Atom {
  needs_context: boolean
  needs_metrics: boolean
  cluster_id?: string
}

/** Claims sharing at least this share of their words are soft duplicates. */
const SIMILAR = 0.6

export function createAtom(db: DB, userId: number, input: AtomInput, now: Date): Atom {
  const id = db.transaction(() => insertAtom(db, userId, checkAtomInput(db, userId, input), 'manual', now))()
  return findAtom(db, userId, id)
}

/** PUT: the fields given replace the stored ones, and the claim becomes the caller's own (`manual`). */
export function updateAtom(db: DB, userId: number, id: string, input: Partial<AtomInput>): Atom {
  const existing = findAtom(db, userId, id)
  const merged = { ...existing, ...input } as AtomInput
  const atom = checkAtomInput(db, userId, merged)
  db.transaction(() => {
    const clash = db.prepare('SELECT id FROM experience_atoms WHERE user_id = ? AND claim_key = ? AND id != ?').get(userId, atom.key, existing.id)
    if (clash) throw conflict('this claim is already in the bank')
    db.prepare("UPDATE experience_atoms SET employment_id = ?, claim = ?, claim_key = ?, context = ?, metrics = ?, skills = ?, source_ref = ?, provenance = 'manual' WHERE id = ? AND user_id = ?").run(
      atom.employmentId, atom.claim, atom.key, atom.context, JSON.stringify(atom.metrics), JSON.stringify(atom.skills), atom.sourceRef, existing.id, userId,
    )
  })()
  return findAtom(db, userId, existing.id)
}

export function deleteAtom(db: DB, userId: number, id: string): void {
  const existing = findAtom(db, userId, id)
  db.prepare('DELETE FROM experience_atoms WHERE id = ? AND user_id = ?').run(existing.id, userId)
}

/** Keeps `keep`'s claim and provenance, the longer context, the union of metrics and skills; deletes `lose`. */
export function mergeAtoms(db: DB, userId: number, ids: string[]): Atom {
  if (ids.length !== 2 || ids[0]!.toLowerCase() === ids[1]!.toLowerCase()) throw fail('merge needs exactly two different ids')
  return db.transaction(() => {
    const keep = findAtom(db, userId, ids[0]!)
    const lose = findAtom(db, userId, ids[1]!)
    if ((keep.employment_id ?? null) !== (lose.employment_id ?? null)) throw fail('cannot merge claims under different employments')
    const context = (lose.context?.length ?? 0) > (keep.context?.length ?? 0) ? lose.context : keep.context
    const metrics = [...new Set([...keep.metrics, ...lose.metrics])].slice(0, 10)
    const skills = [...new Set([...keep.skills, ...lose.skills])].slice(0, 40)
    db.prepare('DELETE FROM experience_atoms WHERE id = ? AND user_id = ?').run(lose.id, userId)
    const changed = db.prepare('UPDATE experience_atoms SET context = ?, metrics = ?, skills = ? WHERE id = ? AND user_id = ?').run(context ?? null, JSON.stringify(metrics), JSON.stringify(skills), keep.id, userId)
    if (changed.changes !== 1) throw conflict('the claims changed while merging; try again')
    return findAtom(db, userId, keep.id)
  })()
}

function words(claim: string): Set<string> {
  return new Set(claimKey(claim).split(' ').filter((word) => word.length > 2))
}

/** Soft duplicates grouped: each group named by its first (oldest) atom's id; single atoms get none. */
function clusters(atoms: Atom[]): Map<string, string> {
  const sets = atoms.map((atom) => words(atom.claim))
  const parent = atoms.map((_, i) => i)
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)))
  for (let i = 0; i < atoms.length; i++) {
    for (let j = i + 1; j < atoms.length; j++) {
      const a = sets[i]!
      const b = sets[j]!
      if (!a.size || !b.size) continue
      const shared = [...a].filter((word) => b.has(word)).length
      if (shared / Math.max(a.size, b.size) >= SIMILAR) parent[root(j)] = root(i)
    }
  }
  const size = new Map<number, number>()
  atoms.forEach((_, i) => size.set(root(i), (size.get(root(i)) ?? 0) + 1))
  const out = new Map<string, string>()
  atoms.forEach((atom, i) => {
    if (size.get(root(i))! > 1) out.set(atom.id, atoms[Math.min(...atoms.map((_, k) => k).filter((k) => root(k) === root(i)))]!.id)
  })
  return out
}

export function bankView(db: DB, userId: number): { employments: (Employment & { atoms: AtomView[] })[]; unplaced: AtomView[] } {
  const atoms = atomRows(db, userId)
  const cluster = clusters(atoms)
  const view = (atom: Atom): AtomView => {
    const out: AtomView = { ...atom, needs_context: !atom.context, needs_metrics: atom.metrics.length === 0 && !/\d/.test(atom.claim) }
    const id = cluster.get(atom.id)
    if (id) out.cluster_id = id
    return out
  }
  const employments = employmentRows(db, userId).map((employment) => ({ ...employment, atoms: atoms.filter((atom) => atom.employment_id === employment.id).map(view) }))
  return { employments, unplaced: atoms.filter((atom) => !atom.employment_id).map(view) }
}
