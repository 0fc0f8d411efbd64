import type { Message } from './sessions.ts'
import { replyCv, understandCv, type CvBrief } from './builtin-cv.ts'

/**
 * The built-in assistant: no model, plain-word requests mapped to one tool call each ("remote rust
 * jobs in Berlin", "save the second one", "move Acme to interview", "why am I a weak fit for this?",
 * "draft a follow-up"), and a plain answer written from the tool's result. What it does not
 * understand it says so, with what it can do. References ("the second one", "it", "Acme") resolve
 * against the session's last search, the last job talked about and the caller's tracked applications.
 */
export interface Tracked {
  slug: string
  title: string
  company: string
}

export interface Context {
  history: Message[]
  tracked: Tracked[]
  sessionJob: string | null
  cvs: CvBrief[]
  /** The CV a tailoring session edits. */
  sessionCv: string | null
}

export type Plan = { kind: 'tool'; name: string; input: Record<string, unknown> } | { kind: 'text'; text: string }

export const CAPABILITIES =
  'I can search jobs (“remote rust jobs in Berlin”), tell you about one (“tell me about the first one”), analyse your fit (“am I a good fit for it?”), save a job (“save the second one”), move an application (“move Acme to interview”), show your pipeline (“how are my applications doing?”) and draft a follow-up e-mail (“draft a follow-up to Acme”) and edit your CVs (“add Kubernetes to my skills on my Acme CV”, “set my summary to …”, “show my CVs”).'

const ORDINALS: [RegExp, number][] = [
  [/\b(first|1st|top)\b|#1\b|number one\b/, 0], [/\b(second|2nd)\b|#2\b|number two\b/, 1], [/\b(third|3rd)\b|#3\b|number three\b/, 2],
  [/\b(fourth|4th)\b|#4\b/, 3], [/\b(fifth|5th)\b|#5\b/, 4], [/\b(last|bottom)\b/, -1],
]

const STAGE_WORDS: [RegExp, string][] = [
  [/\binterview/, 'interview'], [/\boffer\b/, 'offer'], [/\breject|turned (me )?down|didn'?t get/, 'rejected'], [/\bwithdr[ae]w/, 'withdrawn'],
  [/\baccept(ed)?\b/, 'accepted'], [/\bscreen(ing)?\b/, 'screening'], [/\b(responded|heard back|replied|got back)\b/, 'responded'], [/\bappl(ied|y)\b/, 'applied'],
  [/\bprepar/, 'preparing'], [/\bexpired?\b|\bclosed\b/, 'expired'],
]

const COUNTRIES: Record<string, string> = { germany: 'de', france: 'fr', spain: 'es', netherlands: 'nl', 'the netherlands': 'nl', uk: 'gb', 'united kingdom': 'gb', england: 'gb', usa: 'us', 'united states': 'us', canada: 'ca', poland: 'pl', portugal: 'pt', austria: 'at', switzerland: 'ch', ireland: 'ie', italy: 'it', sweden: 'se' }

const FILLER = new Set('who whos who\'s a an the any some me my i im i\'m we us you please can could would will show find search look looking for get give list want need new latest newest recent jobs job roles role positions position openings opening vacancies vacancy work working there are is what which that with using in at near around based remote hybrid onsite on-site office and or to of hiring open'.split(' '))

/** Search results the session showed last, newest search first. */
function lastResults(history: Message[]): Tracked[] {
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i]!
    if (message.role === 'tool' && message.content.name === 'search_jobs') {
      const result = message.content.result as { jobs?: Tracked[] } | undefined
      return result?.jobs ?? []
    }
  }
  return []
}

/** The job talked about last: the last tool call that named one, else the session's job. */
function lastJob(context: Context): string | null {
  for (let i = context.history.length - 1; i >= 0; i--) {
    const message = context.history[i]!
    const calls = message.role === 'assistant' ? (message.content.tool_calls as { arguments: Record<string, unknown> }[] | undefined) : undefined
    const slug = calls?.map((call) => call.arguments.slug).find((value) => typeof value === 'string')
    if (typeof slug === 'string') return slug
  }
  return context.sessionJob
}

/** The job a request points at, or null with nothing to point at. */
function targetOf(text: string, lower: string, context: Context): string | null {
  const results = lastResults(context.history)
  for (const [pattern, index] of ORDINALS) {
    if (pattern.test(lower) && results.length) return (index === -1 ? results[results.length - 1] : results[index])?.slug ?? null
  }
  const named = (jobs: Tracked[]) => jobs.find((job) => lower.includes(job.company.toLowerCase()) || lower.includes(job.title.toLowerCase()))
  const found = named(context.tracked) ?? named(results)
  if (found) return found.slug
  const slug = /\b([a-z0-9]+(?:-[a-z0-9]+){2,})\b/.exec(text)
  if (slug) return slug[1]!
  return lastJob(context)
}

function searchParams(text: string, lower: string): string {
  const params = new URLSearchParams()
  const mode = /\bremote\b/.test(lower) ? 'remote' : /\bhybrid\b/.test(lower) ? 'hybrid' : /\b(on-?site|in[- ]office|in the office)\b/.test(lower) ? 'onsite' : null
  let rest = text
  const place = /\b(?:in|near|around|based in)\s+((?:the\s)?[A-Z][\p{L}-]+(?:\s[A-Z][\p{L}-]+)?)/u.exec(text)
  if (place) {
    const name = place[1]!
    const country = COUNTRIES[name.toLowerCase()]
    params.set(country ? 'countries' : 'cities', country ?? name)
    rest = rest.replace(place[0], ' ')
  }
  if (mode) params.set('work_mode', mode)
  const words = rest
    .toLowerCase()
    .replace(/[?!.,;:"“”]/g, ' ')
    .split(/\s+/)
    .filter((word) => word && !FILLER.has(word))
  if (words.length) params.set('q', words.join(' '))
  if (/\b(newest|latest|recent)\b/.test(lower)) params.set('sort', 'posted_at')
  return params.toString()
}

export function understand(text: string, context: Context): Plan {
  const lower = text.toLowerCase()
  const target = () => targetOf(text, lower, context)
  const about = (name: string, need: string): Plan => {
    const slug = target()
    return slug ? { kind: 'tool', name, input: { slug } } : { kind: 'text', text: `Which job ${need}? Search first (“rust jobs in Berlin”) or name the company.` }
  }
  if (/^\s*(hi|hello|hey|thanks|thank you)\b|^\s*help\s*[?!.]*$|what can you do|how does this work/.test(lower)) return { kind: 'text', text: `Hello! ${CAPABILITIES}` }
  const cv = understandCv(text, lower, context.cvs, context.sessionCv)
  if (cv) return cv
  if (/follow[- ]?up|\bchase\b|\bnudge\b|check in with/.test(lower)) return about('draft_follow_up', 'should the follow-up be about')
  if (/\bfit\b|\bmatch|analy[sz]|qualified|my chances|suited|good candidate|\bgaps?\b|how do i compare|should i apply/.test(lower)) return about('match_analysis', 'should I analyse')
  const stage = STAGE_WORDS.find(([pattern]) => pattern.test(lower))?.[1]
  const stageVerb = /\b(move|set|mark|put|change|update)\b/.test(lower) || /\b(got|have|had|landed|received|scheduled)\b/.test(lower) || /\bi (just )?(applied|withdrew|accepted)\b|rejected me|turned me down|\bdidn'?t get\b/.test(lower)
  if (stage && stageVerb && !/\bjobs\b/.test(lower)) {
    const slug = target()
    return slug ? { kind: 'tool', name: 'set_stage', input: { slug, stage } } : { kind: 'text', text: 'Which application? Name the company or the job.' }
  }
  if (/\b(save|bookmark|keep|star|shortlist)\b/.test(lower)) return about('save_job', 'should I save')
  if (/pipeline|my applications|\bapplications\b|where do i stand|how am i doing|my board|tracked|what have i applied/.test(lower)) return { kind: 'tool', name: 'pipeline', input: {} }
  if (/tell me (more )?about|more about|details|describe|\bopen\b|what is the|what's the|read\b|show me the (first|second|third|fourth|fifth|last)/.test(lower)) return about('read_job', 'do you mean')
  if (/\b(jobs?|roles?|positions?|openings?|vacanc\w*|find|search|look(ing)? for|hiring|any)\b/.test(lower)) return { kind: 'tool', name: 'search_jobs', input: { params: searchParams(text, lower) } }
  return { kind: 'text', text: `I can’t do that without a language model. ${CAPABILITIES}` }
}

/** The answer written from a tool's result. */
export function reply(name: string, result: any, isError: boolean): string {
  if (isError) return `That did not work: ${result?.error ?? 'unknown error'}.`
  const cv = replyCv(name, result)
  if (cv !== null) return cv
  const line = (job: any) => `${job.title} — ${job.company}${job.location ? ` (${job.location}${job.work_mode ? `, ${job.work_mode}` : ''})` : job.work_mode ? ` (${job.work_mode})` : ''}`
  switch (name) {
    case 'search_jobs':
      if (!result.jobs.length) return 'I found no open jobs for that. Try fewer words or another place.'
      return [`I found ${result.total} job${result.total === 1 ? '' : 's'}${result.total > result.jobs.length ? `; the first ${result.jobs.length}` : ''}:`, ...result.jobs.map((job: any, i: number) => `${i + 1}. ${line(job)}`), 'Say “save the second one”, “tell me about the first” or “am I a good fit for the first?”.'].join('\n')
    case 'read_job':
      return `${line(result)}\n${result.skills?.length ? `Skills: ${result.skills.join(', ')}\n` : ''}${result.description.slice(0, 600)}`
    case 'match_analysis':
      return [`${result.verdict} (${result.overall_score}/100).`, result.blockers.length ? `What holds you back: ${result.blockers.join(' ')}` : '', result.gaps.length ? `Gaps: ${result.gaps.join(' ')}` : '', result.strengths.length ? `Strengths: ${result.strengths.join('; ')}.` : '', result.recommendation].filter(Boolean).join('\n')
    case 'save_job':
      return `Saved ${line(result.saved)}.`
    case 'set_stage':
      return `Moved ${line(result.job)} to ${result.stage}.`
    case 'pipeline': {
      const counts = Object.entries(result.stages as Record<string, number>).filter(([, n]) => n > 0).map(([stage, n]) => `${stage} ${n}`)
      if (!result.tracked.length) return 'You are not tracking any application yet. Search for jobs and save or move one to start.'
      return [`You track ${result.tracked.length} job${result.tracked.length === 1 ? '' : 's'}${counts.length ? ` (${counts.join(', ')})` : ''}:`, ...result.tracked.slice(0, 10).map((app: any) => `• ${app.title} — ${app.company}: ${app.stage ?? 'saved'}`)].join('\n')
    }
    case 'draft_follow_up':
      return `Here is a draft (not sent):\nSubject: ${result.subject}\n\n${result.body}`
    default:
      return 'Done.'
  }
}
