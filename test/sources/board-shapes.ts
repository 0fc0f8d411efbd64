/**
 * Board responses in each vendor's documented shape, written for these tests from the public API
 * documentation (never recorded from a real company). Company and people are made up.
 */
export const greenhouseJob = (id: number, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  internal_job_id: id + 100000,
  title,
  updated_at: '2026-11-20T10:55:28-05:00',
  requisition_id: `R-${id}`,
  location: { name: 'Berlin, Germany' },
  absolute_url: `https://boards.greenhouse.io/acme/jobs/${id}`,
  metadata: null,
  content: '&lt;p&gt;Build our &lt;strong&gt;Go&lt;/strong&gt; services on Kubernetes.&lt;/p&gt;',
  departments: [{ id: 13583, name: 'Engineering', parent_id: null, child_ids: [] }],
  offices: [{ id: 8304, name: 'Berlin', location: 'Berlin, Germany', parent_id: null, child_ids: [] }],
  ...extra,
})
export const greenhouseBoard = (jobs: unknown[]) => ({ jobs, meta: { total: jobs.length } })

export const leverPosting = (id: string, text: string, extra: Record<string, unknown> = {}) => ({
  id,
  text,
  categories: { location: 'London', commitment: 'Full-time', team: 'Platform', department: 'Engineering' },
  country: 'GB',
  opening: '<p>Join us.</p>',
  openingPlain: 'Join us.',
  description: '<p>Join us. You will run our Rust services.</p>',
  descriptionPlain: 'Join us. You will run our Rust services.',
  lists: [{ text: 'Requirements', content: '<li>Rust</li><li>Linux</li>' }],
  additional: '<p>We offer a pension.</p>',
  additionalPlain: 'We offer a pension.',
  hostedUrl: `https://jobs.lever.co/acme/${id}`,
  applyUrl: `https://jobs.lever.co/acme/${id}/apply`,
  workplaceType: 'hybrid',
  salaryRange: { currency: 'GBP', interval: 'per-year-salary', min: 70000, max: 90000 },
  createdAt: 1763500000000,
  ...extra,
})

export const ashbyJob = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  location: 'Remote - Canada',
  secondaryLocations: [{ location: 'Toronto', address: { addressLocality: 'Toronto', addressRegion: 'Ontario', addressCountry: 'Canada' } }],
  department: 'Engineering',
  team: 'Data',
  isListed: true,
  isRemote: true,
  workplaceType: 'Remote',
  descriptionHtml: '<p>Own our data platform: Python, Airflow, Snowflake.</p>',
  descriptionPlain: 'Own our data platform: Python, Airflow, Snowflake.',
  publishedAt: '2026-11-18T16:21:55.393+00:00',
  employmentType: 'FullTime',
  address: { postalAddress: { addressLocality: 'Toronto', addressRegion: 'Ontario', addressCountry: 'Canada' } },
  jobUrl: `https://jobs.ashbyhq.com/acme/${id}`,
  applyUrl: `https://jobs.ashbyhq.com/acme/${id}/application`,
  shouldDisplayCompensationOnJobPostings: true,
  compensation: {
    compensationTierSummary: 'CA$140K – CA$170K • Offers Equity',
    scrapeableCompensationSalarySummary: 'CA$140K - CA$170K',
    compensationTiers: [
      {
        id: 'tier-1',
        tierSummary: 'CA$140K – CA$170K',
        title: 'Canada',
        components: [
          { id: 'c-1', summary: '0.1% – 0.2%', compensationType: 'EquityPercentage', interval: 'NONE', currencyCode: null, minValue: 0.1, maxValue: 0.2 },
          { id: 'c-2', summary: 'CA$140K – CA$170K', compensationType: 'Salary', interval: '1 YEAR', currencyCode: 'CAD', minValue: 140000, maxValue: 170000 },
        ],
      },
    ],
  },
  ...extra,
})

export const workableJob = (shortcode: string, title: string, extra: Record<string, unknown> = {}) => ({
  title,
  shortcode,
  code: '',
  employment_type: 'Full-time',
  telecommuting: true,
  department: 'Engineering',
  url: `https://apply.workable.com/j/${shortcode}`,
  shortlink: `https://apply.workable.com/j/${shortcode}`,
  application_url: `https://apply.workable.com/j/${shortcode}/apply`,
  published_on: '2026-11-17',
  created_at: '2026-11-16',
  country: 'Portugal',
  city: 'Lisbon',
  state: 'Lisbon',
  education: '',
  experience: 'Mid-Senior level',
  function: 'Engineering',
  industry: 'Computer Software',
  locations: [{ country: 'Portugal', countryCode: 'PT', city: 'Lisbon', region: 'Lisbon', hidden: false }],
  description: '<p>Design our React and TypeScript front end.</p>',
  ...extra,
})

export const smartPosting = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  uuid: `uuid-${id}`,
  name,
  refNumber: `REF${id}`,
  company: { identifier: 'acme', name: 'Acme Robotics' },
  releasedDate: '2026-11-15T19:36:42.346Z',
  location: { city: 'Warsaw', region: 'Masovia', country: 'pl', remote: false },
  industry: { id: 'internet', label: 'Internet' },
  department: { id: '18554', label: 'Engineering' },
  function: { id: 'engineering', label: 'Engineering' },
  typeOfEmployment: { label: 'Full-time' },
  experienceLevel: { id: 'mid_senior_level', label: 'Mid-Senior Level' },
  customField: [],
  ref: `https://api.smartrecruiters.com/v1/companies/acme/postings/${id}`,
  creator: { name: 'Jane Doe' },
  ...extra,
})
export const smartDetail = (id: string, name: string) => ({
  ...smartPosting(id, name),
  applyUrl: `https://jobs.smartrecruiters.com/acme/${id}-apply`,
  postingUrl: `https://jobs.smartrecruiters.com/acme/${id}`,
  jobAd: {
    sections: {
      companyDescription: { title: 'Company Description', text: '<p>Acme Robotics builds warehouse robots.</p>' },
      jobDescription: { title: 'Job Description', text: '<p>Write embedded C++ for our robot arms.</p>' },
      qualifications: { title: 'Qualifications', text: '<ul><li>C++</li><li>ROS</li></ul>' },
      additionalInformation: { title: 'Additional Information', text: '<p>Relocation support.</p>' },
    },
  },
})

export const recruiteeOffer = (id: number, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  slug: `offer-${id}`,
  title,
  description: '<p>Run our Kubernetes clusters and Terraform modules.</p>',
  requirements: '<ul><li>AWS</li></ul>',
  location: 'Amsterdam, Netherlands',
  city: 'Amsterdam',
  country: 'Netherlands',
  country_code: 'NL',
  remote: false,
  hybrid: true,
  on_site: false,
  careers_url: `https://acme.recruitee.com/o/offer-${id}`,
  careers_apply_url: `https://acme.recruitee.com/o/offer-${id}/c/new`,
  published_at: '2026-11-14 09:30:00 UTC',
  created_at: '2026-11-13 09:30:00 UTC',
  employment_type_code: 'fulltime_permanent',
  company_name: 'Acme BV',
  salary: { min: '60000', max: '75000', currency: 'EUR', period: 'year' },
  ...extra,
})

export function personioXml(positions: { id: string; name: string; office?: string; schedule?: string; extra?: string }[]): string {
  const items = positions.map(
    (p) => `  <position>
    <id>${p.id}</id>
    <subcompany>Acme GmbH</subcompany>
    <office>${p.office ?? 'Munich'}</office>
    <additionalOffices><office>Berlin</office></additionalOffices>
    <department>Engineering</department>
    <recruitingCategory>Tech</recruitingCategory>
    <name>${p.name}</name>
    <jobDescriptions>
      <jobDescription><name>Your tasks</name><value><![CDATA[<p>Build our Java &amp; Spring services.</p>]]></value></jobDescription>
      <jobDescription><name>Your profile</name><value><![CDATA[<ul><li>Java</li><li>PostgreSQL</li></ul>]]></value></jobDescription>
    </jobDescriptions>
    <employmentType>permanent</employmentType>
    <seniority>experienced</seniority>
    <schedule>${p.schedule ?? 'full-time'}</schedule>
    <yearsOfExperience>2-5</yearsOfExperience>
    <occupation>software_and_web_development</occupation>
    <occupationCategory>it_software</occupationCategory>
    <createdAt>2026-11-10T08:00:00+00:00</createdAt>${p.extra ?? ''}
  </position>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<workzag-jobs>\n${items.join('\n')}\n</workzag-jobs>\n`
}

export const jobPostingLd = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  '@context': 'https://schema.org/',
  '@type': 'JobPosting',
  title,
  description: '<p>Keep our payments API fast and safe: Go, PostgreSQL.</p>',
  identifier: { '@type': 'PropertyValue', name: 'Acme Pay', value: id },
  datePosted: '2026-11-12',
  employmentType: 'FULL_TIME',
  hiringOrganization: { '@type': 'Organization', name: 'Acme Pay', sameAs: 'https://acme-pay.example' },
  jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Paris', addressCountry: 'FR' } },
  baseSalary: { '@type': 'MonetaryAmount', currency: 'EUR', value: { '@type': 'QuantitativeValue', minValue: 65000, maxValue: 80000, unitText: 'YEAR' } },
  url: `https://acme-pay.example/careers/${id}`,
  ...extra,
})
export const careersPage = (scripts: string[]) =>
  `<!doctype html><html><head><title>Careers</title>${scripts.map((s) => `<script type="application/ld+json">${s}</script>`).join('')}</head><body><h1>Join Acme Pay</h1></body></html>`

export function rssFeed(items: { guid: string; title: string; link?: string }[]): string {
  const body = items
    .map((i) => `<item><title>${i.title}</title><link>${i.link ?? `https://jobs.acme.example/${i.guid}`}</link><guid isPermaLink="false">${i.guid}</guid><pubDate>Mon, 16 Nov 2026 10:00:00 GMT</pubDate><description><![CDATA[<p>Ship our Swift iOS app.</p>]]></description></item>`)
    .join('')
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Acme jobs</title><link>https://jobs.acme.example/</link><description>Open roles</description>${body}</channel></rss>`
}

export function atomFeed(entries: { id: string; title: string }[], next?: string): string {
  const body = entries
    .map((e) => `<entry><id>${e.id}</id><title type="text">${e.title}</title><link rel="alternate" href="https://jobs.acme.example/atom/${encodeURIComponent(e.id)}"/><updated>2026-11-16T10:00:00Z</updated><content type="html">&lt;p&gt;Kotlin on Android.&lt;/p&gt;</content></entry>`)
    .join('')
  return `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Acme jobs</title><id>urn:acme:jobs</id><updated>2026-11-16T10:00:00Z</updated>${next ? `<link rel="next" href="${next}"/>` : ''}${body}</feed>`
}
