/**
 * The labelled enrichment corpus: invented postings in the shapes job boards, ATS career pages,
 * internship lists and "who is hiring" forum threads use, each with the facts a careful reader takes
 * from it. Labels are written from how the posting was built, never from what enrichment returns.
 * bench/enrichment.ts scores enrichment against it; test/ingest/corpus.test.ts guards the floor.
 */
import type { WorkMode } from '../../../src/catalogue/job-record.ts'
import type { RawPosting } from '../../../src/ingest/raw-posting.ts'

export interface SalaryLabel {
  min: number | null
  max: number | null
  /** null for a bare amount whose currency the posting leaves open. */
  currency: string | null
  period: 'year' | 'month' | 'day' | 'hour'
}

export interface Labels {
  workMode: WorkMode | null
  /** ISO alpha-2 codes; a region slug (`eu`, `global`…) when the posting names only a region; [] when it names no place. */
  place: string[]
  salary: SalaryLabel | null
  /** Every in-vocabulary skill the posting names as something the job uses. */
  skills: string[]
}

export interface LabelledPosting {
  id: string
  /** Which shape or failure class the posting stands for (board, forum, internship, tricky-…). */
  shape: string
  raw: RawPosting
  labels: Labels
}

export function posting(
  id: string,
  shape: string,
  fields: { title: string; company: string; location: string | null; description: string },
  labels: Labels,
): LabelledPosting {
  const slug = fields.company.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
  return {
    id,
    shape,
    raw: {
      source: 'corpus',
      externalId: id,
      title: fields.title,
      company: { slug, name: fields.company },
      location: fields.location,
      description: fields.description,
      postedAt: '2026-11-01T00:00:00.000Z',
    },
    labels,
  }
}

/** A small seeded PRNG (mulberry32): the corpus is the same on every run. */
export function seeded(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    sample<T>(items: readonly T[], n: number): T[] {
      const pool = [...items]
      const out: T[] = []
      while (out.length < n && pool.length) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!)
      return out
    },
  }
}
