import type { JobRecord } from '../../src/catalogue/job-record.ts'
import { fixtureJob } from '../helpers/app.ts'

const COMPANIES = [
  { slug: 'acme', name: 'Acme', tagline: 'Rockets and anvils, delivered' },
  { slug: 'globex', name: 'Globex' },
  { slug: 'initech', name: 'Initech' },
  { slug: 'umbrella', name: 'Umbrella Health' },
]
const ROLES = [
  { title: 'Backend Engineer', category: 'backend', skills: ['typescript', 'postgresql'] },
  { title: 'Rust Systems Engineer', category: 'backend', skills: ['rust', 'kubernetes'] },
  { title: 'Frontend Developer', category: 'frontend', skills: ['typescript', 'react'] },
  { title: 'Data Engineer', category: 'data_engineering', skills: ['python', 'spark'] },
  { title: 'Site Reliability Engineer', category: 'sre', skills: ['go', 'kubernetes'] },
]
const PLACES = [
  { city: 'Berlin', country: 'de', region: 'eu', currency: 'EUR' },
  { city: 'Amsterdam', country: 'nl', region: 'eu', currency: 'EUR' },
  { city: 'London', country: 'gb', region: 'uk', currency: 'GBP' },
  { city: 'New York', country: 'us', region: 'north_america', currency: 'USD' },
]
const MODES = ['remote', 'hybrid', 'onsite', 'remote', 'hybrid', 'remote', 'onsite'] as const
const SENIORITY = ['junior', 'middle', 'senior', 'senior', 'lead']
const SKILL_NAMES: Record<string, string> = {
  typescript: 'TypeScript', postgresql: 'PostgreSQL', rust: 'Rust', kubernetes: 'Kubernetes', react: 'React', python: 'Python', spark: 'Spark', go: 'Go',
}

/**
 * A small but varied open catalogue for the page tests: every facet the sidebar shows has several
 * values with different counts, salaries and experience vary, some postings carry ghost evidence,
 * and reposts of one role share a cluster (copies). 50 postings, 44 cards: more than four result pages.
 */
export function pageCatalogue(): JobRecord[] {
  const jobs: JobRecord[] = []
  for (let i = 0; i < 50; i++) {
    const role = ROLES[i % ROLES.length]
    const company = COMPANIES[i % COMPANIES.length]
    const place = PLACES[(i * 3) % PLACES.length]
    const mode = MODES[i % MODES.length]
    const salaryMin = 50_000 + (i % 9) * 10_000
    const day = String(1 + (i % 28)).padStart(2, '0')
    const stale = i % 6 === 5
    jobs.push(
      fixtureJob({
        externalId: `page-${i}`,
        title: role.title,
        company,
        url: `https://jobs.example.org/${company.slug}/${i}`,
        location: mode === 'remote' ? `Remote (${place.city})` : place.city,
        descriptionHtml: `<h2>About the role</h2><p>${company.name} is hiring a ${role.title} to build and run services used by millions.</p><ul><li>${role.skills.map((s) => SKILL_NAMES[s]).join(', ')}</li><li>Posting number ${i}</li></ul>`,
        descriptionText: `About the role. ${company.name} is hiring a ${role.title} to build and run services used by millions. ${role.skills.map((s) => SKILL_NAMES[s]).join(', ')}. Posting number ${i}.`,
        workMode: mode,
        category: role.category,
        seniority: SENIORITY[i % SENIORITY.length],
        employmentType: i % 10 === 9 ? 'contract' : 'full_time',
        companyType: i % 3 === 0 ? 'startup' : 'product',
        salaryMin: i % 7 === 6 ? null : salaryMin,
        salaryMax: i % 7 === 6 ? null : salaryMin + 30_000,
        salaryCurrency: i % 7 === 6 ? null : place.currency,
        salaryPeriod: i % 7 === 6 ? null : 'year',
        experienceYearsMin: 1 + (i % 6),
        regions: [place.region],
        countries: [place.country],
        cities: [{ name: place.city, country: place.country }],
        skills: role.skills.map((slug) => ({ slug, name: SKILL_NAMES[slug] })),
        // Three roles are listed three times each (20 postings apart: same company and title); search shows each as one card.
        clusterKey: i % 20 < 3 ? `${company.slug}:${role.title.toLowerCase()}:${i % 20}` : `page-${i}`,
        reality: { class: stale ? 'stale' : i % 11 === 10 ? 'likely-evergreen' : 'fresh', age_days: stale ? 80 : 3 + (i % 20), repost_count: i % 11 === 10 ? 4 : 0, mass_posting_count: 0, fake_freshness: false },
        ghost: i % 8 === 7 ? { level: i % 16 === 15 ? 'likely' : 'possible', criteria: ['no_salary', 'reposted_often'], criteria_total: 6, contributors: 2 } : null,
        postedAt: `2026-10-${day}T09:00:00.000Z`,
      }),
    )
  }
  return jobs
}
