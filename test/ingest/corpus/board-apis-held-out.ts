/**
 * Board-shaped postings written after the rules of issue 41 and never tuned on: their first run is
 * the honest estimate for unseen boards (see board-apis.ts for the shapes and the label rules).
 */
import type { BoardCase } from './board-apis.ts'

const orbit = (id: number, internal: number, title: string, location: string, body: string) => ({
  id,
  internal_job_id: internal,
  title,
  updated_at: '2026-11-21T08:00:00-05:00',
  requisition_id: null,
  location: { name: location },
  absolute_url: `https://job-boards.greenhouse.io/orbitco/jobs/${id}`,
  company_name: 'Orbit & Co.',
  content:
    '&lt;h2&gt;Who we are&lt;/h2&gt;&lt;p&gt;Orbit &amp;amp; Co. runs a Kubernetes platform on Google Cloud for 900 logistics firms.&lt;/p&gt;' +
    body +
    '&lt;h2&gt;Benefits&lt;/h2&gt;&lt;p&gt;Home office setup budget of $1,000, and a $75 monthly phone allowance.&lt;/p&gt;',
})

const greenhouse: BoardCase = {
  kind: 'greenhouse',
  token: 'orbitco',
  url: 'https://boards-api.greenhouse.io/v1/boards/orbitco/jobs?content=true',
  company: 'Orbitco',
  responses: {
    '/v1/boards/orbitco/jobs': {
      jobs: [
        orbit(7001, 300, 'Account Executive, SMB', 'Toronto, ON', '&lt;p&gt;Close new logos among small carriers.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;HubSpot&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;The OTE is CA$120,000; base salary CA$70,000 - CA$80,000.&lt;/p&gt;'),
        orbit(7002, 301, 'Account Executive, Strategic', 'Toronto, ON', '&lt;p&gt;Own ten of our largest shipper accounts.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Salesforce&lt;/li&gt;&lt;/ul&gt;'),
        orbit(7003, 300, 'Account Executive, SMB', 'Remote - Canada', '&lt;p&gt;Close new logos among small carriers.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;HubSpot&lt;/li&gt;&lt;/ul&gt;'),
        orbit(7004, 302, 'Dispatcher', 'Springfield, MO', '&lt;p&gt;Plan routes for our regional fleet, on site at the Springfield yard.&lt;/p&gt;&lt;p&gt;Pay: $24.80 per hour&lt;/p&gt;'),
        orbit(7005, 303, 'Site Reliability Engineer', 'Portland, ME', '&lt;p&gt;Keep our platform up.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Terraform&lt;/li&gt;&lt;li&gt;Prometheus and Grafana&lt;/li&gt;&lt;/ul&gt;'),
      ],
      meta: { total: 5 },
    },
  },
  labels: {
    '7001': { job: 'ae-smb', workMode: null, place: ['ca'], salary: { min: 70000, max: 80000, currency: 'CAD', period: 'year' }, skills: ['hubspot'], company: 'Orbit & Co.' },
    '7002': { job: 'ae-strat', workMode: null, place: ['ca'], salary: null, skills: ['salesforce'] },
    '7003': { job: 'ae-smb', workMode: 'remote', place: ['ca'], salary: null, skills: ['hubspot'] },
    '7004': { job: 'dispatch', workMode: 'onsite', place: ['us'], salary: { min: 24.8, max: 24.8, currency: 'USD', period: 'hour' }, skills: [] },
    '7005': { job: 'sre', workMode: null, place: ['us'], salary: null, skills: ['terraform', 'prometheus', 'grafana'] },
  },
}

const tally = (id: string, text: string, location: string, workplaceType: string, lists: string[], extra: Record<string, unknown> = {}) => ({
  id,
  text,
  categories: { location, commitment: 'Full-time', team: 'Product' },
  description: '<div>Tally builds invoicing for freelancers.</div>',
  lists: [{ text: 'You have', content: lists.map((l) => `<li>${l}</li>`).join('') }],
  additional: '<div>Occasional travel to our NYC office for offsites. We offer a $500 annual wellness stipend.</div>',
  hostedUrl: `https://jobs.lever.co/tally/${id}`,
  applyUrl: `https://jobs.lever.co/tally/${id}/apply`,
  workplaceType,
  createdAt: 1762300000000,
  ...extra,
})

const lever: BoardCase = {
  kind: 'lever',
  token: 'tally',
  url: 'https://api.lever.co/v0/postings/tally?mode=json',
  company: 'Tally',
  responses: {
    '/v0/postings/tally': [
      tally('t-1', 'Senior Product Manager, Payments', 'Remote - USA', 'remote', ['Five years of product management', 'SQL'], { country: 'US', salaryRange: { currency: 'USD', interval: 'per-year-salary', min: 160000, max: 190000 } }),
      tally('t-2', 'Senior Product Manager, Identity', 'Remote - USA', 'remote', ['Five years of product management', 'Okta or Auth0'], { country: 'US' }),
      tally('t-3', 'Contract QA Tester', 'San Francisco, CA / New York, NY', 'hybrid', ['Cypress', 'Playwright'], { country: 'US', salaryRange: { currency: 'USD', interval: 'per-hour-wage', min: 45.5, max: 52.75 } }),
    ],
  },
  labels: {
    't-1': { job: 'pm-pay', workMode: 'remote', place: ['us'], salary: { min: 160000, max: 190000, currency: 'USD', period: 'year' }, skills: ['sql'] },
    't-2': { job: 'pm-id', workMode: 'remote', place: ['us'], salary: null, skills: ['okta', 'auth0'] },
    't-3': { job: 'qa', workMode: 'hybrid', place: ['us'], salary: { min: 45.5, max: 52.75, currency: 'USD', period: 'hour' }, skills: ['cypress', 'playwright'] },
  },
}

const heron = (id: string, title: string, location: string, workplaceType: string, html: string, comp: [string, number, number] | null) => ({
  id,
  title,
  location,
  secondaryLocations: [],
  isListed: true,
  isRemote: workplaceType === 'Remote',
  workplaceType,
  descriptionHtml: html,
  publishedAt: '2026-11-04T10:00:00.000+00:00',
  employmentType: 'FullTime',
  jobUrl: `https://jobs.ashbyhq.com/heron/${id}`,
  compensation: comp ? { compensationTiers: [{ components: [{ compensationType: 'Salary', interval: '1 YEAR', currencyCode: comp[0], minValue: comp[1], maxValue: comp[2] }] }] } : undefined,
})

const ashby: BoardCase = {
  kind: 'ashby',
  token: 'heron',
  url: 'https://api.ashbyhq.com/posting-api/job-board/heron?includeCompensation=true',
  company: 'Heron',
  responses: {
    '/posting-api/job-board/heron': {
      jobs: [
        heron('h-1', 'Data Scientist (Forecasting)', 'United Kingdom - London', 'Hybrid', '<p>Forecast demand with Python and PyTorch.</p><p>£2,000 annual wellbeing allowance.</p>', ['GBP', 65000, 80000]),
        heron('h-2', 'Data Scientist (Experimentation)', 'United Kingdom - London', 'Hybrid', '<p>Run A/B tests with Python and SQL.</p>', ['GBP', 65000, 80000]),
        heron('h-3', 'ソフトウェアエンジニア', 'Tokyo, Japan', 'OnSite', '<p>TypeScript と React で開発します。</p>', null),
        heron('h-4', 'データアナリスト', 'Tokyo, Japan', 'OnSite', '<p>SQL と Looker を使います。</p>', null),
      ],
    },
  },
  labels: {
    'h-1': { job: 'ds-f', workMode: 'hybrid', place: ['gb'], salary: { min: 65000, max: 80000, currency: 'GBP', period: 'year' }, skills: ['python', 'pytorch'] },
    'h-2': { job: 'ds-e', workMode: 'hybrid', place: ['gb'], salary: { min: 65000, max: 80000, currency: 'GBP', period: 'year' }, skills: ['python', 'sql'] },
    'h-3': { job: 'swe-ja', workMode: 'onsite', place: ['jp'], salary: null, skills: ['typescript', 'react'] },
    'h-4': { job: 'da-ja', workMode: 'onsite', place: ['jp'], salary: null, skills: ['sql', 'looker'] },
  },
}

const workable: BoardCase = {
  kind: 'workable',
  token: 'mareva',
  url: 'https://apply.workable.com/api/v1/widget/accounts/mareva?details=true',
  company: 'Mareva',
  responses: {
    '/api/v1/widget/accounts/mareva': {
      name: 'Mareva Travel',
      jobs: ['Spanish', 'Portuguese'].map((language, i) => ({
        title: `Customer Support Agent (${language})`,
        shortcode: `MV${i}`,
        employment_type: 'Full-time',
        telecommuting: true,
        url: `https://apply.workable.com/j/MV${i}`,
        published_on: '2026-11-05',
        country: 'Portugal',
        city: 'Porto',
        state: '',
        locations: [{ country: 'Portugal', countryCode: 'PT', city: 'Porto', region: '' }],
        description: `<p>Help travellers in ${language} and English over Zendesk. Ready to go live after two weeks of training.</p>`,
      })),
    },
  },
  labels: {
    MV0: { job: 'cs-es', workMode: 'remote', place: ['pt'], salary: null, skills: [], company: 'Mareva Travel' },
    MV1: { job: 'cs-pt', workMode: 'remote', place: ['pt'], salary: null, skills: [], company: 'Mareva Travel' },
  },
}

const ttXml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:tt="https://teamtailor.com/locations"><channel><title>Saimaa jobs</title>
${['Helsinki', 'Tampere']
  .map(
    (city, i) => `<item><title>Backend Developer</title><description><![CDATA[<p>Build our booking API with Elixir and PostgreSQL. Work from anywhere for two weeks a year.</p>]]></description>
<pubDate>Wed, 04 Nov 2026 09:00:00 +0200</pubDate><link>https://saimaa.teamtailor.com/jobs/${610 + i}-backend-developer</link><guid>https://saimaa.teamtailor.com/jobs/${610 + i}</guid>
<remoteStatus>hybrid</remoteStatus><tt:locations><tt:location><tt:city>${city}</tt:city><tt:country>Finland</tt:country></tt:location></tt:locations></item>`,
  )
  .join('\n')}
</channel></rss>`

const teamtailor: BoardCase = {
  kind: 'feed',
  token: 'https://saimaa.teamtailor.com/jobs.rss',
  url: 'https://saimaa.teamtailor.com/jobs.rss',
  company: 'Saimaa',
  responses: { '/jobs.rss': ttXml },
  labels: {
    'https://saimaa.teamtailor.com/jobs/610': { job: 'be', workMode: 'hybrid', place: ['fi'], salary: null, skills: ['elixir', 'postgresql'] },
    'https://saimaa.teamtailor.com/jobs/611': { job: 'be', workMode: 'hybrid', place: ['fi'], salary: null, skills: ['elixir', 'postgresql'] },
  },
}

const feedXml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Remote design and dev jobs</title>
<item><title>Northbeam: Staff Frontend Engineer</title><region>Americas Only</region><description><![CDATA[<p>Vue and TypeScript across our dashboard.</p>]]></description><pubDate>Thu, 05 Nov 2026 10:00:00 +0000</pubDate><guid>https://devboard.example/jobs/901</guid><link>https://devboard.example/jobs/901</link></item>
<item><title>Kiln Studio: Product Designer</title><region>Anywhere in the World</region><description><![CDATA[<p>Design in Figma, prototype in Framer.</p>]]></description><pubDate>Thu, 05 Nov 2026 11:00:00 +0000</pubDate><guid>https://devboard.example/jobs/902</guid><link>https://devboard.example/jobs/902</link></item>
</channel></rss>`

const multiEmployer: BoardCase = {
  kind: 'feed',
  token: 'https://devboard.example/remote.rss',
  url: 'https://devboard.example/remote.rss',
  company: 'Devboard',
  responses: { '/remote.rss': feedXml },
  labels: {
    'https://devboard.example/jobs/901': { job: 'nb-fe', workMode: 'remote', place: ['north_america', 'latam'], salary: null, skills: ['vue', 'typescript'], company: 'Northbeam', title: 'Staff Frontend Engineer' },
    'https://devboard.example/jobs/902': { job: 'kiln-pd', workMode: 'remote', place: ['global'], salary: null, skills: ['figma'], company: 'Kiln Studio', title: 'Product Designer' },
  },
}

export function boardApiHeldOut(): BoardCase[] {
  return [greenhouse, lever, ashby, workable, teamtailor, multiEmployer]
}

const brook = (id: number, internal: number, title: string, location: string, body: string) => ({
  id,
  internal_job_id: internal,
  title,
  updated_at: '2026-11-27T08:00:00-05:00',
  location: { name: location },
  absolute_url: `https://job-boards.greenhouse.io/brookline/jobs/${id}`,
  company_name: 'Brookline Health Partners',
  content:
    '&lt;p&gt;&lt;strong&gt;About the Company&lt;/strong&gt;&lt;/p&gt;&lt;p&gt;Brookline Health Partners runs telehealth for 300 clinics on a HIPAA-ready AWS and Snowflake stack.&lt;/p&gt;' +
    body +
    '&lt;p&gt;&lt;strong&gt;What We Offer&lt;/strong&gt;&lt;/p&gt;&lt;ul&gt;&lt;li&gt;$2,500 annual education reimbursement&lt;/li&gt;&lt;li&gt;Remote work week each quarter&lt;/li&gt;&lt;/ul&gt;',
})

const ashbyPost = (id: string, title: string, location: string, workplaceType: string, html: string) => ({
  id, title, location, isListed: true, isRemote: workplaceType === 'Remote', workplaceType, descriptionHtml: html, publishedAt: '2026-11-26T10:00:00.000+00:00', employmentType: 'FullTime', jobUrl: `https://jobs.ashbyhq.com/quarry/${id}`,
})

/** Written after every rule of issue 41, including the fixes the first held-out part led to; run once. */
export function boardApiHeldOutSecond(): BoardCase[] {
  return [
    {
      kind: 'greenhouse',
      token: 'brookline',
      url: 'https://boards-api.greenhouse.io/v1/boards/brookline/jobs?content=true',
      company: 'Brookline',
      responses: {
        '/v1/boards/brookline/jobs': {
          jobs: [
            brook(9101, 51, 'Medical Biller', 'Raleigh, NC', '&lt;p&gt;Submit and follow up claims. On-site in Raleigh.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Epic or Athenahealth&lt;/li&gt;&lt;li&gt;Excel&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Compensation: $22.15 – $26.40 hourly&lt;/p&gt;'),
            brook(9102, 52, 'Data Engineer, Claims', 'Boston, MA', '&lt;p&gt;Model claims data for billing teams, hybrid three days a week in our Boston office.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;dbt and SQL&lt;/li&gt;&lt;li&gt;Python&lt;/li&gt;&lt;/ul&gt;'),
            brook(9103, 53, 'Data Engineer, Clinical', 'Boston, MA', '&lt;p&gt;Model EHR data for clinicians.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Spark and Scala&lt;/li&gt;&lt;/ul&gt;'),
            brook(9104, 52, 'Data Engineer, Claims', 'Remote - US', '&lt;p&gt;Model claims data for billing teams. This is a remote role.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;dbt and SQL&lt;/li&gt;&lt;li&gt;Python&lt;/li&gt;&lt;/ul&gt;'),
          ],
        },
      },
      labels: {
        '9101': { job: 'biller', workMode: 'onsite', place: ['us'], salary: { min: 22.15, max: 26.4, currency: 'USD', period: 'hour' }, skills: ['excel'], company: 'Brookline Health Partners' },
        '9102': { job: 'de-claims', workMode: 'hybrid', place: ['us'], salary: null, skills: ['dbt', 'sql', 'python'] },
        '9103': { job: 'de-clin', workMode: null, place: ['us'], salary: null, skills: ['spark', 'scala'] },
        '9104': { job: 'de-claims', workMode: 'remote', place: ['us'], salary: null, skills: ['dbt', 'sql', 'python'] },
      },
    },
    {
      kind: 'ashby',
      token: 'quarry',
      url: 'https://api.ashbyhq.com/posting-api/job-board/quarry?includeCompensation=true',
      company: 'Quarry',
      responses: {
        '/posting-api/job-board/quarry': {
          jobs: [
            ashbyPost('q-1', 'Growth Marketing Manager - DACH', 'Germany - Munich', 'Hybrid', '<p>Own paid acquisition in Germany, Austria and Switzerland. Google Ads and HubSpot.</p><p>We offer a €1,000 yearly training budget.</p>'),
            ashbyPost('q-2', 'Growth Marketing Manager - Nordics', 'Sweden - Stockholm', 'Hybrid', '<p>Own paid acquisition in the Nordics. Google Ads and HubSpot.</p>'),
            ashbyPost('q-3', 'Solutions Architect', 'Ottawa, ON', 'Remote', '<p>Design customer integrations on Azure. Ready to go on day one with C# and .NET.</p>'),
          ],
        },
      },
      labels: {
        'q-1': { job: 'gm-dach', workMode: 'hybrid', place: ['de'], salary: null, skills: ['hubspot'] },
        'q-2': { job: 'gm-nordics', workMode: 'hybrid', place: ['se'], salary: null, skills: ['hubspot'] },
        'q-3': { job: 'sa', workMode: 'remote', place: ['ca'], salary: null, skills: ['azure', 'csharp', 'dotnet'] },
      },
    },
  ]
}
