import type { DB } from '../db/connection.ts'
import { jobSlugByUrl } from '../catalogue/job-lookup.ts'
import { jobIdBySlug, loadJobs } from '../catalogue/job-json.ts'
import { jobPostingNodes, jsonLdScripts, rawFromJobPosting } from '../ingest/json-ld.ts'
import { htmlToText } from '../ingest/sanitize.ts'
import { findSkill } from '../vocabulary/skills.ts'
import { atsFactsOf } from './ats-urls.ts'
import { HOUR, spendCap } from '../plan/caps.ts'

/**
 * Fills a submission form from what is known without fetching anything: a posting the catalogue
 * already holds at that URL, else a schema.org JobPosting in the page HTML the client pasted (read by
 * the importer's JSON-LD reader), over what the URL of a known ATS says. Nothing known → `{}`.
 */
export interface Prefill {
  title?: string
  company?: string
  location?: string
  description?: string
  work_mode?: string
  employment_type?: string
  seniority?: string
  skills?: string[]
  source?: string
}

function fromCatalogue(db: DB, url: string): Prefill | null {
  const slug = jobSlugByUrl(db, url)
  const id = slug ? jobIdBySlug(db, slug) : undefined
  if (id === undefined) return null
  const job = loadJobs(db, [id], { description: 'text', ghost: false })[0] as Record<string, any>
  return {
    title: job.title,
    company: job.company,
    location: job.location ?? undefined,
    description: job.description || undefined,
    work_mode: job.work_mode ?? undefined,
    employment_type: job.enrichment?.employment_type ?? undefined,
    seniority: job.enrichment?.seniority ?? undefined,
    skills: job.skills?.length ? job.skills : undefined,
    source: job.source,
  }
}

function fromPage(html: string, url: string): Prefill | null {
  for (const script of jsonLdScripts(html)) {
    let value: unknown
    try {
      value = JSON.parse(script)
    } catch {
      continue
    }
    for (const { node } of jobPostingNodes(value)) {
      if (!node) continue
      try {
        const raw = rawFromJobPosting(node, () => ({ source: 'prefill', externalId: url }), new Date())
        const skills = [...new Set((raw.stated?.skills ?? []).map((s) => findSkill(s)?.slug).filter((s): s is string => Boolean(s)))]
        return {
          title: raw.title,
          company: raw.company.name,
          location: raw.location ?? undefined,
          description: raw.description ? htmlToText(raw.description) : undefined,
          work_mode: raw.stated?.workMode ?? undefined,
          employment_type: raw.stated?.employmentType ?? undefined,
          skills: skills.length ? skills : undefined,
        }
      } catch {
        // A JobPosting without a title or employer fills nothing; try the next one.
      }
    }
  }
  return null
}

const defined = (prefill: Prefill): Prefill =>
  Object.fromEntries(Object.entries(prefill).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Prefill

/** The prefill of one caller's request: counted against their hourly allowance first (429 past it). */
export function prefillFor(db: DB, userId: number, input: { url: string; html?: string }, options: { now: Date; perHour: number }): Prefill {
  db.transaction(() => {
    spendCap(db, userId, { kind: 'prefill', limit: options.perHour, windowSeconds: HOUR, what: 'prefills' }, options.now)
  })()
  return prefillSubmission(db, input.url.trim(), input.html)
}

function prefillSubmission(db: DB, url: string, html?: string): Prefill {
  const known = fromCatalogue(db, url)
  if (known) return defined(known)
  const ats = atsFactsOf(url) ?? {}
  const page = html ? fromPage(html, url) : null
  return defined({ ...ats, ...(page ?? {}) })
}
