/**
 * Generated postings in the shapes of ATS career pages (Greenhouse-, Lever-, Workday-style HTML),
 * aggregator boards (plain text with a header block), internship lists (terse location strings,
 * employer skill tags) and "who is hiring" forum posts (one pipe-separated header line, no location
 * field). Every label follows from the facts drawn before the text is written.
 */
import type { WorkMode } from '../../../src/catalogue/job-record.ts'
import { posting, seeded, type LabelledPosting, type SalaryLabel } from './labelled.ts'
import { PLACES, REMOTE_PLACES, SALARIES, SKILLS } from './pools.ts'

const TITLES = ['Senior Backend Engineer', 'Software Engineer II', 'Data Engineer', 'Staff Platform Engineer', 'Frontend Developer',
  'Full Stack Engineer', 'Site Reliability Engineer', 'Machine Learning Engineer', 'Data Analyst', 'DevOps Engineer',
  'Software Engineering Intern', 'Mobile Engineer (iOS)', 'Security Engineer', 'Engineering Manager', 'QA Automation Engineer',
  'BI Developer', 'Solutions Architect', 'IT Systems Administrator', 'Mechanical Design Engineer', 'Product Designer']
/** Skills a title names itself. */
const TITLE_SKILLS: Record<string, string[]> = { 'Mobile Engineer (iOS)': ['ios'], 'Machine Learning Engineer': ['machine-learning'] }
const COMPANIES = ['Northwind Labs', 'Bluefin Health', 'Quillstone', 'Harbor & Finch', 'Meridian Freight', 'Tallow Analytics',
  'Copperleaf Energy', 'Orbitale', 'Kestrel Pay', 'Lumen Grove', 'Pinecrest Robotics', 'Vantage Ledger', 'Sable Systems', 'Brightwater Games']
const PITCHES = [
  'We help hospitals schedule their staff so nurses spend more time with patients.',
  'Our team builds the payments backbone for thousands of small shops across the region.',
  'We make freight visible: shippers see every container from port to warehouse.',
  'Our customers are city councils who want cleaner data about their roads and bridges.',
  'We are a small, profitable company building tools that accountants actually like.',
  'We design batteries and the software that keeps them healthy for twenty years.',
]
const DUTIES = ['Design, build and run services that handle real traffic', 'Pair with product and design on new features',
  'Review code and help your teammates grow', 'Own features from the first sketch to production', 'Improve our tests and our release process',
  'Write clear documentation for the people who come after you']
const HYBRID = ['You will join us 2 days a week in our {city} office.', 'We are in office Tue–Thu and work from home the rest of the week.',
  'This is a hybrid role: three days per week on-site in {city}.', 'Hybrid working: 3 days/week in the office.',
  'Our team meets in the {city} office on Tuesdays and Wednesdays; the rest of the week is yours to work from home.']
const ONSITE = ['This role is onsite in {city}.', 'This position is office-based, five days a week.', 'On-site, Monday to Friday, at our {city} lab.']
const REMOTE_TEXT = ['This is a fully remote position.', 'You can work from home anywhere in the country.', 'We are a remote-first team.']

interface Facts {
  title: string
  company: string
  location: string
  place: string[]
  mode: WorkMode | null
  modeText: string | null
  salary: [string, SalaryLabel] | null
  skills: [string, string[]][]
}

function draw(r: ReturnType<typeof seeded>, i: number): Facts {
  const mode = r.pick<WorkMode | null>(['remote', 'remote', 'hybrid', 'onsite', null])
  let [location, place, currencyCountry] = mode === 'remote' && r.chance(0.7) ? r.pick(REMOTE_PLACES) : r.pick(PLACES)
  let modeText: string | null = null
  const city = location.split(/[,(]/)[0]!.replace(/^Remote.*/, '').trim() || 'main'
  if (mode === 'remote' && !/remote|anywhere/i.test(location)) {
    if (r.chance(0.5)) location = `${location} or Remote`
    else modeText = r.pick(REMOTE_TEXT)
  }
  if (mode === 'hybrid') {
    if (r.chance(0.3)) location = `${location} (Hybrid)`
    else modeText = r.pick(HYBRID).replace('{city}', city)
  }
  if (mode === 'onsite') modeText = r.pick(ONSITE).replace('{city}', city)
  const salary = r.chance(0.6) ? r.pick(SALARIES)(currencyCountry) : null
  const skills: [string, string[]][] = []
  const seen = new Set<string>()
  for (const pick of r.sample(SKILLS, r.int(2, 6))) {
    if (pick[1].some((slug) => seen.has(slug))) continue
    pick[1].forEach((slug) => seen.add(slug))
    skills.push(pick)
  }
  const title = TITLES[i % TITLES.length]!
  for (const slug of TITLE_SKILLS[title] ?? []) if (!seen.has(slug)) skills.push(['', [slug]])
  return { title, company: r.pick(COMPANIES), location, place, mode, modeText, salary, skills }
}

const list = (items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`
const names = (skills: [string, string[]][]) => skills.map(([name]) => name).filter(Boolean)
const joined = (words: string[]) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0]!)

function greenhouse(f: Facts, r: ReturnType<typeof seeded>): string {
  return `<p><strong>About ${f.company}</strong></p><p>${r.pick(PITCHES)}</p>` +
    `<h3>What you'll do</h3>${list(r.sample(DUTIES, 3))}` +
    `<h3>What you bring</h3>${list([`Professional experience with ${joined(names(f.skills))}`, 'Care for the people who use what you build'])}` +
    (f.modeText ? `<p>${f.modeText}</p>` : '') +
    (f.salary ? `<p>${f.salary[0]}</p>` : '') +
    `<p>Learn more at <a href="https://careers.example.com/${f.company.split(' ')[0]!.toLowerCase()}/jobs/${r.int(1000, 9999)}">our careers site</a>.</p>`
}

function lever(f: Facts, r: ReturnType<typeof seeded>): string {
  return `<div>${r.pick(PITCHES)}</div><div><b>Requirements</b></div><div><ul>${names(f.skills).map((s) => `<li>${s}</li>`).join('')}</ul></div>` +
    `<div><b>Details</b></div><table><tr><td>Location</td><td>${f.location}</td></tr>` +
    (f.salary ? `<tr><td>Salary</td><td>${f.salary[0].replace(/^(Salary|Compensation|Comp|Pay): /, '')}</td></tr>` : '') + '</table>' +
    (f.modeText ? `<div>${f.modeText}</div>` : '')
}

function aggregator(f: Facts, r: ReturnType<typeof seeded>): string {
  return `${f.title}\n${f.company} – ${f.location}\n${f.salary ? f.salary[0] + '\n' : ''}\n${r.pick(PITCHES)}\n\n` +
    `Responsibilities\n${r.sample(DUTIES, 2).map((d) => `- ${d}`).join('\n')}\n\n${f.modeText ?? ''}\n\nSkills: ${names(f.skills).join(', ')}`
}

function internship(f: Facts, r: ReturnType<typeof seeded>): string {
  return `<p>${r.pick(PITCHES)} Interns work on real projects with a mentor.</p>` +
    `<p>Tools you will use: ${names(f.skills).join(' / ')}</p>${f.modeText ? `<p>${f.modeText}</p>` : ''}${f.salary ? `<p>${f.salary[0]}</p>` : ''}`
}

function forum(f: Facts, r: ReturnType<typeof seeded>): string {
  const header = [f.company, f.title, f.location, r.pick(['Full-time', 'Full Time', 'FT']), f.salary?.[0].replace(/^(Salary|Compensation|Comp|Pay): /, '')]
  return `${header.filter(Boolean).join(' | ')}\n\n${r.pick(PITCHES)} ${f.modeText ?? ''}\n\nStack: ${names(f.skills).join(', ')}\n\n` +
    `Apply: https://jobs.example.org/${f.company.split(' ')[0]!.toLowerCase()}?ref=hn or email jobs@${f.company.split(' ')[0]!.toLowerCase()}.example`
}

const SHAPES = { greenhouse, lever, aggregator, internship, forum } as const

export function boardPostings(count: number, seed = 27): LabelledPosting[] {
  const r = seeded(seed)
  const out: LabelledPosting[] = []
  const shapes = Object.keys(SHAPES) as (keyof typeof SHAPES)[]
  for (let i = 0; i < count; i++) {
    const facts = draw(r, i)
    const shape = shapes[i % shapes.length]!
    const description = SHAPES[shape](facts, r)
    out.push(posting(`${shape}-${i}`, shape, {
      title: facts.title,
      company: facts.company,
      location: shape === 'forum' ? null : facts.location,
      description,
    }, {
      workMode: facts.mode,
      place: facts.place,
      salary: facts.salary?.[1] ?? null,
      skills: [...new Set(facts.skills.flatMap(([, slugs]) => slugs))],
    }))
  }
  return out
}
