import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { sseResponse } from '../sse.ts'
import { readAnalysis, startRun } from '../../match/run.ts'
import { dataOf, ref } from '../openapi-shapes.ts'
import { MATCH_ANALYSIS_EXAMPLE } from '../openapi-examples.ts'

/**
 * Match analysis (docs/assistant.md): GET reads the cached analysis, POST runs it, /stream runs it
 * and reports each stage as it is computed. `/jobs/{slug}/fit` is the same three operations under
 * the reference service's other name. Every refusal (404, 429, 402) is answered before a stream opens.
 */
const SlugParams = v.object({ slug: v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.description('Job public_slug.')) })

const ANALYSIS_DOC = '`MatchAnalysis` = `{ dimensions: [{ key, label, score, comment }], requirement_match: [{ text, priority, status, evidence, evidence_strength }], hidden_signals: [{ quote, insight }], overall_score, verdict, strengths, gaps, recommendation, blockers: [{ category, severity, score_cap, reason, action, met }] }`.'

const op = operations({ tags: ['match'], auth: 'session-or-key' })

export function matchAnalysisRoutes(ctx: AppContext): Route[] {
  const deps = { db: ctx.db, config: ctx.config, now: ctx.now }
  return ['match-analysis', 'fit'].flatMap((name): Route[] => [
    op.get(`/jobs/:slug/${name}`, name === 'fit' ? 'The cached match analysis (alias of /match-analysis)' : 'The caller’s cached match analysis of a posting', {
      description: `Never computes. \`{ has_cv, stale, analysis: MatchAnalysis | null, allowance }\`; \`{ has_cv: false }\` alone when the caller has no profile to match. \`stale\` is true when the profile or the posting changed after the analysis. ${ANALYSIS_DOC}`,
      params: SlugParams,
      responses: { 200: { description: '`{ data: { has_cv, stale?, analysis?, allowance? } }`', schema: dataOf(ref('MatchAnalysisRead')) }, 404: 'job not found' },
    }, (_event, { caller, params }) => ({ data: readAnalysis(deps, caller.userId, params.slug) })),
    op.post(`/jobs/:slug/${name}`, name === 'fit' ? 'Run the match analysis (alias of /match-analysis)' : 'Run the match analysis of a posting against the caller’s profile', {
      description: `Computes the analysis deterministically from the posting’s text and the caller’s profile and screening answers, caches it per user and posting, and answers \`{ has_cv, stale: false, analysis }\`. Draws one \`match\` allowance per posting (a re-analysis is free); 402 \`{ error, allowance }\` when an enforced allowance is used up. At most ${ctx.config.matchAnalysisPerHour} runs per hour (429). ${ANALYSIS_DOC}`,
      params: SlugParams,
      responses: { 200: { description: '`{ data: { has_cv, stale: false, analysis } }`, or `{ data: { has_cv: false } }`', schema: dataOf(ref('MatchAnalysisRun')), example: MATCH_ANALYSIS_EXAMPLE }, 402: 'match allowance used up (enforced)', 404: 'job not found', 429: 'too many analyses this hour' },
    }, async (_event, { caller, params }) => {
      const started = startRun(deps, caller.userId, params.slug)
      return { data: started.has_cv ? { has_cv: true, stale: false, analysis: await started.run() } : { has_cv: false } }
    }),
    op.get(`/jobs/:slug/${name}/stream`, name === 'fit' ? 'Run the match analysis as an event stream (alias)' : 'Run the match analysis as an event stream', {
      description: '`text/event-stream` for `EventSource`. Frames `event: <name>` + `data: <json>`: first `meta` `{ has_cv }` exactly, the shape the contract pins (the stream ends there when false); then per stage `stage_start` / `thinking` / `stage_done` `{ kind, stage, label }`, `requirements` `{ kind, stage, requirements, hidden_signals }` after stage 1 "Extract & Match", `dimensions` `{ kind, stage, analysis: { dimensions } }` after stage 2 "Recruiter verdict", with a configured model, further `thinking` events in stage 3 carry the recommendation as the model writes it; and exactly one terminal `final` `{ kind, analysis }` after stage 3 "Adversarial audit" (or `stream_error` `{ message }`). `: keepalive` comments while it works. Allowance and hourly budget as POST, refused before the stream opens.',
      params: SlugParams,
      responses: { 200: { description: 'server-sent events: meta, stage_start, thinking, requirements, dimensions, stage_done, then final or stream_error (see above)', media: 'text/event-stream' }, 402: 'match allowance used up (enforced)', 404: 'job not found', 429: 'too many analyses this hour' },
    }, (_event, { caller, params }) => {
      const started = startRun(deps, caller.userId, params.slug)
      return sseResponse(ctx, async (send) => {
        send('meta', { has_cv: started.has_cv })
        if (!started.has_cv) return
        const analysis = await started.run((event) => {
          send(event.kind, event)
          if (event.kind === 'stage_start') send('thinking', { kind: 'thinking', stage: event.stage, thinking: THINKING[event.stage - 1] })
        })
        send('final', { kind: 'final', analysis })
      })
    }),
  ])
}

const THINKING = ['Reading the posting’s requirements and looking for each in your profile.', 'Scoring the six dimensions a recruiter weighs.', 'Checking what could rule you out and capping the score.']
