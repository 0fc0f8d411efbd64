import { test } from 'node:test'
import assert from 'node:assert/strict'
import { enrichPosting } from '../../src/ingest/enrich.ts'
import { extractSkills } from '../../src/vocabulary/skills.ts'
import { classifyTitle } from '../../src/vocabulary/titles.ts'
import { parseSalary } from '../../src/ingest/salary.ts'
import { readsClearance, readsEducationLevel, readsWorkMode } from '../../src/ingest/signals.ts'
import { detectLanguage } from '../../src/ingest/language.ts'
import type { RawPosting } from '../../src/ingest/raw-posting.ts'

const slugs = (text: string) => extractSkills(text).map((s) => s.slug)

test('skills: Go the language, not the verb', () => {
  assert.deepEqual(slugs('We are hiring a Go developer to build services in Go.'), ['go'])
  assert.deepEqual(slugs('Golang microservices'), ['go', 'microservices'])
  assert.deepEqual(slugs('Python, Go, Rust'), ['python', 'go', 'rust'])
  assert.deepEqual(slugs("Let's go! Go to market fast. We go the extra mile. Ready to go?"), [])
})

test('skills: punctuation-bearing names and look-alike words', () => {
  assert.deepEqual(slugs('Strong C++ and C# skills; .NET Core and Node.js'), ['cpp', 'csharp', 'dotnet', 'nodejs'])
  assert.deepEqual(slugs('React and TypeScript'), ['react', 'typescript'])
  assert.deepEqual(slugs('reactive programming; we react quickly to incidents'), [])
  assert.deepEqual(slugs('Statistical modelling in R. Our R&D team.'), ['r'])
  assert.deepEqual(slugs('Experience with C/C++ and embedded C'), ['c', 'cpp'])
  assert.ok(!slugs('Senior Developer. Experience with Kafka').includes('developer-experience'), 'phrases never span a sentence break')
})

test('salary parsing: currencies, periods, ranges and single bounds', () => {
  assert.deepEqual(parseSalary('Salary: $120k–150k + equity'), { min: 120000, max: 150000, currency: 'USD', period: 'year' })
  assert.deepEqual(parseSalary('€60.000 - €75.000 per year'), { min: 60000, max: 75000, currency: 'EUR', period: 'year' })
  assert.deepEqual(parseSalary('Rate: £45 per hour'), { min: 45, max: 45, currency: 'GBP', period: 'hour' })
  assert.deepEqual(parseSalary('Зарплата 120 000 – 150 000 руб.'), { min: 120000, max: 150000, currency: 'RUB', period: 'month' })
  assert.deepEqual(parseSalary('Зарплата: от 200 000 ₽'), { min: 200000, max: null, currency: 'RUB', period: 'month' })
  assert.deepEqual(parseSalary('Pay: up to €4,500/month'), { min: null, max: 4500, currency: 'EUR', period: 'month' })
  assert.deepEqual(parseSalary('Day rate £500-£600'), { min: 500, max: 600, currency: 'GBP', period: 'day' })
  assert.equal(parseSalary('We raised $20M last year. $1,000 learning budget.'), null)
  assert.equal(parseSalary('401(k) matching'), null)
})

test('titles: category, seniority, role and the people-manager marker', () => {
  assert.deepEqual(classifyTitle('Senior Backend Engineer (Go) - Berlin'), { category: 'backend', seniority: 'senior', role: 'backend-engineer', roleType: null })
  assert.equal(classifyTitle('Staff Machine Learning Engineer').category, 'ml_ai')
  assert.equal(classifyTitle('Staff Machine Learning Engineer').seniority, 'staff')
  assert.equal(classifyTitle('Jr. Frontend Developer').seniority, 'junior')
  assert.equal(classifyTitle('Data Analyst Intern').seniority, 'intern')
  assert.equal(classifyTitle('Site Reliability Engineer').category, 'sre')
  assert.equal(classifyTitle('Engineering Manager, Payments').roleType, 'people_manager')
  assert.equal(classifyTitle('Engineering Manager, Payments').category, 'management')
  assert.equal(classifyTitle('Product Manager').roleType, null)
  assert.equal(classifyTitle('Product Manager').category, 'product')
  assert.equal(classifyTitle('CTO').seniority, 'c_level')
})

test('education: the lowest degree asked, and "master" the verb is not a degree', () => {
  assert.equal(readsEducationLevel("BSc or Master's degree in Computer Science"), 'bachelor')
  assert.equal(readsEducationLevel("Master's degree in Statistics"), 'master')
  assert.equal(readsEducationLevel('PhD in Machine Learning'), 'phd')
  assert.equal(readsEducationLevel('You will master our deployment tooling and earn a degree of trust.'), null)
  assert.equal(readsEducationLevel('No degree required.'), 'none')
})

test('clearance, work mode and posting language', () => {
  assert.equal(readsClearance('Active TS/SCI clearance with polygraph required.'), true)
  assert.equal(readsClearance('You must hold SC clearance.'), true)
  assert.equal(readsClearance('We clear the backlog weekly.'), false)
  assert.equal(readsWorkMode('This is a hybrid role: 2 days a week in the office.'), 'hybrid')
  assert.equal(readsWorkMode('We are a remote-first company.'), 'remote')
  assert.equal(readsWorkMode('The role is on-site in Austin.'), 'onsite')
  assert.equal(readsWorkMode('Great team, great product.'), null)
  assert.equal(readsWorkMode('Experience with hybrid cloud setups; on-site interviews in March.'), null)
  assert.equal(detectLanguage('Wir suchen eine erfahrene Entwicklerin für unser Team in Berlin und bieten flexible Arbeitszeiten.'), 'de')
  assert.equal(detectLanguage('Мы ищем опытного разработчика в команду платформы.'), 'ru')
})

function posting(overrides: Partial<RawPosting>): RawPosting {
  return {
    source: 'test',
    externalId: '1',
    title: 'Backend Engineer',
    company: { slug: 'acme', name: 'Acme' },
    description: '<p>Build APIs.</p>',
    postedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  }
}

test('a realistic posting is enriched end to end', () => {
  const job = enrichPosting(
    posting({
      title: 'Senior Backend Engineer (Go)',
      location: 'München, Germany',
      description:
        '<p>We are a fintech startup building payments infrastructure. This is a hybrid role, 2 days a week in the office.</p>' +
        '<ul><li>5+ years of experience with Go or Java</li><li>PostgreSQL and Kafka</li><li>Fluent English (C1)</li><li>BSc in Computer Science</li></ul>' +
        '<p>Salary: €80.000 – €95.000 per year. Visa sponsorship is available. Relocation package provided.</p><script>alert(1)</script>',
    }),
    { now: new Date('2026-11-21T00:00:00.000Z') },
  )
  assert.equal(job.category, 'backend')
  assert.equal(job.seniority, 'senior')
  assert.equal(job.workMode, 'hybrid')
  assert.deepEqual(job.cities, [{ name: 'Munich', country: 'de' }])
  assert.deepEqual(job.countries, ['de'])
  assert.deepEqual(job.regions, ['eu'])
  assert.deepEqual(job.skills?.map((s) => s.slug), ['go', 'java', 'postgresql', 'kafka'])
  assert.deepEqual([job.salaryMin, job.salaryMax, job.salaryCurrency, job.salaryPeriod], [80000, 95000, 'EUR', 'year'])
  assert.equal(job.visaSponsorship, true)
  assert.equal(job.relocation, 'supported')
  assert.equal(job.englishLevel, 'c1')
  assert.equal(job.educationLevel, 'bachelor')
  assert.equal(job.experienceYearsMin, 5)
  assert.equal(job.postingLanguage, 'en')
  assert.deepEqual(job.domains, ['fintech'])
  // The bracketed language is the job's specialisation: kept in the role key.
  assert.equal(job.clusterKey, 'acme:backend-engineer-go:senior:')
  assert.equal(job.reality?.class, 'fresh')
  assert.equal(job.ghost, null)
  assert.doesNotMatch(job.descriptionHtml, /script/)
})

test('remote worldwide postings get the global region; no geography stays empty', () => {
  const worldwide = enrichPosting(posting({ location: 'Remote', description: '<p>Fully remote: work from anywhere in the world.</p>' }))
  assert.equal(worldwide.workMode, 'remote')
  assert.deepEqual(worldwide.regions, ['global'])
  const nowhere = enrichPosting(posting({ location: null, description: '<p>Join us.</p>' }))
  assert.equal(nowhere.workMode, null)
  assert.deepEqual(nowhere.regions, [])
  assert.deepEqual(nowhere.countries, [])
})

test('stated facts win over what the text says', () => {
  const job = enrichPosting(posting({ description: '<p>Salary $100k-120k. Fully remote.</p>', stated: { workMode: 'onsite', salaryMin: 5, salaryMax: 6, salaryCurrency: 'eur', salaryPeriod: 'hour', skills: ['golang'] } }))
  assert.equal(job.workMode, 'onsite')
  assert.deepEqual([job.salaryMin, job.salaryMax, job.salaryCurrency, job.salaryPeriod], [5, 6, 'EUR', 'hour'])
  assert.deepEqual(job.skills, [{ slug: 'go', name: 'Go' }])
})

test('old, reposted postings read as likely-evergreen with ghost evidence', () => {
  const job = enrichPosting(posting({ postedAt: '2026-06-01T00:00:00.000Z', description: '<p>Join our dynamic team!</p>' }), {
    now: new Date('2026-11-21T00:00:00.000Z'),
    clusterSize: 6,
    massPostingCount: 6,
  })
  assert.equal(job.reality?.class, 'likely-evergreen')
  assert.equal(job.reality?.repost_count, 5)
  assert.equal(job.ghost?.level, 'likely')
  assert.ok(job.ghost?.criteria.includes('reposted_3_or_more_times'))
  assert.equal(job.ghost?.contributors, job.ghost?.criteria.length)
})

test("the company's own name is not read as a skill", () => {
  const job = enrichPosting(posting({ company: { slug: 'nova-robotics', name: 'Nova Robotics' }, description: '<p>Nova Robotics builds warehouse software in Python.</p>' }))
  assert.deepEqual(job.skills?.map((s) => s.slug), ['python'])
})

test('the role cluster key: one role of one company per city or work mode is one key; level or employment type make another', () => {
  const key = (title: string, more: Partial<RawPosting> = {}) => enrichPosting(posting({ title, ...more })).clusterKey
  const berlin = key('Senior Backend Engineer - Berlin', { location: 'Berlin, Germany' })
  assert.equal(key('Senior Backend Engineer - London', { location: 'London, UK' }), berlin)
  assert.equal(key('Sr. Backend Engineer (Remote)', { location: 'Remote' }), berlin)
  assert.notEqual(key('Junior Backend Engineer - Berlin'), berlin)
  assert.notEqual(key('Senior Backend Engineer - Berlin', { description: '<p>A 6-month contract role.</p>' }), berlin)
  assert.notEqual(key('Senior Backend Engineer - Berlin', { company: { slug: 'globex', name: 'Globex' } }), berlin)
  assert.notEqual(key('Senior Frontend Engineer - Berlin'), berlin)
})

test('the role key keeps what tells jobs apart: segment, platform, team, specialisation, a non-Latin title; never empty', () => {
  const key = (title: string, more: Partial<RawPosting> = {}) => enrichPosting(posting({ title, ...more })).clusterKey
  const distinct = (titles: string[]) => assert.equal(new Set(titles.map((t) => key(t))).size, titles.length, titles.join(' / '))
  distinct(['Sales Manager, Mid-Market', 'Sales Manager, Enterprise', 'Sales Manager, Public Sector'])
  distinct(['Team Lead, Payments Operations', 'Team Lead, Risk'])
  distinct(['Software Engineer, Android', 'Software Engineer - iOS', 'Software Engineer, Mobile'])
  distinct(['Backend Engineer (Payments)', 'Backend Engineer (Growth)', 'Backend Engineer'])
  distinct(['Инженер-программист', 'Аналитик данных', '데이터 엔지니어'])
  assert.match(key('Аналитик данных')!, /^acme:аналитик-данных:/)
  assert.match(key('Senior (m/w/d)')!, /^acme:[^:]+:/, 'a title of markers only keys on itself')
  // Places, gender markers and requisition codes name the same job.
  assert.equal(key('Backend Entwickler (m/w/d) - Wien'), key('Backend Entwickler (m/w/d)'))
  assert.equal(key('Data Engineer (R-10422)'), key('Data Engineer - Remote, US'))
  assert.equal(key('Account Executive - Austria'), key('Account Executive | Berlin, DE'))
})

test("the board's own job id is the role key: its postings are one role whatever their titles, and other jobs never join it", () => {
  const key = (title: string, jobId: string | null) => enrichPosting({ ...posting({ title }), source: 'greenhouse', jobId }).clusterKey
  assert.equal(key('Sales Manager, Enterprise - Chicago', '901'), key('Sales Manager, Enterprise (New York)', '901'))
  assert.equal(key('Sales Manager, Enterprise', '901'), 'acme:job:greenhouse:901')
  assert.notEqual(key('Sales Manager, Enterprise', '902'), key('Sales Manager, Enterprise', '901'))
  assert.notEqual(key('Sales Manager, Enterprise', null), key('Sales Manager, Enterprise', '901'))
})

test('pay only from pay statements: a benefit amount is never a salary; hourly pay keeps its cents; stated pay wins', () => {
  const pay = (description: string, more: Partial<RawPosting> = {}) => {
    const job = enrichPosting(posting({ description, location: 'Austin, TX', ...more }))
    return [job.salaryMin, job.salaryMax, job.salaryCurrency, job.salaryPeriod]
  }
  assert.deepEqual(pay('<ul><li>Learning budget up to $5,000 per year</li></ul>'), [null, null, null, null])
  assert.deepEqual(pay('<p>Up to $5,000 per year for professional development.</p>'), [null, null, null, null])
  assert.deepEqual(pay('<p>Wellness: $100/month. $50 per month phone reimbursement.</p>'), [null, null, null, null])
  assert.deepEqual(pay('<p>Pay: $27.45 - $31.20/hr</p>'), [27.45, 31.2, 'USD', 'hour'])
  assert.deepEqual(pay('<p>The OTE is $120,000; base salary $70,000 - $80,000.</p>'), [70000, 80000, 'USD', 'year'])
  assert.deepEqual(pay('<p>Salary $90,000 - $100,000 plus a $2,000 learning budget.</p>'), [90000, 100000, 'USD', 'year'])
  const stated = { salaryMin: 60000, salaryMax: 70000, salaryCurrency: 'USD', salaryPeriod: 'year' as const }
  assert.deepEqual(pay('<p>Salary: $1 - $2 per hour</p>', { stated }), [60000, 70000, 'USD', 'year'])
})

test('places: a state code is never a second country; "Country - City"; abbreviations with periods; metro lists', () => {
  const place = (location: string) => {
    const job = enrichPosting(posting({ location }))
    return [job.countries, job.cities?.map((c) => c.name)]
  }
  assert.deepEqual(place('Hamburg, NY'), [['us'], []])
  assert.deepEqual(place('Berlin, NH'), [['us'], []])
  assert.deepEqual(place('Berlin, DE'), [['de'], ['Berlin']])
  assert.deepEqual(place('Munich, BY'), [['de'], ['Munich']])
  assert.deepEqual(place('Austria - Vienna'), [['at'], ['Vienna']])
  assert.deepEqual(place('Washington, D.C.'), [['us'], ['Washington']])
  assert.deepEqual(place('Ft. Worth, TX'), [['us'], ['Fort Worth']])
  assert.deepEqual(place('St. Louis, MO'), [['us'], ['St. Louis']])
  assert.deepEqual(place('LA, NYC, ATL'), [['us'], ['Los Angeles', 'New York City', 'Atlanta']])
  assert.deepEqual(place('Calgary, AB, CA'), [['ca'], ['Calgary']])
})

test('work mode: a perk does not make an office job remote; a stated mode wins; provenance tells a stated fact from an inference', () => {
  const perk = enrichPosting(posting({ description: '<p>This role is based in our Chicago office.</p><p>Perks: work from anywhere for four weeks a year, a home office stipend.</p>' }))
  assert.equal(perk.workMode, 'onsite')
  assert.equal(perk.provenance?.work_mode, 'text')
  assert.notEqual(enrichPosting(posting({ description: '<p>Work from anywhere for a month a year.</p>' })).workMode, 'remote')
  assert.equal(enrichPosting(posting({ description: '<p>This is a fully remote role.</p>' })).workMode, 'remote')
  const stated = enrichPosting(posting({ description: '<p>This is a fully remote role.</p>', stated: { workMode: 'onsite', countries: ['de'] } }))
  assert.equal(stated.workMode, 'onsite')
  assert.deepEqual([stated.provenance?.work_mode, stated.provenance?.countries], ['board', 'board'])
  assert.equal(stated.provenance?.domains, 'default', 'no business named: "other" is assumed')
  assert.equal(stated.provenance?.salary, undefined, 'an unknown value has no provenance')
})

test("skills: an employer's repeated paragraphs and its 'about us' section are not the job's skills; a short abbreviation needs its long name", () => {
  const about = '<h3>About Acme</h3><p>Acme builds mobile apps on Android and iOS.</p>'
  const job = enrichPosting(posting({ description: `${about}<p>Own the monthly close.</p><ul><li>NetSuite</li></ul>` }))
  assert.deepEqual(job.skills?.map((s) => s.slug), ['netsuite'])
  const repeated = 'Our platform team runs Kubernetes and Terraform for every customer we have.'
  const boilerplate = new Set([repeated.toLowerCase()])
  const finance = enrichPosting(posting({ description: `<p>${repeated}</p><p>Reconcile accounts in Excel.</p>` }), { boilerplate })
  assert.deepEqual(finance.skills?.map((s) => s.slug), ['excel'])
  const acronyms = enrichPosting(posting({ description: '<p>Work with our ATS and EOR partners across the CIS; we use AWS.</p>' }))
  assert.deepEqual(acronyms.skills?.map((s) => s.slug), ['aws'])
})

test('skill names that are everyday words need a neighbour that shows the technology', () => {
  const skills = (description: string) => enrichPosting(posting({ description })).skills?.map((s) => s.slug)
  assert.deepEqual(skills('<p>Ada es nuestra fundadora. Expect a Swift response; the Kafka-esque paperwork is gone.</p>'), [])
  assert.deepEqual(skills('<p>Build with Rust and Swift; ship our Kafka topics.</p>'), ['rust', 'swift', 'kafka'])
  assert.deepEqual(skills('<ul><li>pandas</li><li>Spark</li></ul>'), ['pandas', 'spark'])
})
