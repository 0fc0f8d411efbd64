import type { Config } from '../config.ts'
import { modelConfigured, streamChat } from '../model/chat.ts'
import type { MatchAnalysis } from './analysis.ts'
import { MAX_RECOMMENDATION } from './narrative.ts'

/**
 * With a model configured, the recommendation is written by the model from the deterministic facts
 * (score, verdict, requirements, blockers), streamed to `onText`. Null when no model is set, or it
 * fails, times out or says nothing: the templated recommendation then stands.
 */
const SYSTEM = 'You advise a job seeker. From the JSON facts of a match analysis, write one short paragraph (at most 120 words) recommending whether and how to apply. Use only the facts given; do not change the score or the verdict.'

export async function modelRecommendation(config: Config, analysis: MatchAnalysis, title: string, onText: (delta: string) => void): Promise<string | null> {
  if (!modelConfigured(config)) return null
  const facts = { title, overall_score: analysis.overall_score, verdict: analysis.verdict, requirement_match: analysis.requirement_match, blockers: analysis.blockers.filter((b) => !b.met), strengths: analysis.strengths, gaps: analysis.gaps }
  try {
    const answer = await streamChat(config, { messages: [{ role: 'system', content: SYSTEM }, { role: 'user', content: JSON.stringify(facts) }] }, onText)
    const text = answer.text.trim()
    return text ? [...text].slice(0, MAX_RECOMMENDATION).join('') : null
  } catch {
    return null
  }
}
