import type { DB } from '../db/connection.ts'
import type { CvDocument } from './document.ts'
import type { CvRow } from './store.ts'
import { skillSlug, skillsInText } from '../vocabulary/skill-names.ts'
import { SENIORITY_LEVELS, seniorityFromYears } from '../vocabulary/titles.ts'
import { conflict } from '../errors.ts'

/**
 * How well a tailored CV fits its job, deterministically (no model): requirements coverage 40,
 * keyword match 30, job title match 20, seniority fit 10. The job's skills come from enrichment;
 * its requirements are the description's lines that name skills; the CV's skills are what its
 * text names (the same skill dictionary). A category without data is `available: false` and the
 * overall score is the earned share of the available weights.
 */
interface Category {
  id: string
  label: string
  earned: number
  weight: number
  available: boolean
  reason?: string
  items?: string[]
}

const STOP = new Set(['and', 'the', 'for', 'with', 'senior', 'junior', 'lead', 'staff', 'principal', 'middle', 'mid', 'level', 'remote', 'engineer', 'sr', 'jr'])
const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}+#]+/u).filter((w) => w.length >= 2 && !STOP.has(w))

export function cvText(document: CvDocument): string {
  const strings: string[] = []
  const walk = (node: unknown) => {
    if (typeof node === 'string') strings.push(node)
    else if (Array.isArray(node)) node.forEach(walk)
    else if (node && typeof node === 'object') Object.entries(node).forEach(([key, value]) => key !== 'margins' && key !== 'style' && walk(value))
  }
  walk(document)
  return strings.join('\n')
}

function yearsOf(document: CvDocument, now: Date): number | null {
  const spans = (document.experience ?? []).flatMap((e) => {
    const start = Number(/\d{4}/.exec(e.start ?? '')?.[0])
    const end = e.current ? now.getUTCFullYear() : Number(/\d{4}/.exec(e.end ?? '')?.[0] ?? now.getUTCFullYear())
    return Number.isFinite(start) && start > 1900 ? [[start, Math.max(start, end)] as const] : []
  })
  if (spans.length === 0) return null
  return Math.max(...spans.map(([, end]) => end)) - Math.min(...spans.map(([start]) => start))
}

const round = (n: number) => Math.round(n * 10) / 10

export function jobMatch(db: DB, row: CvRow, now: Date) {
  if (row.kind !== 'tailored') throw conflict('not a tailored CV')
  const job = row.job_id === null ? undefined : (db.prepare('SELECT title, description_text, seniority FROM jobs WHERE id = ?').get(row.job_id) as { title: string; description_text: string; seniority: string | null } | undefined)
  if (!job) throw conflict('the vacancy is gone')
  const document = JSON.parse(row.document) as CvDocument
  const text = cvText(document)
  const mine = new Set([...skillsInText(text), ...(document.skills ?? []).flatMap((g) => (g.items ?? []).map(skillSlug))])
  const jobSkills = (db.prepare('SELECT skill FROM job_skills WHERE job_id = ? ORDER BY skill').all(row.job_id) as { skill: string }[]).map((s) => s.skill)
  const matched = jobSkills.filter((s) => mine.has(s))
  const missing = jobSkills.filter((s) => !mine.has(s))

  const requirements = job.description_text
    .split(/\n|(?<=[.;])\s+/)
    .map((line) => line.replace(/^[\s•*·-]+/, '').trim())
    .filter((line) => line.length > 0 && line.length <= 400)
    .map((line) => ({ line, skills: [...new Set(skillsInText(line))] }))
    .filter((r) => r.skills.length > 0)
    .slice(0, 30)
    .map(({ line, skills }) => {
      const absent = skills.filter((s) => !mine.has(s))
      return { text: line, priority: /nice to have|bonus|\bplus\b|preferred/i.test(line) ? 'nice' : 'must', coverage: absent.length === 0 ? 'covered' : 'missing', skills, ...(absent.length ? { missing: absent } : {}) }
    })
  const covered = requirements.filter((r) => r.coverage === 'covered').length

  const titleWords = [...new Set(words(job.title))]
  const roleText = new Set(words([row.title, ...(document.experience ?? []).map((e) => e.role ?? ''), document.summary ?? ''].join(' ')))
  const titleHits = titleWords.filter((w) => roleText.has(w))

  const years = yearsOf(document, now)
  const have = seniorityFromYears(years)
  const gap = have && job.seniority ? Math.abs(SENIORITY_LEVELS.indexOf(have) - SENIORITY_LEVELS.indexOf(job.seniority === 'staff' || job.seniority === 'principal' ? 'lead' : job.seniority)) : null

  const categories: Category[] = [
    requirements.length
      ? { id: 'requirements_coverage', label: 'Requirements coverage', earned: round((40 * covered) / requirements.length), weight: 40, available: true, items: requirements.filter((r) => r.coverage === 'covered').map((r) => r.text) }
      : { id: 'requirements_coverage', label: 'Requirements coverage', earned: 0, weight: 40, available: false, reason: 'the job description names no requirements we recognise' },
    jobSkills.length
      ? { id: 'keyword_match', label: 'Keyword match', earned: round((30 * matched.length) / jobSkills.length), weight: 30, available: true, items: matched }
      : { id: 'keyword_match', label: 'Keyword match', earned: 0, weight: 30, available: false, reason: 'the job lists no skills' },
    titleWords.length
      ? { id: 'job_title_match', label: 'Job title match', earned: round((20 * titleHits.length) / titleWords.length), weight: 20, available: true, items: titleHits }
      : { id: 'job_title_match', label: 'Job title match', earned: 0, weight: 20, available: false, reason: 'the job title has no words to match' },
    gap === null
      ? { id: 'seniority_fit', label: 'Seniority fit', earned: 0, weight: 10, available: false, reason: job.seniority ? 'the CV shows no dated experience' : 'the job states no seniority' }
      : { id: 'seniority_fit', label: 'Seniority fit', earned: gap === 0 ? 10 : gap === 1 ? 5 : 0, weight: 10, available: true, items: [`${have} (${years} years) for ${job.seniority}`] },
  ]
  const available = categories.filter((c) => c.available)
  const weight = available.reduce((sum, c) => sum + c.weight, 0)
  if (weight === 0) return { available: false, reason: 'the job gives nothing to score against' }
  const overall = Math.round((100 * available.reduce((sum, c) => sum + c.earned, 0)) / weight)
  return { available: true, score: { overall, categories, contributing: available.map((c) => c.id), matched_skills: matched, missing_skills: missing, requirements } }
}
