import * as v from 'valibot'
import type { DB } from '../db/connection.ts'

/**
 * Application forms captured for postings (the fields an employer's ATS asks for), served by
 * GET /jobs/{slug}/apply-form. A source connector or a capture job stores them with
 * `storeApplyForm`; a posting without a stored form has none to show.
 */
export const ANSWER_KINDS = ['written answer', 'choose one', 'choose any', 'yes / no', 'upload'] as const

export const ApplyFormSchema = v.object({
  provider: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  basics: v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
  questions: v.array(
    v.object({
      text: v.pipe(v.string(), v.minLength(1), v.maxLength(2000)),
      required: v.boolean(),
      /** Omitted for a one-line text answer. */
      answer: v.optional(v.picklist(ANSWER_KINDS)),
    }),
  ),
})
export type ApplyForm = v.InferOutput<typeof ApplyFormSchema>

/** Stores (or replaces) a posting's form; throws when the form is malformed. */
export function storeApplyForm(db: DB, jobId: number, form: ApplyForm, capturedAt: string): void {
  const valid = v.parse(ApplyFormSchema, form)
  db.prepare(
    `INSERT INTO apply_forms (job_id, provider, basics, questions, captured_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (job_id) DO UPDATE SET provider = excluded.provider, basics = excluded.basics, questions = excluded.questions, captured_at = excluded.captured_at`,
  ).run(jobId, valid.provider, JSON.stringify(valid.basics), JSON.stringify(valid.questions), capturedAt)
}

export function applyFormOf(db: DB, jobId: number): ApplyForm | undefined {
  const row = db.prepare('SELECT provider, basics, questions FROM apply_forms WHERE job_id = ?').get(jobId) as { provider: string; basics: string; questions: string } | undefined
  return row && { provider: row.provider, basics: JSON.parse(row.basics), questions: JSON.parse(row.questions) }
}
