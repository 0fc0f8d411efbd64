import nodemailer from 'nodemailer'
import { openDatabase } from '../../../src/db/connection.ts'
import { upsertJob } from '../../../src/catalogue/job-store.ts'
import { insertUser } from '../../../src/account/users.ts'
import { recordAction } from '../../../src/tracker/tracking.ts'
import { ingestRawMessage } from '../../../src/inbox/ingest.ts'
import { LABELS, type Label } from '../../../src/inbox/labels.ts'
import { POSTINGS } from './companies.ts'
import { buildCorpus, CANDIDATE, type CorpusItem } from './index.ts'

/**
 * Runs the corpus through the real ingest path — raw messages composed by nodemailer, parsed,
 * labelled and linked against a catalogue holding the corpus's postings and a candidate who
 * applied to each — and scores the outcome against the labels.
 */
export interface Outcome {
  item: CorpusItem
  label: Label | null
  linked: string | null
  suggested: string | null
}

export interface LabelScore {
  label: Label
  precision: number
  recall: number
  predicted: number
  labelled: number
}

export interface Scores {
  total: number
  labels: LabelScore[]
  macroPrecision: number
  macroRecall: number
  accuracy: number
  linking: { autoLinks: number; autoCorrect: number; suggestions: number; suggestionsCorrect: number; missed: number; falseLinks: number; accuracy: number; autoPrecision: number }
}

export async function runCorpus(set: 'main' | 'held-out' = 'main'): Promise<Outcome[]> {
  const db = openDatabase(':memory:')
  const now = '2026-11-01T12:00:00.000Z'
  const user = insertUser(db, { email: CANDIDATE.address, passwordHash: null, now })!
  const jobIds = new Map<string, number>()
  db.transaction(() => {
    POSTINGS.forEach((p, i) => {
      const { id } = upsertJob(db, {
        source: 'corpus', externalId: p.slug, publicSlug: p.slug, title: p.title, descriptionHtml: `<p>${p.title}</p>`, descriptionText: p.title, postedAt: '2026-10-20T00:00:00.000Z',
        company: { slug: p.companySlug, name: p.company, ...(p.domain && { homepage: `https://www.${p.domain}/` }) },
      }, now)
      jobIds.set(p.slug, id)
      recordAction(db, user.id, id, 'apply', now, `2026-11-0${1 + (i % 3)}T10:00:00.000Z`)
    })
  })()
  const slugOf = new Map([...jobIds].map(([slug, id]) => [id, slug]))
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'crlf' })
  const outcomes: Outcome[] = []
  for (const item of buildCorpus(set)) {
    const raw = (await composer.sendMail(item.mail)).message as Buffer
    const { id } = await ingestRawMessage(db, user.id, raw, 'hosted', { now })
    const row = db.prepare('SELECT status_signal, job_id, suggested_job_id FROM emails WHERE id = ?').get(id) as { status_signal: Label | null; job_id: number | null; suggested_job_id: number | null }
    outcomes.push({ item, label: row.status_signal, linked: row.job_id === null ? null : slugOf.get(row.job_id)!, suggested: row.job_id === null && row.suggested_job_id !== null ? slugOf.get(row.suggested_job_id)! : null })
  }
  db.close()
  return outcomes
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b)

export function score(outcomes: Outcome[]): Scores {
  const labels = LABELS.map((label) => {
    const predicted = outcomes.filter((o) => o.label === label)
    const labelled = outcomes.filter((o) => o.item.label === label)
    const right = predicted.filter((o) => o.item.label === label).length
    return { label, precision: ratio(right, predicted.length), recall: ratio(right, labelled.length), predicted: predicted.length, labelled: labelled.length }
  })
  const withPosting = outcomes.filter((o) => o.item.posting !== null)
  const auto = outcomes.filter((o) => o.linked !== null)
  const autoCorrect = auto.filter((o) => o.linked === o.item.posting).length
  const suggestions = outcomes.filter((o) => o.suggested !== null)
  const suggestionsCorrect = suggestions.filter((o) => o.suggested === o.item.posting).length
  const right = outcomes.filter((o) => (o.item.posting === null ? o.linked === null && o.suggested === null : o.linked === o.item.posting || o.suggested === o.item.posting)).length
  return {
    total: outcomes.length,
    labels,
    macroPrecision: labels.reduce((s, l) => s + l.precision, 0) / labels.length,
    macroRecall: labels.reduce((s, l) => s + l.recall, 0) / labels.length,
    accuracy: ratio(outcomes.filter((o) => o.label === o.item.label).length, outcomes.length),
    linking: {
      autoLinks: auto.length,
      autoCorrect,
      suggestions: suggestions.length,
      suggestionsCorrect,
      missed: withPosting.filter((o) => o.linked === null && o.suggested === null).length,
      falseLinks: outcomes.filter((o) => o.item.posting === null && o.linked !== null).length,
      accuracy: ratio(right, outcomes.length),
      autoPrecision: ratio(autoCorrect, auto.length),
    },
  }
}
