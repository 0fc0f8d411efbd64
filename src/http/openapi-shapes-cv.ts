import { DocumentSchema, FONT_IDS } from '../cv/document.ts'
import { TEMPLATE_IDS } from '../cv/catalog.ts'
import { VERDICTS } from '../match/analysis.ts'
import { jsonSchemaOf } from './openapi-schema.ts'
import { object, ref } from './openapi-shapes.ts'
import { str, strings, bool, count, percent, time, uuid, nullable, list, type JsonObject } from './openapi-json.ts'

/**
 * Response shapes of the CV operations (docs/cv.md), as JSON Schema components of the OpenAPI
 * document; test/http/routes/openapi-responses-cv.test.ts validates real responses against them.
 * The document is described by the valibot schema every write passes through.
 */

const metaProperties = { id: uuid, title: str, template_id: { type: 'string', enum: TEMPLATE_IDS }, created_at: time, updated_at: time }
const requirementCoverage = object(
  { text: str, priority: { type: 'string', enum: ['must', 'nice'] }, coverage: { type: 'string', enum: ['covered', 'missing'] }, skills: strings, missing: { ...strings, description: 'the skills of the line the CV does not name' } },
  ['text', 'priority', 'coverage', 'skills'],
)

export const CV_SCHEMAS: Record<string, JsonObject> = {
  CvTemplate: object({ id: { type: 'string', enum: TEMPLATE_IDS }, label: str, style: str, photo: { ...bool, description: 'the template prints your photo' } }),
  CvFont: object({ id: { type: 'string', enum: [...FONT_IDS] }, label: str, note: str, css: { ...str, description: 'a CSS font-family list for previews' } }),
  CvMeta: object(metaProperties, undefined, 'A CV without its document.'),
  TailoredCvSummary: object({
    ...metaProperties,
    job_slug: nullable({ ...str, description: 'null once the posting is gone from the catalogue' }),
    job_title: nullable(str),
    job_company: nullable(str),
    agent_session_id: str,
  }),
  CvDocument: { ...jsonSchemaOf(DocumentSchema), description: 'The CV content as stored (sanitised on every write).' },
  Cv: object(
    {
      ...metaProperties,
      agent_session_id: { ...str, description: 'the assistant session bound to this CV: one minted with it, or the one PUT /me/cvs/{id}/session bound' },
      document: ref('CvDocument'),
      autopilot_report: {
        type: 'array',
        description: 'what the last autopilot run did per requirement of the job; absent before the first run and after its undo',
        items: object({ requirement: str, status: { type: 'string', enum: ['closed_bank', 'open', 'not_reached'] }, note: str }, ['requirement', 'status']),
      },
      tracer_links_enabled: bool,
    },
    ['id', 'title', 'template_id', 'created_at', 'updated_at', 'agent_session_id', 'document', 'tracer_links_enabled'],
    'A CV with its document.',
  ),
  CvRevision: object(
    {
      id: uuid,
      actor: { type: 'string', enum: ['candidate', 'agent', 'system'] },
      origin: { type: 'string', enum: ['editor', 'tailor_agent', 'cli', 'template', 'import'] },
      batch_id: { ...str, description: 'the run (assistant session) the revision belongs to' },
      title: str,
      note: str,
      paths: { ...strings, description: 'the document paths it changed' },
      reverted: bool,
      undoable: { ...bool, description: 'every part it changed still holds its value' },
      reverts_id: { ...uuid, description: 'present on an undo: the revision it reverted' },
      created_at: time,
    },
    ['id', 'actor', 'origin', 'title', 'paths', 'reverted', 'undoable', 'created_at'],
  ),
  TracerLink: object(
    {
      source_path: { ...str, description: 'where the link is in the document (`header.links[0]`, `projects[1].link`)' },
      destination_url: str,
      traced_url: str,
      clicks: count,
      bot_clicks: count,
      distinct_visitors: { ...count, description: 'with CV_VISITOR_SALT set only' },
      last_click_at: time,
    },
    ['source_path', 'destination_url', 'traced_url', 'clicks', 'bot_clicks'],
  ),
  CvJobMatch: object(
    {
      available: bool,
      reason: { ...str, description: 'why there is no score' },
      score: object({
        overall: percent,
        categories: list(
          object(
            {
              id: { type: 'string', enum: ['requirements_coverage', 'keyword_match', 'job_title_match', 'seniority_fit'] },
              label: str,
              earned: { type: 'number', minimum: 0 },
              weight: count,
              available: bool,
              reason: str,
              items: strings,
            },
            ['id', 'label', 'earned', 'weight', 'available'],
          ),
        ),
        contributing: strings,
        matched_skills: strings,
        missing_skills: strings,
        requirements: list(requirementCoverage),
      }),
    },
    ['available'],
  ),
  TailorContext: object({
    job: object({ title: str, company: str, public_slug: str, description: { ...str, description: 'plain text, at most 6000 characters' } }),
    verdict: { type: 'string', enum: [...VERDICTS] },
    overall_score: percent,
    recommendation: str,
    dimensions: list(object({ key: str, label: str, score: { type: ['integer', 'null'], minimum: 0, maximum: 100, description: 'null when the category has no data' }, comment: str })),
    missing_have: { type: 'array', maxItems: 0, items: str, description: 'empty until an experience bank feeds tailoring' },
    missing_gap: list(object({ text: str, priority: { type: 'string', enum: ['required', 'preferred'] }, status: { type: 'string', const: 'missing-gap' }, skills: strings })),
    strengths: strings,
    gaps: strings,
  }),
  AtsDelta: object(
    {
      available: bool,
      reason: str,
      base_cv_id: uuid,
      delta: object(
        {
          base: percent,
          tailored: percent,
          change: { type: 'integer', minimum: -100, maximum: 100 },
          categories: list(
            object(
              { id: { type: 'string', enum: ['keywords', 'sections', 'contact', 'parseable'] }, label: str, base: percent, tailored: percent, change: { type: 'integer' }, items: strings },
              ['id', 'label', 'base', 'tailored', 'change'],
            ),
          ),
          regressed: bool,
          worst_category: { ...str, description: 'the category that lost most, when one lost' },
        },
        ['base', 'tailored', 'change', 'categories', 'regressed'],
      ),
    },
    ['available'],
  ),
  TailorRun: object({
    tailor_cv_id: uuid,
    base_cv_id: uuid,
    analysis: { type: 'null' },
    session_id: str,
    cold_start_running: { ...bool, description: 'true only when the CV was just made' },
  }),
  TailorSession: object({ tailor_cv_id: uuid, base_cv_id: uuid, session_id: str }),
}
