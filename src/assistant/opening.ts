import type { DB } from '../db/connection.ts'
import type { Session } from './sessions.ts'
import { jobHeading } from '../catalogue/job-lookup.ts'

/** The server-side brief an interview or debrief session opens with, as its first user turn. */
export function openingBrief(db: DB, session: Session): string {
  const job = session.job_id ? jobHeading(db, { slug: session.job_id }) : undefined
  const role = job ? `the ${job.title} role at ${job.company} (${session.job_id})` : `job ${session.job_id}`
  return session.preset === 'interview'
    ? `Help me prepare for my interview for ${role}. Tell me about the job and where I fit.`
    : `Help me debrief my interview for ${role}. Tell me about the job so we can go over how it went.`
}
