import type { JobRecord } from '../../src/catalogue/job-record.ts'
import { fixtureJob } from '../helpers/app.ts'

/** A small catalogue for the MCP tests: three postings, two backend, with skills, places and Markdown-worthy HTML. */
export function mcpCatalogue(): JobRecord[] {
  return [
    fixtureJob({
      publicSlug: 'go-engineer-acme', title: 'Go Engineer', company: { slug: 'acme', name: 'Acme' }, category: 'backend', seniority: 'senior',
      countries: ['de'], regions: ['eu'], cities: [{ name: 'Berlin', country: 'de' }], workMode: 'hybrid',
      skills: [{ slug: 'go', name: 'Go' }, { slug: 'postgresql', name: 'PostgreSQL' }],
      descriptionHtml: '<p>Build <strong>gRPC</strong> services.</p><ul><li>Go</li><li>PostgreSQL</li></ul>', descriptionText: 'Build gRPC services. Go PostgreSQL',
      postedAt: '2026-11-20T00:00:00.000Z',
    }),
    fixtureJob({
      publicSlug: 'rust-engineer-globex', title: 'Rust Engineer', company: { slug: 'globex', name: 'Globex' }, category: 'backend', seniority: 'middle',
      countries: ['nl'], regions: ['eu'], workMode: 'remote', skills: [{ slug: 'rust', name: 'Rust' }, { slug: 'go', name: 'Go' }],
      postedAt: '2026-11-21T00:00:00.000Z',
    }),
    fixtureJob({
      publicSlug: 'frontend-developer-acme', title: 'Frontend Developer', company: { slug: 'acme', name: 'Acme' }, category: 'frontend', seniority: 'junior',
      countries: ['de'], regions: ['eu'], workMode: 'onsite', skills: [{ slug: 'react', name: 'React' }],
      postedAt: '2026-11-22T00:00:00.000Z',
    }),
  ]
}
