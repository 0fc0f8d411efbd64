import { readFileSync } from 'node:fs'
import type { CompanyRecord } from '../catalogue/job-record.ts'
import { slugify } from '../vocabulary/slug.ts'
import { dataFile } from '../paths.ts'
import { EASTERN, EUROPEAN, SEED_COUNTRIES, type SeedCountry } from './seed-places.ts'
import type { SeedRandom } from './seed-random.ts'

/** A made-up company with what the posting generator needs to know about it. */
export interface SeedCompany {
  record: CompanyRecord
  country: SeedCountry
  /** remoteintech policy: fully-remote, remote-first, remote-friendly, hybrid, or null (office). */
  remotePolicy: string | null
  technologies: string[]
  industry: Industry
  /** Relative number of postings: big employers post much more. */
  weight: number
}

interface Industry {
  slug: string
  pitch: string
}

const INDUSTRIES: Industry[] = [
  { slug: 'fintech', pitch: 'builds payments and banking infrastructure for small businesses' },
  { slug: 'crypto', pitch: 'runs a crypto exchange and web3 wallet used in 40 countries' },
  { slug: 'ecommerce', pitch: 'operates an e-commerce marketplace connecting independent brands with shoppers' },
  { slug: 'gambling', pitch: 'develops an iGaming and sportsbook platform' },
  { slug: 'gaming', pitch: 'is a game studio making mobile games played by millions' },
  { slug: 'media', pitch: 'runs a streaming and podcasts platform for independent creators' },
  { slug: 'travel', pitch: 'makes a booking platform for hotels and vacation rentals' },
  { slug: 'healthcare', pitch: 'builds healthtech software that helps clinicians care for patients' },
  { slug: 'education', pitch: 'is an edtech company with an online learning platform for students' },
  { slug: 'government', pitch: 'builds civic tech used by public sector agencies and municipalities' },
  { slug: 'developer-tools', pitch: 'makes developer tools for teams shipping software every day' },
  { slug: 'security', pitch: 'builds a cybersecurity platform for threat detection and zero trust access' },
  { slug: 'artificial-intelligence', pitch: 'is an AI-native company building generative AI products on large language models' },
  { slug: 'hr', pitch: 'develops HR software: a hiring platform and payroll software for growing teams' },
  { slug: 'advertising', pitch: 'runs a programmatic advertising platform for publishers' },
  { slug: 'real-estate', pitch: 'is a proptech company bringing real estate transactions online' },
  { slug: 'logistics', pitch: 'builds logistics software for freight, shipping and last-mile delivery' },
  { slug: 'mobility', pitch: 'works on electric vehicles charging and micromobility services' },
  { slug: 'climate', pitch: 'is a climate tech company working on carbon accounting and renewable energy' },
  { slug: 'consulting', pitch: 'provides software development services and engineering teams to clients' },
  { slug: 'enterprise-software', pitch: 'makes business software used by finance and operations teams' },
]

const SYLLABLES = ['lu', 'mo', 'ra', 'ven', 'tor', 'qua', 'zi', 'nex', 'ly', 'ar', 'bo', 'cel', 'da', 'fen', 'gra', 'hal', 'io', 'ka', 'lin', 'mer', 'no', 'or', 'pax', 'ri', 'sol', 'tan', 'ul', 'vo', 'wex', 'yo']
const WORDS = ['North', 'Bright', 'Blue', 'Iron', 'Clear', 'Silver', 'Swift', 'Deep', 'Open', 'True', 'Red', 'Green', 'Stone', 'Cloud', 'Pixel', 'Quantum', 'Atlas', 'Beacon', 'Harbor', 'Summit', 'Orbit', 'Signal', 'Maple', 'Cedar', 'River', 'Falcon', 'Lumen', 'Vector', 'Delta', 'Nova']
const NOUNS = ['wave', 'peak', 'field', 'forge', 'path', 'stack', 'gate', 'works', 'line', 'loop', 'mark', 'bridge', 'light', 'hub', 'base', 'grid']
const SUFFIXES = ['', '', '', ' Labs', ' Technologies', ' Systems', ' AI', ' Software', ' Group', ' Analytics', ' Health', ' Pay', ' Cloud', ' Digital', ' Robotics', ' Studio']

const SIZE_OF: Record<string, string[]> = {
  tiny: ['1-10'],
  startup: ['11-50'],
  small: ['11-50', '51-200'],
  medium: ['51-200', '201-500'],
  large: ['501-1000', '1000+'],
  enterprise: ['1000+'],
}
const EMPLOYEES: Record<string, [number, number]> = {
  '1-10': [3, 10], '11-50': [12, 50], '51-200': [55, 200], '201-500': [210, 500], '501-1000': [520, 1000], '1000+': [1100, 180000],
}

type Pattern = [policy: string | null, size: string | null, region: string | null, technologies: string[]]

function companyName(random: SeedRandom): string {
  if (random.chance(0.5)) {
    const word = random.pick(SYLLABLES) + random.pick(SYLLABLES) + (random.chance(0.4) ? random.pick(SYLLABLES) : '')
    return word[0]!.toUpperCase() + word.slice(1) + random.pick(SUFFIXES)
  }
  return random.pick(WORDS) + random.pick(NOUNS) + random.pick(SUFFIXES)
}

function companyType(random: SeedRandom, industry: Industry, size: string): string {
  if (industry.slug === 'consulting') return random.weighted([['outsource', 6], ['outstaff', 3], ['agency', 2]] as const)
  if (industry.slug === 'government') return random.chance(0.5) ? 'government' : 'product'
  if (size === '1000+') return random.weighted([['product', 7], ['inhouse', 3]] as const)
  if (size === '1-10' || size === '11-50' || size === '51-200') return random.weighted([['startup', 6], ['product', 3], ['agency', 1]] as const)
  return random.weighted([['product', 6], ['startup', 2], ['inhouse', 2], ['agency', 0.5]] as const)
}

const YC_SEASONS = ['W', 'S']

function collectionsOf(random: SeedRandom, c: { country: string; size: string; type: string; industry: string; famous: number }): Pick<CompanyRecord, 'collections' | 'ycBatch' | 'ycStatus' | 'ycStage' | 'ycFlags' | 'maturity'> {
  const out = new Set<string>()
  const big = c.size === '1000+'
  if (c.famous < 7) out.add('mag7')
  if (c.famous < 25) out.add('bigtech')
  if (big && c.country === 'us' && random.chance(0.35)) out.add('fortune500')
  if (c.industry === 'artificial-intelligence') {
    out.add('ai')
    if (c.type === 'startup' || random.chance(0.4)) out.add('ai-native')
  } else if (random.chance(0.08)) out.add('ai')
  if (EUROPEAN.has(c.country)) out.add('european')
  if (EASTERN.has(c.country) || random.chance(0.03)) out.add('eastern-roots')
  if (c.country === 'in' || random.chance(0.03)) out.add('indian-roots')
  if ((c.country === 'gb' && random.chance(0.6)) || (big && random.chance(0.3))) out.add('uk-skilled-worker-sponsor')
  if ((c.country === 'nl' && random.chance(0.5)) || (big && random.chance(0.2))) out.add('nl-recognised-sponsor')
  if ((c.country === 'us' && random.chance(big ? 0.7 : 0.2)) || (big && random.chance(0.3))) out.add('us-h1b-sponsor')
  const startupish = c.type === 'startup' || c.size === '11-50' || c.size === '51-200'
  if (startupish && random.chance(0.02)) out.add('unicorn')
  if (c.famous < 60 && !big) out.add('unicorn')
  const yc: Pick<CompanyRecord, 'ycBatch' | 'ycStatus' | 'ycStage' | 'ycFlags'> = {}
  if (startupish && random.chance(0.12)) {
    out.add('yc')
    const year = random.int(12, 25)
    yc.ycBatch = [`${random.pick(YC_SEASONS)}${year}`]
    yc.ycStatus = [random.weighted([['Active', 8], ['Acquired', 1.5], ['Public', 0.5]] as const)]
    yc.ycStage = [year > 22 ? 'Early' : random.pick(['Early', 'Growth'])]
    yc.ycFlags = random.sample(['hiring', 'top_company', 'remote', 'women_founded', 'nonprofit'], random.int(0, 2))
  }
  if (startupish && random.chance(0.04)) out.add('techstars')
  if (random.chance(0.03)) out.add('a16z-portfolio')
  if (startupish && random.chance(0.012)) out.add('a16z-speedrun')
  const maturity = big ? (random.chance(0.6) ? 'public' : 'late-stage') : startupish ? random.pick(['seed', 'series-a', 'series-b']) : random.pick(['series-c', 'growth', 'bootstrapped'])
  return { collections: [...out].sort(), maturity, ...yc }
}

/** `count` made-up companies, deterministic for the random state; real remote/size patterns from remoteintech. */
export function generateCompanies(random: SeedRandom, count: number): SeedCompany[] {
  const patterns = JSON.parse(readFileSync(dataFile('company-patterns.json'), 'utf8')) as Pattern[]
  const countryWeights = SEED_COUNTRIES.map((country) => [country, country.weight] as const)
  const slugs = new Set<string>()
  const companies: SeedCompany[] = []
  for (let i = 0; i < count; i++) {
    let name = companyName(random)
    let slug = slugify(name)
    for (let n = 2; slugs.has(slug); n++) {
      name = `${companyName(random)}`
      slug = slugify(name)
      if (n > 5) slug = `${slug}-${n}`
    }
    slugs.add(slug)
    const [policy, patternSize, , technologies] = random.pick(patterns)
    // The first companies are the household names: the biggest employers.
    const famous = i
    const size = famous < 25 ? '1000+' : random.pick(SIZE_OF[patternSize ?? 'medium'] ?? SIZE_OF.medium!)
    const country = famous < 25 ? random.weighted([[SEED_COUNTRIES[0]!, 5], ...countryWeights.slice(1, 4)]) : random.weighted(countryWeights)
    const industry = random.pick(INDUSTRIES)
    const type = companyType(random, industry, size)
    const [low, high] = EMPLOYEES[size]!
    const record: CompanyRecord = {
      slug,
      name,
      tagline: `${name} ${industry.pitch.split(':')[0]}`,
      homepage: `https://${slug}.example`,
      careersUrl: `https://${slug}.example/careers`,
      description: `${name} ${industry.pitch}. Founded in ${2000 + random.int(0, 24)}, we are a team of about ${random.int(low, high)} people.`,
      hqCountry: country.code,
      industries: [industry.slug],
      companyType: type,
      companySize: size,
      yearFounded: 1995 + random.int(0, 29),
      employeeCount: random.int(low, high),
      organizationType: type === 'government' ? 'public' : 'private',
      ...collectionsOf(random, { country: country.code, size, type, industry: industry.slug, famous }),
    }
    const weight = size === '1000+' ? (famous < 25 ? 20 : 5) : size === '501-1000' ? 4 : size === '201-500' ? 3 : size === '51-200' ? 2 : 1
    companies.push({ record, country, remotePolicy: random.chance(0.55) ? policy : null, technologies, industry, weight })
  }
  return companies
}
