import { CREATABLE_PRESETS } from '../assistant/sessions.ts'
import { VERDICTS, WEIGHTS } from '../match/analysis.ts'
import { object, ref } from './openapi-shapes.ts'
import { ALLOWANCE } from './tracker-shapes.ts'
import { str, strings, bool, percent, time, list, type JsonObject } from './openapi-json.ts'

/**
 * Response shapes of the assistant and match-analysis operations (docs/assistant.md): JSON Schema
 * components of the OpenAPI document; test/http/routes/openapi-responses-assistant.test.ts
 * validates real responses against them. Tool arguments and results are JSON objects whose members
 * depend on the tool, so they are described as such, not member by member.
 */

const anyJson: JsonObject = { type: ['object', 'array', 'string', 'number', 'boolean', 'null'], additionalProperties: true }

export const ASSISTANT_SCHEMAS: Record<string, JsonObject> = {
  AssistantSession: object(
    {
      id: { type: 'string', format: 'uuid' },
      preset: { type: 'string', enum: [...CREATABLE_PRESETS, 'tailor'] },
      label: str,
      job_id: { ...str, description: 'interview, debrief and tailor sessions: the public slug of the posting they are bound to' },
      cv_id: { ...str, description: 'tailor sessions: the CV they edit' },
      created_at: time,
      updated_at: time,
    },
    ['id', 'preset', 'label', 'created_at', 'updated_at'],
  ),
  AssistantMessage: object({
    seq: { type: 'integer', minimum: 1 },
    role: { type: 'string', enum: ['user', 'assistant', 'tool'] },
    content: {
      description: 'user `{ text, voice? }`; assistant `{ text?, tool_calls? }`; tool `{ tool_call_id, name, result }`',
      anyOf: [
        object({ text: str, voice: { type: 'boolean', const: true, description: 'a transcript turn of voice mode' } }, ['text']),
        object(
          { text: str, tool_calls: list(object({ id: str, name: str, arguments: { type: 'object', additionalProperties: true, description: 'the tool’s input' } })) },
          [],
        ),
        object({ tool_call_id: str, name: str, result: { ...anyJson, description: 'the tool’s JSON answer' } }),
      ],
    },
  }),
  MatchAnalysis: object({
    dimensions: list(object({ key: { type: 'string', enum: Object.keys(WEIGHTS) }, label: str, score: percent, comment: str })),
    requirement_match: list(
      object({
        text: str,
        priority: { type: 'string', enum: ['required', 'preferred'] },
        status: { type: 'string', enum: ['covered', 'synonym-only', 'missing-have', 'missing-gap'] },
        evidence: str,
        evidence_strength: { type: 'string', enum: ['metric', 'scope', 'responsibility', 'keyword', ''] },
      }),
    ),
    hidden_signals: list(object({ quote: str, insight: str })),
    overall_score: percent,
    verdict: { type: 'string', enum: [...VERDICTS] },
    strengths: strings,
    gaps: strings,
    recommendation: str,
    blockers: list(
      object({
        category: { type: 'string', enum: ['experience', 'education', 'language', 'work_authorization', 'location_work_mode', 'certification'] },
        severity: { type: 'string', enum: ['hard', 'medium', 'soft'] },
        score_cap: percent,
        reason: str,
        action: str,
        met: bool,
      }),
    ),
  }),
  MatchAnalysisRead: object(
    {
      has_cv: { ...bool, description: 'false (alone) when you have no profile to match' },
      stale: { ...bool, description: 'the profile or the posting changed after the analysis' },
      analysis: { oneOf: [ref('MatchAnalysis'), { type: 'null' }], description: 'null before the first run' },
      allowance: ALLOWANCE,
    },
    ['has_cv'],
  ),
  MatchAnalysisRun: object({ has_cv: bool, stale: { type: 'boolean', const: false }, analysis: ref('MatchAnalysis') }, ['has_cv']),
}
