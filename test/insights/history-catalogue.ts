import type { JobRecord } from '../../src/catalogue/job-record.ts'
import { createTestApp, fixtureJob } from '../helpers/app.ts'

/**
 * A catalogue whose history the insights tests know by heart. "Today" is TODAY; the growth window
 * day is 30 days earlier (2026-05-31).
 *
 * - Acme: 6 senior backend postings in Germany (go, postgresql), first seen 2026-06-10, all open,
 *   EUR yearly salaries with midpoints 60k, 70k, ... 110k.
 * - Initech: 6 middle backend postings in Germany (python, postgresql), first seen 2026-05-20; one
 *   closed 2026-05-25. The 5 open ones pay EUR 50k..70k a year (midpoints 50, 55, 60, 65, 70k).
 * - Globex: 3 junior frontend postings in the US (react), first seen 2026-05-01; two closed
 *   2026-06-15. USD salaries, too few for a bucket.
 */
export const TODAY = new Date('2026-06-30T12:00:00.000Z')

const at = (day: string) => `${day}T09:00:00.000Z`

export function historyCatalogue(): JobRecord[] {
  const jobs: JobRecord[] = []
  for (let i = 0; i < 6; i++) {
    jobs.push(fixtureJob({
      company: { slug: 'acme', name: 'Acme' }, title: `Senior Backend Engineer ${i}`, category: 'backend', seniority: 'senior',
      countries: ['de'], regions: ['eu'], skills: [{ slug: 'go', name: 'Go' }, { slug: 'postgresql', name: 'PostgreSQL' }],
      salaryMin: 55000 + i * 10000, salaryMax: 65000 + i * 10000, salaryCurrency: 'EUR', salaryPeriod: 'year',
      postedAt: at('2026-06-10'), createdAt: at('2026-06-10'),
    }))
  }
  for (let i = 0; i < 6; i++) {
    jobs.push(fixtureJob({
      company: { slug: 'initech', name: 'Initech' }, title: `Backend Developer ${i}`, category: 'backend', seniority: 'middle',
      countries: ['de'], regions: ['eu'], skills: [{ slug: 'python', name: 'Python' }, { slug: 'postgresql', name: 'PostgreSQL' }],
      salaryMin: i === 5 ? 90000 : 50000 + i * 5000, salaryCurrency: 'EUR', salaryPeriod: 'year',
      postedAt: at('2026-05-20'), createdAt: at('2026-05-20'), closedAt: i === 5 ? at('2026-05-25') : null,
    }))
  }
  for (let i = 0; i < 3; i++) {
    jobs.push(fixtureJob({
      company: { slug: 'globex', name: 'Globex' }, title: `Junior Frontend Developer ${i}`, category: 'frontend', seniority: 'junior',
      countries: ['us'], regions: ['north_america'], skills: [{ slug: 'react', name: 'React' }],
      salaryMin: 70000, salaryMax: 90000, salaryCurrency: 'USD', salaryPeriod: 'year',
      postedAt: at('2026-05-01'), createdAt: at('2026-05-01'), closedAt: i < 2 ? at('2026-06-15') : null,
    }))
  }
  return jobs
}

/** An app over that catalogue, its clock at TODAY. */
export function historyApp() {
  const app = createTestApp({ jobs: historyCatalogue() })
  app.ctx.now = () => TODAY
  return app
}
