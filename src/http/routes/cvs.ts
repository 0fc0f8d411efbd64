import * as v from 'valibot'
import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { created, operations, type ResponseSpec, type Route } from '../route.ts'
import type { Caller } from '../../account/caller.ts'
import { badRequest, notFound } from '../../errors.ts'
import { FONTS, TEMPLATES } from '../../cv/catalog.ts'
import { DocumentSchema } from '../../cv/document.ts'
import { OpsSchema } from '../../cv/ops.ts'
import { baseCv, cvMeta, cvOf, cvRecord, deleteCv, tailoredCvs, type CvRow } from '../../cv/store.ts'
import { createBaseCv, patchCv, replaceCv, setTemplate } from '../../cv/cvs.ts'
import { listRevisions, undoBatch, undoRevision } from '../../cv/revisions.ts'
import { renderCvPdf } from '../../cv/render.ts'
import { photoOf } from '../../profile/photo.ts'
import { bindSession, newTailorSession, tailorCv } from '../../cv/tailor.ts'
import { noteOwnerAddress, setTracing, tracedTargets, tracerReport } from '../../cv/tracer.ts'
import { clientIp } from '../client-address.ts'
import { jobMatch } from '../../cv/job-match.ts'
import { tailorContext } from '../../cv/tailor-context.ts'
import { atsDelta } from '../../cv/ats-delta.ts'
import { resetBase, resetTailored } from '../../cv/reset.ts'
import { dataOf, listOf, object, ref } from '../openapi-shapes.ts'
import { CV_EXAMPLE } from '../openapi-examples.ts'

/** CVs (docs/cv.md): templates and fonts, the base and tailored CVs, edits, revisions and undo. */
const IdParams = v.object({ id: v.pipe(v.string(), v.maxLength(100), v.description('CV UUID, or `base` for your base CV (anything else is 404)')) })
const RevParams = v.object({ id: IdParams.entries.id, rid: v.pipe(v.string(), v.maxLength(100)) })
const BatchParams = v.object({ id: IdParams.entries.id, bid: v.pipe(v.string(), v.maxLength(100)) })
const PatchBody = v.strictObject({ ops: OpsSchema, note: v.optional(v.pipe(v.string(), v.maxLength(500))) })
const META = '`{ id, title, template_id, created_at, updated_at }`'
const RECORD = '`{ id, title, template_id, created_at, updated_at, agent_session_id, document, autopilot_report?, tracer_links_enabled }`'
const DOC = 'The document is `{ margins: {top,right,bottom,left} (inches, 0.25–1.5, default 0.5), style: {font_family?, font_size? (8.5–12, step .5), line_height? (0.3–0.9)}, header: {full_name?, email?, phone?, location?, links?[]}, summary?, experience?[], education?[], skills?[{group?, items?[]}], languages?[], projects?[], certifications?[] }`; every write is sanitised (list caps, length caps in characters, tags and control characters removed, unknown fonts dropped).'

const CV = dataOf(ref('Cv'))
const META_SCHEMA = dataOf(ref('CvMeta'))

const op = operations({ tags: ['cvs'], auth: 'session' })

export function cvRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  const caps = () => ({ bullets: ctx.config.cvMaxBullets })
  const now = () => ctx.now().toISOString()
  /** Where traced links point: the public origin when set, else the origin this request came to. */
  const origin = (event: H3Event) => ctx.config.publicOrigin || event.url.origin
  const mine = (userId: number, id: string) => {
    const row = cvOf(db, userId, id)
    if (!row) throw notFound('not found')
    return row
  }
  /** GET of one of the caller's CVs, or of something about it: 404 `not your CV` for any other id. */
  const cvRead = (path: string, summary: string, spec: { description: string; auth?: 'session' | 'session-or-key'; responses: Record<number, string | ResponseSpec> }, read: (cv: CvRow, caller: Caller) => unknown) =>
    op.get(`/me/cvs/:id${path}`, summary, { ...spec, params: IdParams, responses: { 404: 'not your CV', ...spec.responses } }, (_event, { params, caller }) => ({
      data: read(mine(caller.userId, params.id), caller),
    }))
  return [
    op.get('/cv-templates', 'CV templates', {
      description: 'The nine templates `[{ id, label, style, photo }]`; `classic-ats` is the default, `portrait` and `headshot` show your photo.',
      responses: { 200: { description: '`{ data: [CvTemplate] }`', schema: listOf(ref('CvTemplate')) } },
    }, () => ({ data: TEMPLATES })),
    op.get('/cv-fonts', 'CV fonts', {
      description: 'The four fonts `[{ id, label, note, css }]` a CV style may name.',
      responses: { 200: { description: '`{ data: [CvFont] }`', schema: listOf(ref('CvFont')) } },
    }, () => ({ data: FONTS })),
    op.get('/me/cvs', 'Your tailored CVs', {
      description: 'Tailored CVs only (the base CV is `GET /me/cvs/base`), newest edit first: `[{ id, title, template_id, created_at, updated_at, job_slug, job_title, job_company, agent_session_id }]`. `meta.base` is the base CV\'s meta, or null before it is created (so a page learns whether it exists without a 404).',
      responses: { 200: { description: '`{ data: [TailoredCvSummary], meta: { base: CvMeta | null } }`', schema: object({ data: { type: 'array', items: ref('TailoredCvSummary') }, meta: object({ base: { oneOf: [ref('CvMeta'), { type: 'null' }] } }) }) } },
    }, (_event, { caller }) => {
      const base = baseCv(db, caller.userId)
      return { data: tailoredCvs(db, caller.userId), meta: { base: base ? cvMeta(base) : null } }
    }),
    op.post('/me/cvs', 'Create your base CV', {
      description: `JSON \`{ title?, template_id?, seed? }\`. Creates your one base CV and answers it as ${RECORD}, 201; when you already have one it is answered as it is, also 201 (the status the contract pins). Title trimmed, at most 200 characters, default "Untitled CV". \`seed: true\` fills it from your account and profile (email, location, headline, skills, languages).`,
      body: v.object({ title: v.optional(v.pipe(v.string(), v.maxLength(2000))), template_id: v.optional(v.string()), seed: v.optional(v.boolean()) }),
      responses: { 201: { description: 'created, or your existing base CV', schema: CV }, 400: 'unknown template' },
    }, (event, { body, caller }) => created(event, cvRecord(createBaseCv(db, caller.userId, body, caps(), now()).row))),
    op.post('/me/cvs/tailor', 'Tailor your CV to a job', {
      description: 'JSON `{ job_slug }`. Makes (or reuses) the CV bound to that job: a copy of your base CV (seeded from your profile when you have none) with skills and bullets ordered by what the job asks for, recorded as one revision of the run (`batch_id` = the session id, so a batch undo puts the base order back). The job goes on your board at `preparing`. `session_id` is an assistant session of preset `tailor` bound to this CV and job (its `autopilot` tailors the CV further in one revision batch). Charged to the `tailor` allowance (the same job again is free). 201 `{ tailor_cv_id, base_cv_id, analysis: null, session_id, cold_start_running }`; `cold_start_running` is true only when the CV was just made.',
      body: v.object({ job_slug: v.optional(v.pipe(v.string('job_slug must be a string'), v.trim(), v.maxLength(300))) }),
      responses: { 201: { description: 'the tailored CV', schema: dataOf(ref('TailorRun')) }, 400: 'job_slug is required', 402: 'the tailor allowance is used up (when enforced)', 404: 'job not found', 409: 'add a résumé before tailoring (no base CV and no profile)' },
    }, (event, { body, caller }) => {
      if (!body.job_slug) throw badRequest('job_slug is required')
      return created(event, tailorCv(db, ctx.config, caller.userId, body.job_slug, caps(), ctx.now()))
    }),
    op.post('/me/cvs/:id/tailor-session', 'A fresh session for a tailored CV', {
      description: '201 `{ tailor_cv_id, base_cv_id, session_id }`: the CV is bound to a new assistant session of preset `tailor` (the old session stays readable but no longer tailors this CV).',
      params: IdParams,
      responses: { 201: { description: 'bound', schema: dataOf(ref('TailorSession')) }, 404: 'not your CV', 409: 'not a tailored CV, no base CV, or the vacancy is gone' },
    }, (event, { params, caller }) => {
      return created(event, newTailorSession(db, caller.userId, mine(caller.userId, params.id), ctx.now()))
    }),
    op.put('/me/cvs/:id/session', 'Bind a CV to a session', {
      description: 'JSON `{ session_id }`; the CV’s `agent_session_id` becomes it. 204.',
      auth: 'session-or-key',
      params: IdParams,
      body: v.object({ session_id: v.pipe(v.string('session_id is required'), v.minLength(1, 'session_id is required'), v.maxLength(100)) }),
      responses: { 204: 'bound', 404: 'not your CV' },
    }, (_event, { params, body, caller }) => {
      bindSession(db, mine(caller.userId, params.id), body.session_id)
    }),
    op.post('/me/cvs/base/reset-from-resume', 'Rebuild your base CV from your profile', {
      description: `Replaces the base CV’s content with a fresh seed from your account and profile (no résumé is kept yet); template, margins and typography stay; tailored CVs are untouched. One revision (origin import). Answers ${RECORD}.`,
      responses: { 200: { description: 'the rebuilt base CV', schema: CV }, 409: 'add a résumé before resetting from it (no profile), or no base CV' },
    }, (_event, { caller }) => ({ data: cvRecord(resetBase(db, caller.userId, caps(), now())) })),
    op.post('/me/cvs/:id/reset-from-resume', 'Rebuild a tailored CV from your profile', {
      description: `Rebuilds the tailored CV (same id and session, ordered for its job again) and the base CV from a fresh seed; template and typography stay. One revision each (origin import). Answers ${RECORD}.`,
      params: IdParams,
      responses: { 200: { description: 'the rebuilt tailored CV', schema: CV }, 404: 'not your CV', 409: 'not a tailored CV, or add a résumé before resetting from it' },
    }, (_event, { params, caller }) => ({ data: cvRecord(resetTailored(db, caller.userId, mine(caller.userId, params.id), caps(), now())) })),
    cvRead('', 'One CV', {
      description: `${RECORD}. ${DOC} Through an API key the header's name, email, phone and links are left out (the location stays).`,
      auth: 'session-or-key',
      responses: { 200: { description: 'the CV', schema: CV, example: CV_EXAMPLE } },
    }, (cv, caller) => cvRecord(cv, { forKey: caller.kind === 'key' })),
    op.put('/me/cvs/:id', 'Replace a CV', {
      description: `JSON \`{ title, template_id, document }\`: the whole document is replaced, recorded as one revision (actor candidate, origin editor). ${DOC} Answers ${META}.`,
      params: IdParams,
      body: v.object({ title: v.string('title is required'), template_id: v.string('template_id is required'), document: DocumentSchema }),
      responses: { 200: { description: 'the CV without its document', schema: META_SCHEMA }, 400: 'unknown template or a malformed document', 404: 'not your CV' },
    }, (_event, { params, body, caller }) => ({ data: cvMeta(replaceCv(db, mine(caller.userId, params.id), body, caps(), now())) })),
    op.patch('/me/cvs/:id', 'Edit a CV with a batch of ops', {
      description: `JSON \`{ ops: [{ kind: set|insert|remove|move, path, value?, to?, evidence_id? }], note? }\` (unknown fields are refused). Paths: \`summary\`, \`experience[2].bullets[1]\`, \`skills[0].items[3]\`, \`style.font_size\`, \`title\`, \`template_id\`. The batch is all or nothing and one revision. Through an API key you edit as the agent: the header's name, email, phone and links, the title and the template are refused (403). Answers ${META}.`,
      auth: 'session-or-key',
      params: IdParams,
      body: PatchBody,
      invalidBodyStatus: 422,
      responses: { 200: { description: 'the CV without its document', schema: META_SCHEMA }, 400: 'a body that is not JSON, or an unknown template', 403: 'an agent touched a forbidden path', 404: 'not your CV', 409: 'the bullet cap (CV_MAX_BULLETS) is reached', 422: 'malformed ops (an unknown op kind, a missing path, an unknown field), a bad path or an index out of range (the message names the op or field)' },
    }, (_event, { params, body, caller }) => ({ data: cvMeta(patchCv(db, mine(caller.userId, params.id), body, caller.kind === 'key' ? 'agent' : 'candidate', caps(), now())) })),
    op.put('/me/cvs/:id/template', 'Change a CV’s template', {
      description: 'JSON `{ template_id }`; recorded as a revision (origin template). 204.',
      params: IdParams,
      body: v.object({ template_id: v.string('template_id is required') }),
      responses: { 204: 'changed', 400: 'unknown template', 404: 'not your CV' },
    }, (_event, { params, body, caller }) => {
      setTemplate(db, mine(caller.userId, params.id), body.template_id, caps(), now())
    }),
    op.delete('/me/cvs/:id', 'Delete a CV', {
      description: 'The CV and its revisions are deleted. 204.',
      params: IdParams,
      responses: { 204: 'deleted', 404: 'not your CV' },
    }, (_event, { params, caller }) => {
      deleteCv(db, mine(caller.userId, params.id))
    }),
    op.get('/me/cvs/:id/pdf', 'A CV as PDF', {
      description: 'The CV typeset with its template (Typst): selectable text an applicant tracking system reads, clickable links, A4 pages. `application/pdf`, shown inline, never cached by shared caches.',
      auth: 'session-or-key',
      params: IdParams,
      responses: { 200: { description: 'the typeset CV', media: 'application/pdf' }, 404: 'not your CV' },
    }, (event, { params, caller }) => {
      const row = mine(caller.userId, params.id)
      noteOwnerAddress(db, caller.userId, clientIp(ctx.config, event), ctx.config.cvVisitorSalt, now())
      const pdf = renderCvPdf(row, tracedTargets(db, row, origin(event), now()), photoOf(db, caller.userId))
      const name = row.title.replace(/[^\w.-]+/g, '-').slice(0, 60) || 'cv'
      return new Response(new Uint8Array(pdf), { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${name}.pdf"`, 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store', 'content-length': String(pdf.length) } })
    }),
    op.get('/me/cvs/:id/tracer-links', 'A CV’s tracer links and their clicks', {
      description: 'One entry per link of the header and projects: `[{ source_path, destination_url, traced_url, clicks, bot_clicks, distinct_visitors?, last_click_at? }]`. `traced_url` is `<PUBLIC_ORIGIN>/cv/<token>` (token = the job’s company slug and five random characters). Your own clicks are not counted; bots, link previews, scanners, HEAD requests and prefetches count as `bot_clicks`; `distinct_visitors` (with CV_VISITOR_SALT) counts distinct address + user agent pairs per day. No meta.',
      params: IdParams,
      responses: { 200: { description: '`{ data: [TracerLink] }`', schema: listOf(ref('TracerLink')) }, 404: 'not your CV' },
    }, (event, { params, caller }) => {
      noteOwnerAddress(db, caller.userId, clientIp(ctx.config, event), ctx.config.cvVisitorSalt, now())
      return { data: tracerReport(db, mine(caller.userId, params.id), origin(event), ctx.config.cvVisitorSalt, now()) }
    }),
    op.put('/me/cvs/:id/tracer-links', 'Turn a CV’s tracer links on or off', {
      description: 'JSON `{ enabled }`. When on, the PDF links to the traced URLs. Turning on needs CV_VISITOR_SALT on the deployment (else 409); turning off is never refused. Answers `{ tracer_links_enabled }`.',
      params: IdParams,
      body: v.object({ enabled: v.boolean('enabled must be true or false') }),
      responses: { 200: { description: '`{ data: { tracer_links_enabled } }`', schema: dataOf(object({ tracer_links_enabled: { type: 'boolean' } })) }, 400: 'enabled missing', 404: 'not your CV', 409: 'link tracing is not configured on this deployment' },
    }, (_event, { params, body, caller }) => ({ data: { tracer_links_enabled: setTracing(db, mine(caller.userId, params.id), body.enabled, ctx.config.cvVisitorSalt) } })),
    cvRead('/job-match', 'How well a tailored CV fits its job', {
      description: 'Deterministic: `{ available, reason?, score?: { overall (0–100), categories: [{ id, label, earned, weight, available, reason?, items? }], contributing, matched_skills, missing_skills, requirements: [{ text, priority, coverage, skills, missing? }] } }`. Categories and weights: `requirements_coverage` 40 (the description’s lines that name skills), `keyword_match` 30 (the job’s skills named in the CV), `job_title_match` 20 (the title’s words in your roles), `seniority_fit` 10 (years of dated experience against the job’s seniority). `overall` is the earned share of the available weights.',
      responses: { 200: { description: '`{ data: CvJobMatch }`', schema: dataOf(ref('CvJobMatch')) }, 409: 'not a tailored CV, or the vacancy is gone' },
    }, (cv) => jobMatch(db, cv, ctx.now())),
    cvRead('/tailor-context', 'The job and the fit, for tailoring a CV', {
      description: '`{ job: { title, company, public_slug, description (at most 6000 characters) }, verdict, overall_score, recommendation, dimensions: [{ key, label, score, comment }], missing_have, missing_gap: [{ text, priority, status, skills }], strengths, gaps }`, from the deterministic job match (see job-match); verdict bands: ≥75 Strong Fit, ≥60 Good Fit, ≥45 Moderate Fit, ≥30 Weak Fit, else Poor Fit. `missing_have` stays empty until an experience bank exists.',
      auth: 'session-or-key',
      responses: { 200: { description: '`{ data: TailorContext }`', schema: dataOf(ref('TailorContext')) }, 409: 'not a tailored CV, the vacancy is gone, or no analysis is available' },
    }, (cv) => tailorContext(db, cv, ctx.now())),
    cvRead('/ats-delta', 'Did tailoring help an ATS read the CV?', {
      description: '`{ available, reason?, base_cv_id?, delta?: { base, tailored, change, categories: [{ id, label, base, tailored, change, items? }], regressed, worst_category? } }`. Both CVs are typeset with the tailored template and typography, their PDF text is read back and scored 0–100 per category: `keywords` (the job’s skills found), `sections` (standard headings), `contact` (email, phone), `parseable` (share of the written words the text layer keeps); the score is their mean. `available: false` when the server has no pdftotext.',
      responses: { 200: { description: '`{ data: AtsDelta }`', schema: dataOf(ref('AtsDelta')) }, 409: 'not a tailored CV, the vacancy is gone, or no base CV' },
    }, (cv, caller) => atsDelta(db, caller.userId, cv)),
    cvRead('/revisions', 'A CV’s revisions', {
      description: 'Newest first: `[{ id, actor, origin, batch_id?, title, note?, paths, reverted, undoable, reverts_id?, created_at }]`. The log is append-only; an undo is itself a revision. No meta.',
      responses: { 200: { description: '`{ data: [CvRevision] }`', schema: listOf(ref('CvRevision')) } },
    }, (cv) => listRevisions(db, cv)),
    op.post('/me/cvs/:id/revisions/:rid/undo', 'Undo one revision', {
      description: `Puts back what that revision changed, as a new revision; later edits to other parts survive. Answers \`{ cv: ${META.slice(1, -1)}, revision }\`.`,
      params: RevParams,
      responses: { 200: { description: '`{ data: { cv: CvMeta, revision: CvRevision } }`', schema: dataOf(object({ cv: ref('CvMeta'), revision: ref('CvRevision') })) }, 404: 'not your CV, or revision not found', 409: 'there is nothing to undo, or a later edit changed the same part' },
    }, (_event, { params, caller }) => {
      const { row, revision } = undoRevision(db, mine(caller.userId, params.id), params.rid, caps(), now())
      return { data: { cv: cvMeta(row), revision } }
    }),
    op.post('/me/cvs/:id/revisions/batch/:bid/undo', 'Undo a whole agent run', {
      description: `Reverses every standing edit of one run (\`batch_id\`), newest first, all or nothing, and clears the autopilot report. Answers ${META}.`,
      params: BatchParams,
      responses: { 200: { description: 'the CV without its document', schema: META_SCHEMA }, 404: 'not your CV, or run not found', 409: 'there is nothing to undo, or a later edit changed the same part' },
    }, (_event, { params, caller }) => ({ data: cvMeta(undoBatch(db, mine(caller.userId, params.id), params.bid, caps(), now())) })),
  ]
}
