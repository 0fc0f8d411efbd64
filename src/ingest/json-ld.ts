import { Parser } from 'htmlparser2'
import type { CompanyRecord } from '../catalogue/job-record.ts'
import { slugify } from '../vocabulary/slug.ts'
import type { RawPosting, StatedFacts } from './raw-posting.ts'

/**
 * schema.org JobPosting (JSON-LD) to a raw posting. Accepts a single object, an array, or a
 * document with `@graph`; anything that is not a JobPosting is rejected with a reason.
 */
type Node = Record<string, unknown>

export class RecordError extends Error {}

const isObject = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value)
const asArray = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value])
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null)
const nameOf = (value: unknown): string | null => (isObject(value) ? str(value.name) : str(value))

function typesOf(node: Node): string[] {
  return asArray(node['@type']).map((t) => String(t).replace(/^https?:\/\/schema\.org\//, ''))
}

/**
 * The text of every `<script type="application/ld+json">` of an HTML page, in page order, found by
 * an HTML parser (attributes in any order or quoting, a charset parameter, comments and other
 * scripts around it), not by a regular expression.
 */
export function jsonLdScripts(html: string): string[] {
  const scripts: string[] = []
  let current: string | null = null
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const type = (attributes.type ?? '').split(';')[0]!.trim().toLowerCase()
        if (name === 'script' && type === 'application/ld+json') current = ''
      },
      ontext(text) {
        if (current !== null) current += text
      },
      onclosetag(name) {
        if (name === 'script' && current !== null) {
          scripts.push(current)
          current = null
        }
      },
    },
    { decodeEntities: false },
  )
  parser.end(html)
  return scripts
}

export function isJsonLd(value: unknown): boolean {
  return isObject(value) && ('@type' in value || '@graph' in value || '@context' in value)
}

/**
 * Every JobPosting of a JSON-LD document or page: arrays and `@graph`s are flattened, other nodes
 * (the Organization, WebSite or BreadcrumbList blocks career pages carry beside it) are skipped, and
 * a `hiringOrganization` or `jobLocation` given as an `@id` reference is resolved. A document
 * without any JobPosting is reported once, naming the types it holds.
 */
export function jobPostingNodes(value: unknown): { node?: Node; error?: string }[] {
  const nodes: Node[] = []
  const errors: { error: string }[] = []
  const visit = (item: unknown): void => {
    if (Array.isArray(item)) return item.forEach(visit)
    if (!isObject(item)) return void errors.push({ error: 'not a JSON object' })
    if (Array.isArray(item['@graph'])) item['@graph'].forEach(visit)
    if ('@type' in item) nodes.push(item)
  }
  visit(value)
  const byId = new Map(nodes.filter((n) => typeof n['@id'] === 'string').map((n) => [n['@id'] as string, n]))
  const resolve = (ref: unknown): unknown => (isObject(ref) && typeof ref['@id'] === 'string' && !('name' in ref) && !('address' in ref) ? (byId.get(ref['@id']) ?? ref) : ref)
  const postings = nodes.filter((n) => typesOf(n).includes('JobPosting'))
  if (!postings.length && !errors.length) return [{ error: `not a JobPosting (@type ${[...new Set(nodes.flatMap(typesOf))].join(', ') || 'missing'})` }]
  const found = postings.map((node) => ({
    node: { ...node, hiringOrganization: asArray(node.hiringOrganization).map(resolve)[0], jobLocation: asArray(node.jobLocation).map(resolve) } as Node,
  }))
  return [...found, ...errors]
}

const PERIODS: Record<string, string> = { HOUR: 'hour', DAY: 'day', MONTH: 'month', YEAR: 'year' }
const EMPLOYMENT: Record<string, string> = { FULL_TIME: 'full_time', PART_TIME: 'part_time', CONTRACTOR: 'contract', TEMPORARY: 'contract', INTERN: 'internship', INTERNSHIP: 'internship' }
const EDUCATION: [RegExp, string][] = [[/doctor|ph\.?d/i, 'phd'], [/master|postgraduate/i, 'master'], [/bachelor|undergraduate/i, 'bachelor'], [/high school|no degree/i, 'none']]

function salaryOf(value: unknown): Partial<StatedFacts> {
  const amount = asArray(value).find(isObject)
  if (!amount) return {}
  const quantity = isObject(amount.value) ? amount.value : { value: amount.value }
  const num = (x: unknown) => (typeof x === 'number' ? x : typeof x === 'string' && x.trim() && Number.isFinite(Number(x)) ? Number(x) : null)
  const min = num(quantity.minValue) ?? num(quantity.value)
  const max = num(quantity.maxValue) ?? num(quantity.value)
  const currency = str(amount.currency)?.toUpperCase() ?? null
  const period = PERIODS[(str(quantity.unitText) ?? str(amount.unitText) ?? '').toUpperCase()]
  // An amount without a currency or a period this catalogue knows is left to the text.
  if ((min === null && max === null) || !currency || !/^[A-Z]{3}$/.test(currency) || !period) return {}
  if ((min !== null && min < 0) || (max !== null && max < 0)) throw new RecordError('baseSalary is negative')
  return { salaryMin: min, salaryMax: max, salaryCurrency: currency, salaryPeriod: period }
}

function placesOf(node: Node): { location: string | null; cities: string[]; countries: string[] } {
  const labels: string[] = []
  const cities: string[] = []
  const countries: string[] = []
  for (const place of asArray(node.jobLocation)) {
    if (!isObject(place)) continue
    const address = isObject(place.address) ? place.address : null
    if (!address) {
      // An address may be plain text ("Calgary, AB, CA"): it is the place's label, read as a location string.
      const label = str(place.address) ?? str(place.name)
      if (label) labels.push(label)
      continue
    }
    const city = str(address.addressLocality)
    const country = nameOf(address.addressCountry)
    if (city) cities.push(city)
    if (country) countries.push(country)
    labels.push([city, str(address.addressRegion), country].filter(Boolean).join(', '))
  }
  return { location: labels.filter(Boolean).join(' / ') || null, cities, countries }
}

/** The raw posting of one JobPosting node; `identity` decides source/external id from url and content. */
export function rawFromJobPosting(node: Node, identity: (fallback: { url?: string | null; title: string; company: string; location?: string | null; identifier?: string | null }) => { source: string; externalId: string }, now: Date): RawPosting {
  const title = str(node.title) ?? str(node.name)
  if (!title) throw new RecordError('JobPosting has no title')
  const org = asArray(node.hiringOrganization)[0]
  const companyName = nameOf(org)
  if (!companyName) throw new RecordError('JobPosting has no hiringOrganization name')
  const company: CompanyRecord = {
    slug: slugify(companyName),
    name: companyName,
    homepage: isObject(org) ? (str(org.sameAs) ?? str(org.url)) : null,
    industries: asArray(node.industry).map(str).filter((s): s is string => Boolean(s)).map((s) => slugify(s)),
  }
  const posted = str(node.datePosted)
  if (posted && Number.isNaN(Date.parse(posted))) throw new RecordError('datePosted is not a date')
  const validThrough = str(node.validThrough)
  if (validThrough && Number.isNaN(Date.parse(validThrough))) throw new RecordError('validThrough is not a date')
  const closedAt = validThrough && Date.parse(validThrough) < now.getTime() ? new Date(validThrough).toISOString() : null
  const places = placesOf(node)
  const remote = asArray(node.jobLocationType).some((t) => String(t).toUpperCase() === 'TELECOMMUTE')
  const applicantCountries = asArray(node.applicantLocationRequirements).map(nameOf).filter((s): s is string => Boolean(s))
  const worldwide = applicantCountries.some((c) => /^(worldwide|anywhere|global|earth)$/i.test(c))
  const identifierNode = asArray(node.identifier)[0]
  const identifier = isObject(identifierNode) ? str(identifierNode.value) : str(identifierNode)
  const url = str(node.url) ?? (isObject(node.applicationContact) ? str(node.applicationContact.url) : null)
  const { source, externalId } = identity({ url, title, company: companyName, location: places.location, identifier })
  const employment = asArray(node.employmentType).map((t) => EMPLOYMENT[String(t).toUpperCase().replace(/[- ]/g, '_')]).find(Boolean)
  const education = asArray(node.educationRequirements).map((e) => (isObject(e) ? str(e.credentialCategory) : str(e))).find(Boolean)
  const experience = asArray(node.experienceRequirements).find(isObject)
  const months = experience && typeof experience.monthsOfExperience === 'number' ? experience.monthsOfExperience : null
  const skills = asArray(node.skills).flatMap((s) => (typeof s === 'string' ? s.split(/\s*[,;]\s*/) : [nameOf(s) ?? ''])).filter((s) => s && s.length <= 40)
  const stated: StatedFacts = {
    ...salaryOf(node.baseSalary ?? node.estimatedSalary),
    ...(remote ? { workMode: 'remote' as const } : {}),
    ...(places.cities.length ? { cities: places.cities } : {}),
    ...(places.countries.length || applicantCountries.length ? { countries: [...places.countries, ...applicantCountries.filter((c) => !worldwide || !/^(worldwide|anywhere|global|earth)$/i.test(c))] } : {}),
    ...(remote && worldwide ? { regions: ['global'] } : {}),
    ...(employment ? { employmentType: employment } : {}),
    ...(education ? { educationLevel: EDUCATION.find(([re]) => re.test(education))?.[1] ?? null } : {}),
    ...(months !== null ? { experienceYearsMin: Math.round(months / 12) } : {}),
    ...(skills.length ? { skills } : {}),
  }
  return {
    source,
    externalId,
    title,
    company,
    description: str(node.description) ?? '',
    url,
    location: places.location ?? (remote ? 'Remote' : null),
    postedAt: new Date(posted ?? now).toISOString(),
    closedAt,
    stated,
  }
}
