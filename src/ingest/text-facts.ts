/** Smaller facts read from a posting's text: AI archetype, company type, summary, time-zone note. */

const AI_CATEGORIES = new Set(['ai_engineering', 'ml_ai', 'data_science'])

/** First match wins; the title is asked before the description. */
const ARCHETYPE_RULES: [string, RegExp][] = [
  ['agent_builder', /\b(agents?|agentic|multi-agent|tool[- ]use|autonomous workflows?)\b/i],
  ['rag_app_builder', /\b(rag|retrieval[- ]augmented|retrieval|semantic search|vector (db|database|search|store)s?|knowledge base|embeddings)\b/i],
  ['cloud_ml_platform_engineer', /\b(mlops|ml ops|ml platform|ml infrastructure|model serving|feature store|sagemaker|vertex ai|kubeflow|ml pipelines?)\b/i],
  ['devops_infra_engineer', /\b(gpu (clusters?|infrastructure|fleet)|inference infrastructure|ai infra(structure)?|training clusters?|llm ?ops|kubernetes for (ml|ai))\b/i],
  ['ml_trainer_researcher', /\b(research(er)?|pre-?training|fine-?tun\w*|rlhf|reinforcement learning|training (large|foundation) models|model training|publications?)\b/i],
  ['fullstack_ai_engineer', /\b(full[- ]?stack|product engineer|ai engineer|ai product|frontend|react|end[- ]to[- ]end ai features)\b/i],
]

export function aiArchetypeOf(title: string, text: string, category: string | null): string | null {
  const aiTitle = /\b(ai|ml|llm|genai|machine learning|agents?)\b/i.test(title)
  if (!AI_CATEGORIES.has(category ?? '') && !aiTitle) return null
  for (const source of [title, text]) {
    const hit = ARCHETYPE_RULES.find(([, pattern]) => pattern.test(source))
    if (hit) return hit[0]
  }
  return null
}

export function companyTypeFromText(text: string): string | null {
  if (!/outs|staff aug|agency|government|ministry|public sector|start|seed|series|founding|early|shore|services|аутсорс/i.test(text)) return null
  if (/\b(outstaff(ing)?|staff augmentation)\b/i.test(text)) return 'outstaff'
  if (/\b(outsourc\w+|software development services|nearshore|offshore development|аутсорс)/i.test(text)) return 'outsource'
  if (/\b(digital agency|creative agency|design agency|marketing agency|our agency)\b/i.test(text)) return 'agency'
  if (/\b(government (agency|department)|public sector body|ministry of|federal agency)\b/i.test(text)) return 'government'
  if (/\b(start-?up|seed[- ]stage|series [ab]\b|founding team|early[- ]stage)/i.test(text)) return 'startup'
  return null
}

/** The opening sentence or two, at most ~240 characters. */
export function summaryOf(text: string): string | null {
  const firstLine = text.split('\n').find((line) => line.length > 40 && !line.startsWith('•'))
  if (!firstLine) return null
  const sentences = firstLine.match(/[^.!?]+[.!?]+/g) ?? [firstLine]
  let summary = ''
  for (const sentence of sentences) {
    if (summary && (summary + sentence).length > 240) break
    summary += sentence
  }
  summary = summary.trim()
  return summary.length > 240 ? summary.slice(0, 237).replace(/\s+\S*$/, '') + '…' : summary
}

const TZ = /\b(UTC|GMT|CET|CEST|EET|EST|EDT|PST|PDT|CST|MSK|IST|AEST|SGT)\b/

/** The sentence about working hours or time zones ("at least 4 hours overlap with CET"). */
export function timezoneNoteOf(text: string): string | null {
  const match = TZ.exec(text)
  if (!match) return null
  const before = Math.max(text.lastIndexOf('.', match.index), text.lastIndexOf('\n', match.index)) + 1
  const stops = [text.indexOf('.', match.index), text.indexOf('\n', match.index)].filter((i) => i >= 0)
  const after = stops.length ? Math.min(...stops) : text.length
  return text.slice(before, after).replace(/^[•\s]+/, '').trim().slice(0, 160) || null
}
