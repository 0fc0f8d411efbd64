import type { DB } from '../db/connection.ts'
import { domainOf } from './triage.ts'

/**
 * Which of the caller's applications a message is about. Evidence, strongest first: the message
 * answers (In-Reply-To / References) a message already linked; the sender's domain is the
 * company's (or spells its name); the company's name is in the sender name or subject, or only in the body; the role's
 * title is mentioned. A clear single winner is linked (`auto`); an uncertain or tied one becomes a
 * suggestion the user confirms or rejects.
 */
export interface LinkInput {
  userId: number
  fromAddr: string
  fromName: string
  subject: string
  text: string
  inReplyTo: string | null
  refs: string[]
  /** The original sender of a forwarded message. */
  forwardedFrom?: string
  forwardedName?: string
}

export type LinkDecision = { kind: 'link'; jobId: number; reason: string } | { kind: 'suggest'; jobId: number; reason: string } | { kind: 'none' }

interface Candidate {
  job_id: number
  title: string
  company: string
  homepage: string | null
  careers_url: string | null
  created_at: string
}

const LEGAL_FORMS = /\b(inc|llc|ltd|limited|gmbh|ag|se|sa|sas|sarl|s ?l|bv|b ?v|nv|plc|corp|corporation|co|company|ооо|ао|пао)\b/g

/** Lowercased letters and digits separated by single spaces, padded, so ` name ` finds whole words. */
export const normalizeWords = (text: string): string => ` ${text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `

export const companyKey = (name: string): string => normalizeWords(name).replace(LEGAL_FORMS, ' ').replace(/\s+/g, ' ')

/** The registrable part of a host: the last two labels, three under a two-letter second-level zone (co.uk). */
export function rootDomain(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.')
  const n = /^(co|com|org|net|ac|gov)$/.test(labels.at(-2) ?? '') && (labels.at(-1) ?? '').length === 2 ? 3 : 2
  return labels.slice(-n).join('.')
}

export function hostOf(url: string | null): string | undefined {
  if (!url) return undefined
  try {
    return new URL(url).hostname
  } catch {
    return undefined
  }
}

const SENIORITY = / (senior|junior|lead|principal|staff|head of|sr|jr|mid|middle|intern) /g

export function decideLink(db: DB, input: LinkInput): LinkDecision {
  const thread = [input.inReplyTo, ...input.refs].filter((id): id is string => !!id)
  if (thread.length) {
    const placeholders = thread.map(() => '?').join(',')
    const jobId = db
      .prepare(`SELECT job_id FROM emails WHERE user_id = ? AND job_id IS NOT NULL AND message_id IN (${placeholders}) ORDER BY received_at DESC LIMIT 1`)
      .pluck()
      .get(input.userId, ...thread) as number | undefined
    if (jobId !== undefined) return { kind: 'link', jobId, reason: 'thread' }
  }
  const candidates = db
    .prepare(
      `SELECT a.job_id, j.title, c.name AS company, c.homepage, c.careers_url, a.created_at
       FROM applications a JOIN jobs j ON j.id = a.job_id JOIN companies c ON c.id = j.company_id
       WHERE a.user_id = ? ORDER BY coalesce(a.applied_at, a.created_at) DESC, a.id DESC`,
    )
    .all(input.userId) as Candidate[]
  if (!candidates.length) return { kind: 'none' }
  const senders = [input.fromAddr, input.forwardedFrom].filter((a): a is string => !!a && a.includes('@')).map((a) => rootDomain(domainOf(a)))
  const head = normalizeWords(`${input.fromName} ${input.forwardedName ?? ''} ${input.subject}`)
  const body = normalizeWords(input.text)
  const perCompany = new Map<string, number>()
  for (const c of candidates) perCompany.set(companyKey(c.company), (perCompany.get(companyKey(c.company)) ?? 0) + 1)
  const scored = candidates.map((c) => {
    const domains = [hostOf(c.homepage), hostOf(c.careers_url)].filter((h): h is string => !!h).map(rootDomain)
    const key = companyKey(c.company)
    const title = normalizeWords(c.title)
    const core = title.replace(SENIORITY, ' ').replace(/\s+/g, ' ')
    const compact = key.replace(/ /g, '')
    let score = 0
    if (senders.some((d) => domains.includes(d))) score += 3
    // No homepage known: a sender domain spelling the company's name (jobs@globex.example for Globex) is nearly as good.
    else if (compact.length >= 3 && senders.some((d) => d.split('.')[0]!.replace(/-/g, '') === compact)) score += 2
    // The only application at a company named in the sender or subject needs no role to be certain.
    if (key.trim().length >= 2 && head.includes(key)) score += perCompany.get(key) === 1 ? 3 : 2
    else if (key.trim().length >= 2 && body.includes(key)) score += 1
    if (title.trim() && (head.includes(title) || body.includes(title))) score += 2
    else if (core.trim().length >= 4 && (head.includes(core) || body.includes(core))) score += 1
    return { c, score }
  })
  scored.sort((a, b) => b.score - a.score)
  const [best, second] = scored
  if (!best || best.score < 2) return { kind: 'none' }
  const tied = second !== undefined && second.score === best.score
  if (best.score >= 3 && !tied) return { kind: 'link', jobId: best.c.job_id, reason: 'company' }
  return { kind: 'suggest', jobId: best.c.job_id, reason: tied ? 'tied' : 'weak' }
}
