import type { Tool, ToolDeps } from './tools.ts'
import { ToolError } from './tool-error.ts'
import { cvOf, cvMeta, cvRecord, tailoredCvs, baseCv } from '../cv/store.ts'
import { patchCv } from '../cv/cvs.ts'
import type { Op } from '../cv/ops.ts'

/**
 * The assistant's CV tools: list, read and patch the caller's CVs. Patches go through the same code
 * as PATCH /me/cvs/{id} with actor `agent` — the header's identity fields, the title and the template
 * are refused, and the batch is all or nothing — and carry the turn's batch id, so one batch undo
 * takes back everything one assistant turn changed.
 */
const KINDS = new Set(['set', 'insert', 'remove', 'move'])

function cvFor(deps: ToolDeps, userId: number, id: unknown) {
  if (typeof id !== 'string' || !id.trim()) throw new ToolError('cv_id is required (a CV id, or "base")')
  const row = cvOf(deps.db, userId, id.trim())
  if (!row) throw new ToolError(`no CV ${id}`)
  return row
}

function opsOf(value: unknown): Op[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 200) throw new ToolError('ops must be a list of 1 to 200 ops')
  return value.map((op, i) => {
    const o = op as Record<string, unknown> | null
    if (!o || typeof o !== 'object' || !KINDS.has(String(o.kind)) || typeof o.path !== 'string') throw new ToolError(`op ${i + 1}: needs kind (set, insert, remove, move) and path`)
    if (o.to !== undefined && !Number.isInteger(o.to)) throw new ToolError(`op ${i + 1}: to must be an integer`)
    return { kind: o.kind as Op['kind'], path: o.path, ...(o.value !== undefined && { value: o.value }), ...(o.to !== undefined && { to: o.to as number }), ...(typeof o.evidence_id === 'string' && { evidence_id: o.evidence_id }) }
  })
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
        ops: { type: 'array', items: { type: 'object', properties: { kind: { type: 'string', enum: [...KINDS] }, path: { type: 'string' }, value: {}, to: { type: 'integer' } }, required: ['kind', 'path'] } },
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
