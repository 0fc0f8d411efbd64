import { readFileSync } from 'node:fs'
import { dataFile } from '../paths.ts'
import type { RawPosting } from './raw-posting.ts'
import type { RealityContext } from './reality.ts'
import { generateCompanies, type SeedCompany } from './seed-companies.ts'
import { REMOTE_REGION_LABELS, type SeedCountry } from './seed-places.ts'
import { SeedRandom, WeightedPicker } from './seed-random.ts'
import { LEVEL_WORDS, SENIORITY_MIX, SEED_ROLES, type SeedRole } from './seed-roles.ts'
import { writeDescription, type PostingFacts } from './seed-text.ts'

/** A generated posting and what the catalogue around it looks like (for the reality signal). */
export interface SeededPosting {
  raw: RawPosting
  context: Pick<RealityContext, 'clusterSize' | 'massPostingCount'>
}

interface SalaryData {
  usdQuantilesByLevel: Record<string, number[]>
  countryFactor: Record<string, number>
}

const DAY = 86_400_000
const SOURCES: [string, number][] = [['greenhouse', 30], ['lever', 18], ['ashby', 12], ['workable', 8], ['company-site', 12], ['linkedin', 10], ['hh', 5], ['remoteok', 5]]
const LEVEL_OF: Record<string, string> = { intern: 'EN', junior: 'EN', middle: 'MI', senior: 'SE', lead: 'EX', staff: 'EX', principal: 'EX' }
const EXPERIENCE: Record<string, [number, number]> = { intern: [0, 0], junior: [0, 2], middle: [2, 4], senior: [5, 7], lead: [6, 9], staff: [8, 10], principal: [10, 12] }
/** Working hours a remote team asks to overlap with, by country (CET elsewhere). */
const TIMEZONES: Record<string, string> = { us: 'EST', ca: 'EST', gb: 'GMT', ie: 'GMT', ru: 'MSK', kz: 'MSK', sg: 'SGT', in: 'IST', au: 'AEST' }

const MANAGER_LEVELS: [string, number][] = [['lead', 5], ['senior', 3], ['principal', 1]]
const EXECUTIVE_TITLE = /^(CTO|VP|Head of|Director|Chief)\b/

const fmt = (n: number, sep: string) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep)

/** A salary line in the currency and period the posting's market uses, drawn from real observations. */
function salaryLine(random: SeedRandom, data: SalaryData, seniority: string, country: SeedCountry, fx: Record<string, number>, employment: string | null): string | null {
  const quantiles = data.usdQuantilesByLevel[LEVEL_OF[seniority] ?? 'MI']!
  // The bottom and top 15% of the observations are mostly part-year and outlier rows: skip them.
  const index = random.int(3, quantiles.length - 4)
  const factor = data.countryFactor[country.code.toUpperCase()] ?? (country.currency === 'RUB' ? 0.3 : 0.45)
  const intern = seniority === 'intern' ? 0.5 : 1
  const yearlyUsd = quantiles[index]! * factor * intern
  const currency = country.currency
  const yearly = yearlyUsd * fx[currency]!
  const period = employment === 'contract' ? random.pick(['day', 'hour'] as const) : currency === 'RUB' ? 'month' : random.weighted([['year', 8], ['month', 1.5], ['hour', 0.5]] as const)
  const per = { year: 1, month: 12, day: 220, hour: 1760 }[period]
  const round = period === 'year' ? 1000 : period === 'month' ? 100 : 1
  const low = Math.max(round, Math.round(yearly / per / round) * round)
  const high = Math.round((low * (1.1 + random.next() * 0.35)) / round) * round
  const label = random.pick(['Salary', 'Compensation', 'Base salary', 'Pay range'])
  if (currency === 'RUB') return random.chance(0.5) ? `${label}: ${fmt(low, ' ')} – ${fmt(high, ' ')} руб. в месяц` : `${label}: от ${fmt(low, ' ')} ₽`
  // Outside the US a bare "$" reads as the local dollar (CAD in Canada): US dollars are written US$ there.
  const symbol = { USD: country.code === 'us' ? '$' : 'US$', EUR: '€', GBP: '£' }[currency]
  const unit = { year: 'per year', month: 'per month', day: 'per day', hour: 'per hour' }[period]
  if (period === 'year' && currency === 'USD' && random.chance(0.4)) return `${label}: ${symbol}${Math.round(low / 1000)}k–${Math.round(high / 1000)}k`
  if (currency === 'EUR' && random.chance(0.5)) return `${label}: €${fmt(low, '.')} - €${fmt(high, '.')} ${unit}`
  return `${label}: ${symbol}${fmt(low, ',')} - ${symbol}${fmt(high, ',')} ${unit}`
}

/** Security clearance: common in US and UK security and infrastructure roles, rare elsewhere. */
function clearanceFor(random: SeedRandom, role: SeedRole, country: SeedCountry): PostingFacts['clearance'] {
  const sensitive = role.category === 'security' || role.category === 'devops'
  if (country.code === 'us') return random.chance(sensitive ? 0.25 : 0.015) ? 'us' : null
  if (country.code === 'gb') return sensitive && random.chance(0.2) ? 'uk' : null
  return null
}

function pickWorkMode(random: SeedRandom, company: SeedCompany): PostingFacts['workMode'] {
  const policy = company.remotePolicy
  if (policy === 'fully-remote' || policy === 'remote-first') return random.weighted([['remote', 8], ['hybrid', 0.5], [null, 1]] as const)
  if (policy === 'hybrid') return random.weighted([['hybrid', 7], ['remote', 1], ['onsite', 1], [null, 1]] as const)
  if (policy === 'remote-friendly') return random.weighted([['remote', 4], ['hybrid', 3], ['onsite', 1], [null, 1]] as const)
  return random.weighted([['onsite', 4], ['hybrid', 4], ['remote', 1.5], [null, 2]] as const)
}

function cityLocation(random: SeedRandom, country: SeedCountry, cityIndex: number): { city: string; location: string } {
  const city = country.cities[cityIndex % country.cities.length]!
  if (country.states && random.chance(0.7)) return { city, location: `${city}, ${country.states[cityIndex % country.states.length]}` }
  return { city, location: random.chance(0.7) ? `${city}, ${country.name}` : city }
}

function pickSkills(random: SeedRandom, role: SeedRole, company: SeedCompany): string[] {
  const fromStack = company.technologies.filter(() => random.chance(0.3)).slice(0, 2)
  return [...new Set([...random.sample(role.skills, random.int(3, 6)), ...fromStack.filter((t) => t.length > 2)])]
}

/**
 * Raw postings of the seeded catalogue, deterministic for (count, seed, now). Some roles are posted
 * as copies in several cities (one role cluster), some are closed, some are old, a few are vague.
 */
export function* generateRawPostings(count: number, seed: number, now: Date): Generator<SeededPosting> {
  const random = new SeedRandom(seed)
  const salaries = JSON.parse(readFileSync(dataFile('salaries.json'), 'utf8')) as SalaryData
  const fx = (JSON.parse(readFileSync(dataFile('fx.json'), 'utf8')) as { unitsPerUSD: Record<string, number> }).unitsPerUSD
  const companies = generateCompanies(random, Math.max(5, Math.round(count / 13)))
  const companyPicker = new WeightedPicker(companies.map((company) => [company, company.weight] as const))
  const roleWeights = SEED_ROLES.map((role) => [role, role.weight] as const)
  let produced = 0
  let serial = 0
  // Company, title and location already listed: a copy that would repeat all three is not a second
  // role (nor a real listing in another place), so it is not generated.
  const listed = new Set<string>()
  while (produced < count) {
    const company = companyPicker.pick(random)
    const role = random.weighted(roleWeights)
    // Managers are hired at the top levels only.
    const seniority = role.category === 'management' ? random.weighted(MANAGER_LEVELS) : random.weighted(SENIORITY_MIX)
    const baseTitle = random.pick(role.titles)
    // Executive titles (CTO, VP, Head of, Director) are their own level.
    const level = EXECUTIVE_TITLE.test(baseTitle) ? '' : random.pick(LEVEL_WORDS[seniority] ?? [''])
    const title = seniority === 'intern' && level === 'Internship:' ? `${baseTitle} Internship` : `${level} ${baseTitle}`.trim()
    // Big employers repost one role in several cities; a few mass-post the same title widely.
    const copies = Math.min(count - produced, random.chance(company.weight >= 5 ? 0.25 : 0.06) ? random.int(2, random.chance(0.15) ? 9 : 4) : 1)
    const workMode = pickWorkMode(random, company)
    const country = company.country
    const worldwide = workMode === 'remote' && random.chance(0.3)
    const language = country.language && random.chance(country.language[1]) ? country.language[0] : 'en'
    const employmentType = seniority === 'intern' ? 'internship' : random.weighted([['full_time', 55], [null, 30], ['contract', 8], ['part_time', 4], ['fellowship', 0.5]] as const)
    const vague = random.chance(0.04)
    const hasSalary = !vague && random.chance(country.code === 'us' || country.code === 'gb' || country.code === 'ru' ? 0.7 : 0.45)
    const ageDays = random.chance(0.04) ? random.int(121, 420) : Math.floor(Math.pow(random.next(), 2.2) * 120)
    const closedShare = ageDays > 60 ? 0.2 : 0.04
    const [expLow, expHigh] = EXPERIENCE[seniority]!
    const experienceMin = random.int(expLow, expHigh)
    const facts: Omit<PostingFacts, 'city'> = {
      companyName: company.record.name,
      companyPitch: company.industry.pitch,
      language,
      title,
      duties: random.sample(role.duties, random.int(3, 4)),
      skills: pickSkills(random, role, company),
      workMode,
      worldwide,
      countryName: country.name,
      employmentType,
      visa: random.weighted([[null, 6], [true, 2], [false, 2]] as const),
      relocation: random.weighted([[null, 7], ['supported', 2], ['required', 0.5], ['not_supported', 0.7]] as const),
      english: language === 'en' ? random.weighted([[null, 7], ['c1', 1.5], ['b2', 1.2], ['b1', 0.6], ['native', 0.3], ['c2', 0.2], ['a2', 0.1], ['a1', 0.05]] as const) : random.weighted([[null, 2], ['none', 1]] as const),
      education: random.weighted([[null, 6], ['bachelor', 2.5], ['master', 0.8], ['phd', role.category === 'ml_ai' ? 1.5 : 0.1], ['none', 0.4]] as const),
      clearance: clearanceFor(random, role, country),
      experience: seniority === 'intern' ? null : random.chance(0.7) ? { min: experienceMin, max: random.chance(0.3) ? experienceMin + random.int(1, 3) : null } : null,
      salaryLine: hasSalary ? salaryLine(random, salaries, seniority, country, fx, employmentType) : null,
      timezone: workMode === 'remote' && !worldwide && random.chance(0.3) ? (TIMEZONES[country.code] ?? 'CET') : null,
      vague,
    }
    const source = random.weighted(SOURCES)
    // Cities are listed biggest hub first; hubs get most postings.
    const firstCity = Math.floor(Math.pow(random.next(), 2) * country.cities.length)
    for (let copy = 0; copy < copies; copy++) {
      serial += 1
      const place = cityLocation(random, country, firstCity + copy)
      let location: string | null = place.location
      if (workMode === 'remote') {
        location = worldwide ? random.pick(['Remote', 'Remote - Worldwide', 'Anywhere']) : random.chance(0.3) ? random.pick(REMOTE_REGION_LABELS)[0] : `Remote - ${country.name}`
        if (!worldwide && random.chance(0.1)) location = 'Remote'
      } else if (workMode === 'hybrid' && random.chance(0.3)) location = `Hybrid - ${place.city}`
      if (random.chance(0.03)) location = null
      const listing = `${company.record.slug}\u0000${title}\u0000${location ?? ''}`
      if (listed.has(listing)) continue
      listed.add(listing)
      const copyAge = Math.max(0, ageDays - copy * random.int(0, 12))
      const postedAt = new Date(now.getTime() - copyAge * DAY - random.int(0, DAY - 1))
      // Sources restamp old postings: first seen long ago, posted_at recent.
      const restamped = copyAge < 20 && random.chance(0.03)
      const createdAt = restamped ? new Date(postedAt.getTime() - random.int(40, 160) * DAY) : new Date(Math.min(now.getTime(), postedAt.getTime() + random.int(0, 3 * DAY)))
      const closed = random.chance(closedShare)
      const closedAt = closed ? new Date(Math.min(now.getTime(), Math.max(createdAt.getTime(), postedAt.getTime()) + random.int(5, 60) * DAY)) : null
      const externalId = `${source.slice(0, 2)}-${seed}-${serial}`
      yield {
        raw: {
          source,
          externalId,
          title,
          company: company.record,
          description: writeDescription({ ...facts, city: workMode === 'remote' ? null : place.city }, random),
          url: `https://${company.record.slug}.example/careers/${serial}`,
          sourceUrl: source === 'company-site' ? null : `https://${source}.example/${company.record.slug}/${externalId}`,
          location,
          postedAt: postedAt.toISOString(),
          createdAt: createdAt.toISOString(),
          lastSeenAt: (closedAt ?? now).toISOString(),
          closedAt: closedAt?.toISOString() ?? null,
        },
        context: { clusterSize: copies, massPostingCount: copies },
      }
      produced += 1
    }
  }
}
