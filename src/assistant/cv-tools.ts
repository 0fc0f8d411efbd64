import type { Tool, ToolDeps } from './tools.ts'
import { ToolError } from './tool-error.ts'
import { cvOf, cvMeta, cvRecord, tailoredCvs, baseCv } from '../cv/store.ts'
import { patchCv } from '../cv/cvs.ts'
import * as v from 'valibot'
import { OpSchema, OpsSchema, type Op } from '../cv/ops.ts'

/**
 * The assistant's CV tools: list, read and patch the caller's CVs. Patches go through the same code
 * as PATCH /me/cvs/{id} with actor `agent` — the header's identity fields, the title and the template
 * are refused, and the batch is all or nothing — and carry the turn's batch id, so one batch undo
 * takes back everything one assistant turn changed.
 */

function cvFor(deps: ToolDeps, userId: number, id: unknown) {
  if (typeof id !== 'string' || !id.trim()) throw new ToolError('cv_id is required (a CV id, or "base")')
  const row = cvOf(deps.db, userId, id.trim())
  if (!row) throw new ToolError(`no CV ${id}`)
  return row
}

/** The ops as PATCH /me/cvs/{id} validates them (src/cv/ops.ts), refused with the op's number. */
function opsOf(value: unknown): Op[] {
  const result = v.safeParse(OpsSchema, value)
  if (result.success) return result.output
  const issue = result.issues[0]
  const index = issue.path?.[0]?.key
  throw new ToolError(typeof index === 'number' ? `op ${index + 1}: ${issue.message}` : issue.message)
}

export const CV_TOOLS: Tool[] = [
  {
    name: 'list_cvs',
    description: 'The caller’s CVs: the base CV and each CV tailored to a job (id, title, job).',
    parameters: { type: 'object', properties: {} },
    run(deps, userId) {
      const base = baseCv(deps.db, userId)
      return { cvs: [...(base ? [{ ...cvMeta(base), kind: 'base' }] : []), ...(tailoredCvs(deps.db, userId) as Record<string, unknown>[]).map((cv) => ({ id: cv.id, title: cv.title, kind: 'tailored', job_slug: cv.job_slug, job_title: cv.job_title, job_company: cv.job_company }))] }
    },
  },
  {
    name: 'read_cv',
    description: 'Read one CV (cv_id, or "base"): its title, template and document (header, summary, experience with bullets, skills groups, languages, projects…).',
    parameters: { type: 'object', properties: { cv_id: { type: 'string' } }, required: ['cv_id'] },
    run(deps, userId, input) {
      const { id, title, template_id, document } = cvRecord(cvFor(deps, userId, input.cv_id))
      return { id, title, template_id, document }
    },
  },
  {
    name: 'patch_cv',
    description: 'Edit a CV with a batch of ops, all or nothing: [{kind: set|insert|remove|move, path, value?, to?}]. Paths like "summary", "experience[0].bullets[2]", "skills[0].items[3]", "style.font_size". You may not change header.full_name/email/phone/links, title or template_id. Read the CV first for the indexes.',
    parameters: {
      type: 'object',
      properties: {
        cv_id: { type: 'string' },
        ops: { type: 'array', items: { type: 'object', properties: { kind: { type: 'string', enum: OpSchema.entries.kind.options }, path: { type: 'string' }, value: {}, to: { type: 'integer' } }, required: ['kind', 'path'] } },
        note: { type: 'string' },
      },
      required: ['cv_id', 'ops'],
    },
    run(deps, userId, input) {
      const row = cvFor(deps, userId, input.cv_id)
      const ops = opsOf(input.ops)
      const note = typeof input.note === 'string' ? input.note.slice(0, 500) : undefined
      const saved = patchCv(deps.db, row, { ops, ...(note && { note }) }, 'agent', { bullets: deps.config.cvMaxBullets }, deps.now().toISOString(), deps.batchId)
      return { cv: cvMeta(saved), paths: ops.map((op) => op.path), ...(deps.batchId && { batch_id: deps.batchId }) }
    },
  },
]
