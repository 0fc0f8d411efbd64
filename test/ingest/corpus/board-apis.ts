/**
 * Labelled postings in the shapes of the boards' public APIs (Greenhouse, Lever, Ashby, Workable,
 * SmartRecruiters, Recruitee, Personio, a Teamtailor RSS feed, a multi-employer RSS feed, a careers
 * page with JSON-LD), invented for this corpus: no company, person or posting is real. Each board is
 * served to its adapter as the vendor's API answers, so the whole path (adapter, import shape,
 * enrichment) is scored. Labels say what a careful reader takes from the posting, and which postings
 * are the same job (`job`: reposts and the same role in several places share it; different jobs
 * never do). Written before the rules of issue 41; `board-apis-held-out.ts` was written after them.
 */
import type { Labels } from './labelled.ts'

export interface BoardPostingLabels extends Labels {
  /** Same value: the same job of the same employer. */
  job: string
  /** The employer and title a reader sees, when the feed writes them together ("Company: Title"). */
  company?: string
  title?: string
}

export interface BoardCase {
  kind: string
  token: string
  /** The board's URL; responses are looked up by its path (and detail paths below it). */
  url: string
  /** The company the operator filed the board under (the default is made from the token). */
  company: string
  responses: Record<string, unknown>
  labels: Record<string, BoardPostingLabels>
}

const none = { workMode: null, salary: null } as const

// Northwind's "about us" paragraph sits on every posting: a mobile platform, not the finance job's tools.
const NORTHWIND_ABOUT =
  '&lt;h3&gt;About Northwind&lt;/h3&gt;&lt;p&gt;Northwind builds the mobile checkout used by 40,000 shops, with native apps on Android and iOS and a React web dashboard.&lt;/p&gt;'
const NORTHWIND_PERKS =
  '&lt;h3&gt;Perks&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;Learning budget up to $5,000 per year&lt;/li&gt;&lt;li&gt;Work from anywhere for four weeks a year&lt;/li&gt;&lt;li&gt;401(k) matching&lt;/li&gt;&lt;/ul&gt;'
const payRange = (low: string, high: string, note = '') =>
  `&lt;div class="content-pay-transparency"&gt;&lt;div class="pay-input"&gt;&lt;div class="title"&gt;${note || 'Annual base salary'}&lt;/div&gt;&lt;div class="pay-range"&gt;&lt;span&gt;${low}&lt;/span&gt;&lt;span class="divider"&gt;&amp;mdash;&lt;/span&gt;&lt;span&gt;${high} USD&lt;/span&gt;&lt;/div&gt;&lt;/div&gt;&lt;/div&gt;`
const gh = (id: number, internal: number, title: string, location: string, body: string) => ({
  id,
  internal_job_id: internal,
  title,
  updated_at: '2026-11-20T10:55:28-05:00',
  requisition_id: `NW-${internal}`,
  location: { name: location },
  absolute_url: `https://job-boards.greenhouse.io/northwind/jobs/${id}`,
  company_name: 'Northwind Trading, Inc.',
  first_published: '2026-11-02T09:00:00-05:00',
  content: NORTHWIND_ABOUT + body + NORTHWIND_PERKS,
  departments: [{ id: 1, name: 'Go To Market', parent_id: null, child_ids: [] }],
  offices: [],
})

const greenhouse: BoardCase = {
  kind: 'greenhouse',
  token: 'northwind',
  url: 'https://boards-api.greenhouse.io/v1/boards/northwind/jobs?content=true',
  company: 'Northwind',
  responses: {
    '/v1/boards/northwind/jobs': {
      jobs: [
        gh(4001, 900, 'Sales Manager, Mid-Market', 'Chicago, IL', '&lt;p&gt;Lead a team of six account executives selling to shops of 50 to 500 staff. You are ready to go from day one.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Five years of SaaS sales&lt;/li&gt;&lt;li&gt;Salesforce and HubSpot&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;This role is based in our Chicago office.&lt;/p&gt;' + payRange('$95,000', '$120,000')),
        gh(4002, 901, 'Sales Manager, Enterprise', 'Chicago, IL', '&lt;p&gt;Lead the team selling to retail chains.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Enterprise sales leadership&lt;/li&gt;&lt;li&gt;Salesforce forecasting&lt;/li&gt;&lt;/ul&gt;' + payRange('$120,000', '$150,000')),
        gh(4003, 902, 'Sales Manager, Public Sector', 'Washington, D.C.', '&lt;p&gt;Build our business with city and state agencies.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Public procurement experience&lt;/li&gt;&lt;li&gt;Salesforce&lt;/li&gt;&lt;/ul&gt;'),
        gh(4004, 901, 'Sales Manager, Enterprise', 'New York, NY', '&lt;p&gt;Lead the team selling to retail chains.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Enterprise sales leadership&lt;/li&gt;&lt;li&gt;Salesforce forecasting&lt;/li&gt;&lt;/ul&gt;' + payRange('$130,000', '$160,000')),
        gh(4005, 903, 'Team Lead, Payments Operations', 'St. Louis, MO', '&lt;p&gt;Run the team that reconciles merchant payouts.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;SQL for ad-hoc checks&lt;/li&gt;&lt;li&gt;Advanced Excel&lt;/li&gt;&lt;/ul&gt;'),
        gh(4006, 904, 'Team Lead, Risk', 'St. Louis, MO', '&lt;p&gt;Lead the fraud and risk analysts.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;SQL and Python&lt;/li&gt;&lt;li&gt;Chargeback rules&lt;/li&gt;&lt;/ul&gt;'),
        gh(4007, 905, 'Customer Support Specialist', 'Remote - US', '&lt;p&gt;Answer merchants by chat and e-mail. This is a fully remote role.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Two years in customer support&lt;/li&gt;&lt;li&gt;Zendesk or a similar tool&lt;/li&gt;&lt;/ul&gt;' + payRange('$27.45', '$31.20', 'Hourly pay')),
        gh(4008, 906, 'Financial Analyst', 'Hamburg, NY', '&lt;p&gt;Own the monthly close for our New York entity.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Excel modelling&lt;/li&gt;&lt;li&gt;NetSuite&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;This is an in-office role, five days a week.&lt;/p&gt;'),
      ],
      meta: { total: 8 },
    },
  },
  labels: {
    '4001': { job: 'sm-mid', workMode: 'onsite', place: ['us'], salary: { min: 95000, max: 120000, currency: 'USD', period: 'year' }, skills: ['salesforce', 'hubspot'], company: 'Northwind Trading, Inc.' },
    '4002': { job: 'sm-ent', workMode: null, place: ['us'], salary: { min: 120000, max: 150000, currency: 'USD', period: 'year' }, skills: ['salesforce'], company: 'Northwind Trading, Inc.' },
    '4003': { job: 'sm-pub', ...none, place: ['us'], skills: ['salesforce'] },
    '4004': { job: 'sm-ent', workMode: null, place: ['us'], salary: { min: 130000, max: 160000, currency: 'USD', period: 'year' }, skills: ['salesforce'] },
    '4005': { job: 'tl-payops', ...none, place: ['us'], skills: ['sql', 'excel'] },
    '4006': { job: 'tl-risk', ...none, place: ['us'], skills: ['sql', 'python'] },
    '4007': { job: 'support', workMode: 'remote', place: ['us'], salary: { min: 27.45, max: 31.2, currency: 'USD', period: 'hour' }, skills: [] },
    '4008': { job: 'fin', workMode: 'onsite', salary: null, place: ['us'], skills: ['excel', 'netsuite'] },
  },
}

const quill = (id: string, text: string, location: string, workplaceType: string, description: string, lists: string[], extra: Record<string, unknown> = {}) => ({
  id,
  text,
  categories: { location, commitment: 'Full-time', team: 'Engineering', department: 'Product' },
  country: 'GB',
  description: `<div>${description}</div>`,
  lists: [{ text: 'What you bring', content: lists.map((l) => `<li>${l}</li>`).join('') }],
  additional: '<div><b>Why Quillstack</b> Private health cover, 30 days off and the chance to work from anywhere for a month a year.</div>',
  hostedUrl: `https://jobs.lever.co/quillstack/${id}`,
  applyUrl: `https://jobs.lever.co/quillstack/${id}/apply`,
  workplaceType,
  createdAt: 1762070400000,
  ...extra,
})

const lever: BoardCase = {
  kind: 'lever',
  token: 'quillstack',
  url: 'https://api.lever.co/v0/postings/quillstack?mode=json',
  company: 'Quillstack',
  responses: {
    '/v0/postings/quillstack': [
      quill('a1f0', 'Software Engineer, Android', 'London', 'onsite', 'Build the Quillstack reader app for Android.', ['Kotlin and Jetpack Compose', 'Shipping apps to Google Play'], { salaryRange: { currency: 'GBP', interval: 'per-year-salary', min: 70000, max: 90000 } }),
      quill('a1f1', 'Software Engineer, iOS', 'London', 'onsite', 'Build the Quillstack reader app for iPhone and iPad.', ['Swift and SwiftUI', 'Shipping apps to the App Store'], { salaryRange: { currency: 'GBP', interval: 'per-year-salary', min: 70000, max: 90000 } }),
      quill('a1f2', 'Software Engineer, iOS', 'Manchester', 'onsite', 'Build the Quillstack reader app for iPhone and iPad.', ['Swift and SwiftUI', 'Shipping apps to the App Store'], { salaryRange: { currency: 'GBP', interval: 'per-year-salary', min: 65000, max: 85000 } }),
      quill('a1f3', 'Data Engineer', 'LA, NYC, ATL', 'hybrid', 'Own the pipelines behind our reading analytics. We work on the edge of what publishers measure.', ['Python', 'Airflow and Snowflake'], { country: 'US', salaryRange: { currency: 'USD', interval: 'per-year-salary', min: 140000, max: 170000 } }),
      quill('a1f4', 'Backend Engineer (Payments)', 'Remote - Europe', 'remote', 'Run subscriptions and billing. You will be ready to go after a week of onboarding.', ['Go', 'PostgreSQL'], { country: undefined }),
      quill('a1f5', 'Backend Engineer (Growth)', 'Remote - Europe', 'remote', 'Run experiments on sign-up and onboarding.', ['Go', 'PostgreSQL', 'Kafka'], { country: undefined }),
    ],
  },
  labels: {
    a1f0: { job: 'android', workMode: 'onsite', place: ['gb'], salary: { min: 70000, max: 90000, currency: 'GBP', period: 'year' }, skills: ['kotlin', 'jetpack-compose', 'android'] },
    a1f1: { job: 'ios', workMode: 'onsite', place: ['gb'], salary: { min: 70000, max: 90000, currency: 'GBP', period: 'year' }, skills: ['swift', 'swiftui', 'ios'] },
    a1f2: { job: 'ios', workMode: 'onsite', place: ['gb'], salary: { min: 65000, max: 85000, currency: 'GBP', period: 'year' }, skills: ['swift', 'swiftui', 'ios'] },
    a1f3: { job: 'data', workMode: 'hybrid', place: ['us'], salary: { min: 140000, max: 170000, currency: 'USD', period: 'year' }, skills: ['python', 'airflow', 'snowflake'] },
    a1f4: { job: 'be-pay', workMode: 'remote', place: ['eu'], salary: null, skills: ['go', 'postgresql'] },
    a1f5: { job: 'be-growth', workMode: 'remote', place: ['eu'], salary: null, skills: ['go', 'postgresql', 'kafka'] },
  },
}

const fern = (id: string, title: string, location: string, workplaceType: string, html: string, comp: [string, number, number] | null, address?: Record<string, string>) => ({
  id,
  title,
  location,
  secondaryLocations: [],
  department: 'Sales',
  team: 'Sales',
  isListed: true,
  isRemote: workplaceType === 'Remote',
  workplaceType,
  descriptionHtml: html,
  publishedAt: '2026-11-03T10:00:00.000+00:00',
  employmentType: 'FullTime',
  address: address ? { postalAddress: address } : undefined,
  jobUrl: `https://jobs.ashbyhq.com/fernwood/${id}`,
  applyUrl: `https://jobs.ashbyhq.com/fernwood/${id}/application`,
  compensation: comp
    ? { compensationTiers: [{ components: [{ compensationType: 'Salary', interval: '1 YEAR', currencyCode: comp[0], minValue: comp[1], maxValue: comp[2] }] }] }
    : undefined,
})

const ashby: BoardCase = {
  kind: 'ashby',
  token: 'fernwood',
  url: 'https://api.ashbyhq.com/posting-api/job-board/fernwood?includeCompensation=true',
  company: 'Fernwood',
  responses: {
    '/posting-api/job-board/fernwood': {
      apiVersion: '1',
      jobs: [
        fern('f-101', 'Account Executive - Public Sector', 'Austria - Vienna', 'OnSite', '<p>Sell Fernwood to ministries and cities across Austria.</p><p>You get a €1,500 learning budget and a €600 home office allowance.</p>', ['EUR', 70000, 90000]),
        fern('f-102', 'Account Executive - Mid-Market', 'Germany - Berlin', 'Hybrid', '<p>Sell to companies of 200 to 2,000 staff. Two days a week in our Berlin office.</p><ul><li>Salesforce</li></ul>', ['EUR', 60000, 75000]),
        fern('f-103', 'Solutions Engineer', 'Calgary, AB', 'Hybrid', '<p>Run technical evaluations with customers.</p><ul><li>AWS and Terraform</li><li>Some Python</li></ul>', ['CAD', 110000, 130000], { addressLocality: 'Calgary', addressRegion: 'AB', addressCountry: 'CA' }),
        fern('f-104', 'Инженер-программист', 'Belgrade, Serbia', 'Remote', '<p>Разработка сервисов на Go, PostgreSQL.</p>', null),
        fern('f-105', 'Аналитик данных', 'Belgrade, Serbia', 'Remote', '<p>Отчёты и модели: SQL, Python.</p>', null),
      ],
    },
  },
  labels: {
    'f-101': { job: 'ae-pub', workMode: 'onsite', place: ['at'], salary: { min: 70000, max: 90000, currency: 'EUR', period: 'year' }, skills: [] },
    'f-102': { job: 'ae-mid', workMode: 'hybrid', place: ['de'], salary: { min: 60000, max: 75000, currency: 'EUR', period: 'year' }, skills: ['salesforce'] },
    'f-103': { job: 'se', workMode: 'hybrid', place: ['ca'], salary: { min: 110000, max: 130000, currency: 'CAD', period: 'year' }, skills: ['aws', 'terraform', 'python'] },
    'f-104': { job: 'dev-ru', workMode: 'remote', place: ['rs'], salary: null, skills: ['go', 'postgresql'] },
    'f-105': { job: 'da-ru', workMode: 'remote', place: ['rs'], salary: null, skills: ['sql', 'python'] },
  },
}

const bright = (shortcode: string, title: string, city: string, state: string, country: string, code: string, telecommuting: boolean, description: string) => ({
  title,
  shortcode,
  code: '',
  employment_type: 'Full-time',
  telecommuting,
  department: 'Operations',
  url: `https://apply.workable.com/j/${shortcode}`,
  shortlink: `https://apply.workable.com/j/${shortcode}`,
  application_url: `https://apply.workable.com/j/${shortcode}/apply`,
  published_on: '2026-11-04',
  created_at: '2026-11-04',
  country,
  city,
  state,
  education: '',
  experience: 'Mid-Senior level',
  function: '',
  industry: 'Hospital & Health Care',
  locations: [{ country, countryCode: code, city, region: state, hidden: false }],
  description,
})

const workable: BoardCase = {
  kind: 'workable',
  token: 'brightpath',
  url: 'https://apply.workable.com/api/v1/widget/accounts/brightpath?details=true',
  company: 'Brightpath',
  responses: {
    '/api/v1/widget/accounts/brightpath': {
      name: 'BrightPath Health',
      description: 'BrightPath Health runs clinics.',
      jobs: [
        bright('B1A2C3', 'Clinic Coordinator', 'Boise', 'ID', 'United States', 'US', false, '<p>Keep our Boise clinic running. This is an on-site role.</p><p>Perks: work from home stipend of $50 per month, free parking.</p>'),
        bright('B1A2C4', 'Marketing Manager', 'Toronto', 'ON', 'Canada', 'CA', true, '<p>Own our patient acquisition. You are ready to go with SEO and HubSpot, and read Google Analytics daily.</p>'),
        bright('B1A2C5', 'Marketing Manager, Brand', 'Toronto', 'ON', 'Canada', 'CA', true, '<p>Own our brand and creative. Figma is a plus.</p>'),
      ],
    },
  },
  labels: {
    B1A2C3: { job: 'coord', workMode: 'onsite', place: ['us'], salary: null, skills: [], company: 'BrightPath Health' },
    B1A2C4: { job: 'mm', workMode: 'remote', place: ['ca'], salary: null, skills: ['seo', 'hubspot', 'google-analytics'] },
    B1A2C5: { job: 'mm-brand', workMode: 'remote', place: ['ca'], salary: null, skills: ['figma'] },
  },
}

const kestrelList = (id: string, name: string, city: string | undefined, region: string | undefined, remote: boolean) => ({
  id,
  name,
  uuid: `uuid-${id}`,
  refNumber: `REF${id.slice(-3)}`,
  company: { identifier: 'Kestrel', name: 'Kestrel Logistics' },
  releasedDate: '2026-11-05T12:00:00.000Z',
  location: { city, region, country: 'ca', remote, hybrid: false },
  typeOfEmployment: { id: 'permanent', label: 'Full-time' },
})
const kestrelAd = (id: string, text: string, qualifications: string) => ({
  id,
  applyUrl: `https://jobs.smartrecruiters.com/Kestrel/${id}?oga=true`,
  postingUrl: `https://jobs.smartrecruiters.com/Kestrel/${id}`,
  jobAd: { sections: { companyDescription: { title: 'Company Description', text: '<p>Kestrel Logistics moves freight across Canada.</p>' }, jobDescription: { title: 'Job Description', text }, qualifications: { title: 'Qualifications', text: qualifications } } },
})

const smartrecruiters: BoardCase = {
  kind: 'smartrecruiters',
  token: 'kestrel',
  url: 'https://api.smartrecruiters.com/v1/companies/kestrel/postings',
  company: 'Kestrel',
  responses: {
    '/v1/companies/kestrel/postings': {
      offset: 0,
      limit: 100,
      totalFound: 3,
      content: [kestrelList('744000001', 'Warehouse Associate', 'Calgary', 'AB', false), kestrelList('744000002', 'Warehouse Associate', 'Edmonton', 'AB', false), kestrelList('744000003', 'Operations Analyst', undefined, undefined, true)],
    },
    '/v1/companies/kestrel/postings/744000001': kestrelAd('744000001', '<p>Pick, pack and load orders on the warehouse floor. Pay: $21.50 per hour.</p>', '<p>Forklift ticket a plus.</p>'),
    '/v1/companies/kestrel/postings/744000002': kestrelAd('744000002', '<p>Pick, pack and load orders on the warehouse floor. Pay: $21.50 per hour.</p>', '<p>Forklift ticket a plus.</p>'),
    '/v1/companies/kestrel/postings/744000003': kestrelAd('744000003', '<p>Report on lanes and carriers from anywhere in Canada.</p>', '<p>Proficiency in Excel and SQL; Tableau a plus.</p>'),
  },
  labels: {
    '744000001': { job: 'wh', workMode: null, place: ['ca'], salary: { min: 21.5, max: 21.5, currency: 'CAD', period: 'hour' }, skills: [] },
    '744000002': { job: 'wh', workMode: null, place: ['ca'], salary: { min: 21.5, max: 21.5, currency: 'CAD', period: 'hour' }, skills: [] },
    '744000003': { job: 'ops', workMode: 'remote', place: ['ca'], salary: null, skills: ['excel', 'sql', 'tableau'] },
  },
}

const recruitee: BoardCase = {
  kind: 'recruitee',
  token: 'dunmore',
  url: 'https://dunmore.recruitee.com/api/offers/',
  company: 'Dunmore',
  responses: {
    '/api/offers/': {
      offers: ['Amsterdam', 'Rotterdam'].map((city, i) => ({
        id: 2201 + i,
        guid: `g-${2201 + i}`,
        title: 'Frontend Developer',
        company_name: 'Dunmore B.V.',
        description: '<p>Build the customer portal in React and TypeScript. Three days a week in the office.</p>',
        requirements: '<ul><li>React</li><li>TypeScript</li></ul>',
        location: `${city}, Netherlands`,
        city,
        country: 'Netherlands',
        country_code: 'NL',
        remote: false,
        hybrid: true,
        on_site: false,
        careers_url: `https://dunmore.recruitee.com/o/frontend-developer-${i}`,
        careers_apply_url: `https://dunmore.recruitee.com/o/frontend-developer-${i}/c/new`,
        published_at: '2026-11-06 09:00:00 UTC',
        employment_type_code: 'fulltime_permanent',
        salary: { min: '4000.0', max: '5200.0', currency: 'EUR', period: 'month' },
      })),
    },
  },
  labels: {
    '2201': { job: 'fe', workMode: 'hybrid', place: ['nl'], salary: { min: 4000, max: 5200, currency: 'EUR', period: 'month' }, skills: ['react', 'typescript'], company: 'Dunmore B.V.' },
    '2202': { job: 'fe', workMode: 'hybrid', place: ['nl'], salary: { min: 4000, max: 5200, currency: 'EUR', period: 'month' }, skills: ['react', 'typescript'], company: 'Dunmore B.V.' },
  },
}

const personioXml = `<?xml version="1.0" encoding="UTF-8"?>
<workzag-jobs>
  <position><id>88001</id><subcompany>Alpenwerk GmbH</subcompany><office>Wien</office><department>IT</department><name>Backend Entwickler (m/w/d)</name>
    <jobDescriptions><jobDescription><name>Deine Aufgaben</name><value><![CDATA[<p>Du entwickelst unsere Dienste in Go auf Kubernetes.</p>]]></value></jobDescription>
    <jobDescription><name>Was wir bieten</name><value><![CDATA[<p>Zwei Tage Homeoffice pro Woche, Jobticket.</p>]]></value></jobDescription></jobDescriptions>
    <employmentType>permanent</employmentType><seniority>experienced</seniority><schedule>full-time</schedule><createdAt>2026-11-01T08:00:00+00:00</createdAt></position>
  <position><id>88002</id><subcompany>Alpenwerk GmbH</subcompany><office>Graz</office><department>IT</department><name>Backend Entwickler (m/w/d)</name>
    <jobDescriptions><jobDescription><name>Deine Aufgaben</name><value><![CDATA[<p>Du entwickelst unsere Dienste in Go auf Kubernetes.</p>]]></value></jobDescription>
    <jobDescription><name>Was wir bieten</name><value><![CDATA[<p>Zwei Tage Homeoffice pro Woche, Jobticket.</p>]]></value></jobDescription></jobDescriptions>
    <employmentType>permanent</employmentType><seniority>experienced</seniority><schedule>full-time</schedule><createdAt>2026-11-01T08:00:00+00:00</createdAt></position>
</workzag-jobs>`

const personio: BoardCase = {
  kind: 'personio',
  token: 'alpenwerk',
  url: 'https://alpenwerk.jobs.personio.de/xml?language=en',
  company: 'Alpenwerk',
  responses: { '/xml': personioXml },
  labels: {
    '88001': { job: 'be', workMode: 'hybrid', place: ['at'], salary: null, skills: ['go', 'kubernetes'], company: 'Alpenwerk GmbH' },
    '88002': { job: 'be', workMode: 'hybrid', place: ['at'], salary: null, skills: ['go', 'kubernetes'], company: 'Alpenwerk GmbH' },
  },
}

const ttItem = (id: number, title: string, remote: string, city: string, country: string, description: string) => `
    <item>
      <title>${title}</title>
      <description><![CDATA[${description}]]></description>
      <pubDate>Mon, 02 Nov 2026 09:00:00 +0100</pubDate>
      <link>https://lumen.teamtailor.com/jobs/${id}-${title.toLowerCase().replace(/\W+/g, '-')}</link>
      <guid>https://lumen.teamtailor.com/jobs/${id}</guid>
      <remoteStatus>${remote}</remoteStatus>
      <tt:department>Product</tt:department>
      <tt:locations><tt:location><tt:name>${city} office</tt:name><tt:city>${city}</tt:city><tt:country>${country}</tt:country></tt:location></tt:locations>
    </item>`

const teamtailorXml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:tt="https://teamtailor.com/locations">
  <channel>
    <title>Lumen jobs</title>
    <link>https://lumen.teamtailor.com/jobs</link>${ttItem(5101, 'Product Designer', 'fully', 'Stockholm', 'Sweden', '<p>Design the Lumen app. Figma every day.</p>')}${ttItem(5102, 'Data Analyst', 'hybrid', 'Oslo', 'Norway', '<p>Answer product questions with SQL and Tableau.</p>')}${ttItem(5103, 'Office Manager', 'none', 'Stockholm', 'Sweden', '<p>Run our Stockholm office. Perk: work from anywhere four weeks a year.</p>')}
  </channel>
</rss>`

const teamtailor: BoardCase = {
  kind: 'feed',
  token: 'https://lumen.teamtailor.com/jobs.rss',
  url: 'https://lumen.teamtailor.com/jobs.rss',
  company: 'Lumen',
  responses: { '/jobs.rss': teamtailorXml },
  labels: {
    'https://lumen.teamtailor.com/jobs/5101': { job: 'pd', workMode: 'remote', place: ['se'], salary: null, skills: ['figma'] },
    'https://lumen.teamtailor.com/jobs/5102': { job: 'da', workMode: 'hybrid', place: ['no'], salary: null, skills: ['sql', 'tableau'] },
    'https://lumen.teamtailor.com/jobs/5103': { job: 'om', workMode: 'onsite', place: ['se'], salary: null, skills: [] },
  },
}

const wwrItem = (id: number, title: string, region: string, description: string) => `
    <item>
      <title>${title}</title>
      <region>${region}</region>
      <category>Programming</category>
      <type>Full-Time</type>
      <description><![CDATA[${description}]]></description>
      <pubDate>Tue, 03 Nov 2026 10:00:00 +0000</pubDate>
      <guid>https://remotehub.example/remote-jobs/${id}</guid>
      <link>https://remotehub.example/remote-jobs/${id}</link>
    </item>`

const multiEmployerXml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>RemoteHub: Programming jobs</title>${wwrItem(1, 'Acme Analytics: Senior Data Engineer', 'Anywhere in the World', '<p>Build our ingestion on Spark and Scala.</p>')}${wwrItem(2, 'Helio: Ruby on Rails Developer', 'USA Only', '<p>Ruby on Rails, PostgreSQL.</p>')}${wwrItem(3, 'Birchwood Labs: Customer Success Manager', 'Europe Only', '<p>Onboard our B2B customers. HubSpot experience.</p>')}
  </channel>
</rss>`

const multiEmployer: BoardCase = {
  kind: 'feed',
  token: 'https://remotehub.example/categories/programming.rss',
  url: 'https://remotehub.example/categories/programming.rss',
  company: 'Remotehub',
  responses: { '/categories/programming.rss': multiEmployerXml },
  labels: {
    'https://remotehub.example/remote-jobs/1': { job: 'acme-de', workMode: 'remote', place: ['global'], salary: null, skills: ['spark', 'scala'], company: 'Acme Analytics', title: 'Senior Data Engineer' },
    'https://remotehub.example/remote-jobs/2': { job: 'helio-rails', workMode: 'remote', place: ['us'], salary: null, skills: ['rails', 'ruby', 'postgresql'], company: 'Helio', title: 'Ruby on Rails Developer' },
    'https://remotehub.example/remote-jobs/3': { job: 'birch-csm', workMode: 'remote', place: ['eu'], salary: null, skills: ['hubspot'], company: 'Birchwood Labs', title: 'Customer Success Manager' },
  },
}

const careersHtml = `<html><head><script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@graph': [
    {
      '@type': 'JobPosting',
      identifier: { '@type': 'PropertyValue', value: 'CP-77' },
      title: 'Line Cook',
      datePosted: '2026-11-05',
      description: '<p>Prep and cook for our downtown kitchen.</p>',
      hiringOrganization: { '@type': 'Organization', name: 'Prairie Table' },
      jobLocation: { '@type': 'Place', address: 'Calgary, AB, CA' },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'CAD', value: { '@type': 'QuantitativeValue', value: 19.75, unitText: 'HOUR' } },
      url: 'https://careers.prairietable.example/jobs/77',
    },
  ],
})}</script></head><body></body></html>`

const careers: BoardCase = {
  kind: 'careers',
  token: 'https://careers.prairietable.example/jobs',
  url: 'https://careers.prairietable.example/jobs',
  company: 'Prairie Table',
  responses: { '/jobs': careersHtml },
  labels: {
    'careers.prairietable.example:CP-77': { job: 'cook', workMode: null, place: ['ca'], salary: { min: 19.75, max: 19.75, currency: 'CAD', period: 'hour' }, skills: [] },
  },
}

export function boardApiCases(): BoardCase[] {
  return [greenhouse, lever, ashby, workable, smartrecruiters, recruitee, personio, teamtailor, multiEmployer, careers]
}
