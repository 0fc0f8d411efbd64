import { fixtureJob } from '../helpers/app.ts'
import type { JobRecord } from '../../src/catalogue/job-record.ts'

const skill = (slug: string) => ({ slug, name: slug })
const city = (name: string, country: string) => ({ name, country })

/** A small catalogue where every filter rule has postings on both sides of it. Titles are unique. */
export function searchCatalogue(): JobRecord[] {
  return [
    fixtureJob({
      title: 'Senior Go Engineer', company: { slug: 'stripe', name: 'Stripe', collections: ['unicorn', 'us-h1b-sponsor'] },
      descriptionText: 'Payments infrastructure in Go and Postgres.', skills: [skill('go'), skill('postgresql')],
      regions: ['eu'], countries: ['DE'], cities: [city('Berlin', 'de')], workMode: 'remote', seniority: 'senior', category: 'backend',
      salaryMin: 80000, salaryMax: 120000, salaryCurrency: 'EUR', salaryPeriod: 'year', experienceYearsMin: 5,
      visaSponsorship: true, postedAt: '2026-11-20T00:00:00.000Z', domains: ['fintech'],
    }),
    fixtureJob({
      title: 'Frontend Developer', company: { slug: 'acme', name: 'Acme' },
      descriptionText: 'React and TypeScript; some Go on the side.', skills: [skill('react'), skill('typescript')],
      regions: ['uk'], countries: ['GB'], cities: [city('London', 'gb')], workMode: 'hybrid', seniority: 'middle', category: 'frontend',
      salaryMin: 50000, salaryMax: 70000, salaryCurrency: 'GBP', salaryPeriod: 'year', experienceYearsMin: 0,
      visaSponsorship: false, postedAt: '2026-11-18T00:00:00.000Z', domains: ['ecommerce'],
    }),
    fixtureJob({
      title: 'Platform Engineer (C++ / C#)', company: { slug: 'globex', name: 'Globex', collections: ['bigtech'] },
      descriptionText: 'Low-latency C++ services, some C# tooling, Kubernetes.', skills: [skill('cpp'), skill('csharp'), skill('kubernetes')],
      regions: ['north_america'], countries: ['US'], cities: [city('Austin', 'us')], workMode: 'onsite', seniority: 'staff', category: 'devops',
      salaryMin: 150000, salaryMax: 200000, salaryCurrency: 'USD', salaryPeriod: 'year', experienceYearsMin: 8,
      requiresClearance: true, postedAt: '2026-11-10T00:00:00.000Z', roleType: 'people_manager',
    }),
    fixtureJob({
      title: 'Data Engineer', company: { slug: 'stripe', name: 'Stripe', collections: ['unicorn', 'us-h1b-sponsor'] },
      descriptionText: 'Pipelines in Python and Go. Engineering at scale.', skills: [skill('python'), skill('go')],
      regions: ['eu', 'uk'], countries: ['IE', 'GB'], cities: [city('Dublin', 'ie')], workMode: 'remote', seniority: 'senior', category: 'data_engineering',
      postedAt: '2026-11-15T00:00:00.000Z', domains: ['fintech', 'ai'],
    }),
    fixtureJob({
      title: 'Support Specialist', company: { slug: 'initech', name: 'Initech' },
      descriptionText: 'Help customers. No code needed.', skills: [],
      regions: [], workMode: null, seniority: 'junior', category: 'support', experienceYearsMin: 1,
      postedAt: '2026-11-05T00:00:00.000Z',
    }),
    fixtureJob({
      title: 'Go Developer (closed)', company: { slug: 'acme', name: 'Acme' },
      descriptionText: 'Go everywhere.', skills: [skill('go')], regions: ['eu'], countries: ['DE'], workMode: 'remote',
      postedAt: '2026-11-21T00:00:00.000Z', closedAt: '2026-11-21T12:00:00.000Z',
    }),
  ]
}
