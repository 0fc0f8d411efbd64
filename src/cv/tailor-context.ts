import type { DB } from '../db/connection.ts'
import type { CvRow } from './store.ts'
import { jobMatch } from './job-match.ts'
import { conflict } from '../errors.ts'
import { verdictOf } from '../match/analysis.ts'

/**
 * What an assistant needs to tailor a CV: the job and an analysis of the fit. No match-analysis
 * cache exists yet, so the analysis is the deterministic job match (job-match.ts) in the
 * match-analysis shape, with the verdict bands of the match analysis.
 */
export function tailorContext(db: DB, row: CvRow, now: Date) {
  const match = jobMatch(db, row, now)
  if (!match.available || !match.score) throw conflict('no analysis is available for this job')
  const job = db.prepare('SELECT j.title, c.name AS company, j.public_slug, j.description_text FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.id = ?').get(row.job_id) as { title: string; company: string; public_slug: string; description_text: string }
  const { score } = match
  const requirements = score.requirements
  const covered = requirements.filter((r) => r.coverage === 'covered')
  const open = requirements.filter((r) => r.coverage !== 'covered')
  return {
    job: { title: job.title, company: job.company, public_slug: job.public_slug, description: job.description_text.slice(0, 6000) },
    verdict: verdictOf(score.overall),
    overall_score: score.overall,
    recommendation: open.length
      ? `Lead with what the job asks for that the CV already shows; ${score.missing_skills.length ? `the CV does not name ${score.missing_skills.join(', ')}: add them only where the experience bears them out` : 'close the open requirements with evidence from your experience'}.`
      : 'The CV already covers every requirement the description names: tighten the wording and keep the strongest bullets first.',
    dimensions: score.categories.map((c) => ({ key: c.id, label: c.label, score: c.available ? Math.round((100 * c.earned) / c.weight) : null, comment: c.reason ?? (c.items?.length ? c.items.slice(0, 5).join('; ') : '') })),
    missing_have: [],
    missing_gap: open.map((r) => ({ text: r.text, priority: r.priority === 'nice' ? 'preferred' : 'required', status: 'missing-gap', skills: r.skills })),
    strengths: covered.slice(0, 6).map((r) => r.text),
    gaps: open.slice(0, 6).map((r) => r.text),
  }
}
