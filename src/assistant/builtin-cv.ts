import type { CvDocument } from '../cv/document.ts'
import { skillSlug } from '../vocabulary/skill-names.ts'
import type { Plan } from './builtin.ts'

/**
 * The built-in assistant's CV requests, in plain words: "add Kubernetes to my skills on my Acme CV",
 * "remove PHP from my CV", "set my summary to …", "add a bullet to my latest role: …", "show my
 * CVs", "what's on my Acme CV?". Each becomes one `list_cvs`, `read_cv` or `patch_cv` call with
 * concrete ops against the CV as it stands. The CV meant is the one named (a tailored CV by its
 * job's company or title, "base"), else the tailoring session's, else the base CV.
 */
export interface CvBrief {
  id: string
  kind: 'base' | 'tailored'
  company: string | null
  jobTitle: string | null
  document: CvDocument
}

const CV_WORD = /\b(cvs?|résumés?|resumes?)\b/
const HEADER_FIELDS: [RegExp, string][] = [[/\bname\b/, 'header.full_name'], [/\be-?mail\b/, 'header.email'], [/\bphone\b/, 'header.phone']]

function whichCv(lower: string, cvs: CvBrief[], sessionCv: string | null): CvBrief | null {
  if (/\b(base|main|master|general)\b/.test(lower)) return cvs.find((cv) => cv.kind === 'base') ?? null
  const named = cvs.find((cv) => cv.kind === 'tailored' && ((cv.company && lower.includes(cv.company.toLowerCase())) || (cv.jobTitle && lower.includes(cv.jobTitle.toLowerCase()))))
  return named ?? cvs.find((cv) => cv.id === sessionCv) ?? cvs.find((cv) => cv.kind === 'base') ?? (cvs.length === 1 ? cvs[0]! : null)
}

const label = (cv: CvBrief) => (cv.kind === 'base' ? 'your base CV' : `your ${cv.company ?? cv.jobTitle ?? 'tailored'} CV`)

/** The words a request names, without the CV's own name: "Kubernetes and Docker" → ["Kubernetes", "Docker"]. */
function itemsOf(phrase: string, cv: CvBrief): string[] {
  const drop = [cv.company, cv.jobTitle].filter(Boolean).map((word) => word!.toLowerCase())
  return phrase
    .replace(/["“”'‘’]/g, '')
    .split(/\s*,\s*|\s+and\s+|\s*&\s*/)
    .map((item) => item.trim())
    .filter((item) => item && !drop.includes(item.toLowerCase()))
}

/** A CV request's plan, or null when the words are not about a CV edit or read. */
export function understandCv(text: string, lower: string, cvs: CvBrief[], sessionCv: string | null): Plan | null {
  const aboutCv = CV_WORD.test(lower) || (sessionCv !== null && /\b(skills?|summary|bullets?)\b/.test(lower))
  const edit = /\b(add|put|include|remove|delete|drop|take|set|change|update|replace|rewrite)\b/.test(lower) && (aboutCv || /\b(my|the) (skills|summary)\b|\bbullet\b/.test(lower))
  const read = !edit && aboutCv && /\b(show|read|open|see|view|what'?s on|what is on|look at)\b/.test(lower)
  if (!edit && aboutCv && /\b(list|which|all|my)\b.*\b(cvs|résumés|resumes)\b/.test(lower)) return { kind: 'tool', name: 'list_cvs', input: {} }
  if (!edit && !read) return null
  const cv = whichCv(lower, cvs, sessionCv)
  if (!cv) return { kind: 'text', text: cvs.length ? 'Which CV? Say “my base CV” or name the company of a tailored one.' : 'You have no CV yet: create your base CV in the CV editor, or tailor one to a job.' }
  if (read) return { kind: 'tool', name: 'read_cv', input: { cv_id: cv.id } }
  const patch = (ops: unknown[], note: string): Plan => ({ kind: 'tool', name: 'patch_cv', input: { cv_id: cv.id, ops, note } })
  const after = (pattern: RegExp) => pattern.exec(text)?.[1]?.trim().replace(/^["“']|["”']$/g, '')

  if (/\bbullet\b/.test(lower)) {
    const bullet = after(/:\s*(.+)$/s) ?? after(/["“](.+?)["”]/)
    if (!bullet) return { kind: 'text', text: 'What should the bullet say? Put it after a colon: “add a bullet to my latest role: Cut p95 latency by 40%”.' }
    const roles = cv.document.experience ?? []
    const index = Math.max(0, roles.findIndex((role) => (role.company && lower.includes(role.company.toLowerCase())) || (role.role && lower.includes(role.role.toLowerCase()))))
    if (!roles.length) return { kind: 'text', text: `${label(cv)} lists no role yet to add a bullet to.` }
    return patch([{ kind: 'insert', path: `experience[${index}].bullets[${roles[index]!.bullets?.length ?? 0}]`, value: bullet }], 'A bullet asked for in the assistant')
  }
  const header = HEADER_FIELDS.find(([pattern]) => pattern.test(lower))
  const value = after(/\bto\b:?\s+(.+)$/s)
  if (/\bsummary\b/.test(lower) && value) return patch([{ kind: 'set', path: 'summary', value }], 'Summary asked for in the assistant')
  if (header && /\b(set|change|update|replace)\b/.test(lower) && value) return patch([{ kind: 'set', path: header[1], value }], 'Asked for in the assistant')

  const groups = cv.document.skills ?? []
  if (/\b(remove|delete|drop|take)\b/.test(lower)) {
    const phrase = after(/\b(?:remove|delete|drop|take)\s+(.+?)\s+(?:from|off|out of)\b/) ?? ''
    const wanted = new Set(itemsOf(phrase, cv).map(skillSlug))
    const ops = groups.flatMap((group, g) => (group.items ?? []).map((item, i) => ({ g, i, item }))).filter(({ item }) => wanted.has(skillSlug(item)))
    if (!ops.length) return { kind: 'text', text: `${label(cv)} does not list ${phrase || 'that'} among its skills.` }
    return patch(ops.reverse().map(({ g, i }) => ({ kind: 'remove', path: `skills[${g}].items[${i}]` })), `Removed ${phrase}`)
  }
  if (/\b(add|put|include)\b/.test(lower)) {
    const phrase = after(/\b(?:add|put|include)\s+(.+?)\s+(?:to|on|in|into|under)\b/) ?? ''
    const have = new Set(groups.flatMap((group) => (group.items ?? []).map(skillSlug)))
    const items = itemsOf(phrase, cv).filter((item) => !have.has(skillSlug(item)))
    if (!phrase) return { kind: 'text', text: 'What should I add? Say “add Kubernetes to my skills”.' }
    if (!items.length) return { kind: 'text', text: `${label(cv)} already lists ${phrase}.` }
    const start = groups[0]?.items?.length ?? 0
    const ops = groups.length === 0 ? [{ kind: 'set', path: 'skills', value: [{ group: 'Skills', items }] }] : items.map((item, i) => ({ kind: 'insert', path: `skills[0].items[${start + i}]`, value: item }))
    return patch(ops, `Added ${items.join(', ')}`)
  }
  return { kind: 'text', text: 'I can add or remove skills, set the summary, add a bullet to a role, and show your CVs. Say “add Kubernetes to my skills on my Acme CV”.' }
}

/** The answer written from a CV tool's result. */
export function replyCv(name: string, result: any): string | null {
  switch (name) {
    case 'list_cvs':
      if (!result.cvs.length) return 'You have no CV yet: create your base CV in the CV editor, or tailor one to a job.'
      return [`You have ${result.cvs.length} CV${result.cvs.length === 1 ? '' : 's'}:`, ...result.cvs.map((cv: any) => `• ${cv.title}${cv.kind === 'base' ? ' (base)' : ` — for ${cv.job_title} at ${cv.job_company}`}`)].join('\n')
    case 'read_cv': {
      const d = result.document
      const skills = (d.skills ?? []).flatMap((g: any) => g.items ?? [])
      return [`${result.title}:`, d.summary ? `Summary: ${d.summary}` : '', skills.length ? `Skills: ${skills.join(', ')}` : 'No skills listed.', ...(d.experience ?? []).slice(0, 5).map((e: any) => `• ${e.role ?? 'Role'}${e.company ? ` at ${e.company}` : ''} (${(e.bullets ?? []).length} bullets)`)].filter(Boolean).join('\n')
    }
    case 'patch_cv':
      return `Done: changed ${result.paths.join(', ')} on “${result.cv.title}”. Undo it in the CV’s history${result.batch_id ? ` (run ${result.batch_id})` : ''}.`
    default:
      return null
  }
}
