/**
 * Filters from plain language: "remote senior python or go jobs in Berlin or Amsterdam over 90k
 * EUR, no crypto, posted this week" -> work_mode, seniority, skills, cities, salary_min +
 * salary_currency, domains_exclude, posted_within_days, and `q` for the words no vocabulary
 * names. Deterministic: phrases are read against the catalogue's own vocabularies (skills and
 * their aliases, cities, countries, regions, categories, domains, seniority words), longest phrase
 * first, each word used once. The answer is a query of the job-search filter grammar, so what it
 * finds is what /jobs/search finds.
 */
import { findSkill } from '../vocabulary/skills.ts'
import { findCity } from '../vocabulary/cities.ts'
import { findCountry } from '../vocabulary/countries.ts'
import { ISO_CODES } from '../vocabulary/currencies.ts'
import { MAX_WHOLE_NUMBER } from './search-params.ts'

export type InterpretedFilters = Record<string, string[] | number | boolean>

export interface Interpretation {
  q: string | null
  filters: InterpretedFilters
}

const WORK_MODES: Record<string, string> = { remote: 'remote', 'fully remote': 'remote', 'remote-first': 'remote', 'work from home': 'remote', wfh: 'remote', hybrid: 'hybrid', onsite: 'onsite', 'on-site': 'onsite', 'on site': 'onsite', 'in office': 'onsite', 'in-office': 'onsite', office: 'onsite' }
const SENIORITY: Record<string, string> = {
  intern: 'intern', internship: 'intern', trainee: 'intern', junior: 'junior', jr: 'junior', entry: 'junior', 'entry level': 'junior', 'entry-level': 'junior', graduate: 'junior',
  middle: 'middle', mid: 'middle', 'mid-level': 'middle', 'mid level': 'middle', intermediate: 'middle', senior: 'senior', sr: 'senior', lead: 'lead', 'tech lead': 'lead', 'team lead': 'lead',
  staff: 'staff', principal: 'principal', cto: 'c_level', 'head of': 'c_level', vp: 'c_level', director: 'c_level', chief: 'c_level',
}
const EMPLOYMENT: Record<string, string> = { 'full-time': 'full_time', 'full time': 'full_time', fulltime: 'full_time', 'part-time': 'part_time', 'part time': 'part_time', contract: 'contract', contractor: 'contract', freelance: 'contract', freelancer: 'contract' }
const REGIONS: Record<string, string> = {
  europe: 'eu', eu: 'eu', european: 'eu', emea: 'eu', latam: 'latam', 'latin america': 'latam', 'south america': 'latam', 'north america': 'north_america', apac: 'apac', asia: 'apac', 'asia pacific': 'apac',
  'asia-pacific': 'apac', mena: 'mena', 'middle east': 'mena', africa: 'africa', cis: 'cis',
}
const CATEGORIES: Record<string, string> = {
  backend: 'backend', 'back-end': 'backend', 'back end': 'backend', frontend: 'frontend', 'front-end': 'frontend', 'front end': 'frontend', fullstack: 'fullstack', 'full-stack': 'fullstack', 'full stack': 'fullstack',
  devops: 'devops', sre: 'sre', 'site reliability': 'sre', 'data engineer': 'data_engineering', 'data engineering': 'data_engineering', 'data engineers': 'data_engineering', 'data scientist': 'data_science', 'data science': 'data_science',
  'data scientists': 'data_science', 'data analyst': 'data_analytics', 'data analytics': 'data_analytics', 'machine learning': 'ml_ai', ml: 'ml_ai', 'ai engineer': 'ai_engineering', 'ai engineering': 'ai_engineering',
  mobile: 'mobile', qa: 'qa', 'quality assurance': 'qa', tester: 'qa', security: 'security', embedded: 'embedded', 'product manager': 'product', 'product management': 'product',
  designer: 'design', design: 'design', 'ux designer': 'design', 'project manager': 'project_management', 'engineering manager': 'management', 'solutions engineer': 'solutions_engineering', 'developer relations': 'developer_relations', devrel: 'developer_relations',
  'technical writer': 'technical_writing', sales: 'sales', marketing: 'marketing', recruiter: 'recruiting', recruiting: 'recruiting', 'customer success': 'customer_success', support: 'support', blockchain: 'blockchain', architect: 'architecture',
}
const DOMAINS: Record<string, string> = {
  crypto: 'crypto', web3: 'crypto', blockchain: 'crypto', defi: 'crypto', fintech: 'fintech', banking: 'fintech', payments: 'fintech', ecommerce: 'ecommerce', 'e-commerce': 'ecommerce', gambling: 'gambling', igaming: 'gambling', betting: 'gambling',
  gaming: 'gamedev', gamedev: 'gamedev', game: 'gamedev', games: 'gamedev', healthcare: 'healthcare', healthtech: 'healthcare', health: 'healthcare', edtech: 'edtech', education: 'edtech', govtech: 'govtech', adtech: 'adtech', advertising: 'adtech',
  proptech: 'proptech', 'real estate': 'proptech', logistics: 'logistics', travel: 'travel', climate: 'climatetech', climatetech: 'climatetech', cybersecurity: 'cybersecurity', hrtech: 'hrtech', media: 'media', devtools: 'devtools',
}
/** Skills whose name is also a common word: read as a skill only beside another skill or a role word ("go or rust", "go developer"). */
const AMBIGUOUS_SKILLS = new Set(['go', 'rust', 'swift', 'spring', 'chef', 'puppet', 'dart', 'elm', 'julia', 'express', 'ruby', 'r', 'c', 'ai', 'less', 'sass', 'unity', 'make', 'ant', 'flow', 'gin', 'echo', 'jest', 'mocha', 'next', 'nest', 'ember', 'meteor'])
const ROLE_WORDS = new Set(['developer', 'developers', 'engineer', 'engineers', 'dev', 'devs', 'programmer', 'programmers', 'jobs', 'job', 'roles', 'role', 'positions', 'position', 'stack', 'experience'])
/** Words that carry no search meaning in a request ("find me", "jobs", "in"). */
const STOPWORDS = new Set([
  ...ROLE_WORDS, 'a', 'an', 'the', 'and', 'or', 'in', 'at', 'on', 'of', 'for', 'with', 'to', 'from', 'me', 'my', 'i', 'im', "i'm", 'find', 'show', 'search', 'looking', 'look', 'want', 'need', 'any', 'some', 'that', 'which', 'who',
  'openings', 'opening', 'vacancies', 'vacancy', 'work', 'working', 'based', 'located', 'near', 'around', 'please', 'using', 'level', 'company', 'companies', 'team', 'teams', 'paying', 'pays', 'pay', 'salary', 'posted', 'new',
  'opportunities', 'opportunity', 'gigs', 'gig', 'hiring', 'anywhere', 'only', 'also', 'but', 'either', 'within', 'either', 'area', 'city', 'country', 'based', 'is', 'are', 'be', 'as', 'by', 'per', 'year', 'annually', 'plus',
])
/** City names that are ordinary words: a city only after "in", "near", "from" or "or"/"," in a list of places. */
const WORDLIKE_CITIES = new Set(['nice', 'reading', 'mobile', 'split', 'bath', 'orange', 'hope', 'moody', 'victoria', 'lead', 'mission', 'florence', 'surprise', 'independence', 'columbia', 'march', 'rust', 'sale', 'york', 'vista', 'chandler', 'denton', 'buffalo', 'lincoln', 'phoenix', 'jackson', 'austin', 'aurora', 'arlington', 'salem', 'ventura', 'temple', 'vancouver'])
const PLACE_CUE = new Set(['in', 'near', 'from', 'around', 'at'])
const NEGATIONS = new Set(['no', 'not', 'without', 'excluding', 'except', 'exclude', 'non', 'avoid'])
const MIN_CITY_POPULATION = 100_000

const CURRENCY_WORDS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', dollars: 'USD', dollar: 'USD', usd: 'USD', euros: 'EUR', euro: 'EUR', eur: 'EUR', pounds: 'GBP', gbp: 'GBP', chf: 'CHF', francs: 'CHF' }
for (const code of ISO_CODES) CURRENCY_WORDS[code.toLowerCase()] ??= code

interface Token {
  text: string
  /** As typed (case kept), for telling "US" from "us". */
  raw: string
  used: boolean
}

/** The deterministic reading of a sentence. */
export function interpretQuery(sentence: string): Interpretation {
  const filters: Record<string, Set<string> | number | boolean> = {}
  const add = (key: string, value: string) => {
    const set = (filters[key] ??= new Set<string>()) as Set<string>
    set.add(value)
  }
  let text = ` ${sentence.replace(/[\u2013\u2014]/g, '-').replace(/\s+/g, ' ')} `
  text = readSalary(readSalaryRange(text, filters), filters)
  text = readRecency(text, filters)
  const tokens: Token[] = text
    .split(/[\s,;:!?()"]+/)
    .map((raw) => raw.replace(/^[.']+(?!net\b)|[.']+$/g, ''))
    .filter(Boolean)
    .map((raw) => ({ raw, text: raw.toLowerCase(), used: false }))
  readNegations(tokens, add)
  readPhrases(tokens, add)
  readAmbiguousSkills(tokens, add)
  const rest: string[] = []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    if (token.used || STOPWORDS.has(token.text) || /^[-+/&.]+$/.test(token.text)) continue
    // A negation no vocabulary resolved excludes its word from the text ("no agencies" -> -agencies).
    if (NEGATIONS.has(token.text)) {
      const next = tokens[i + 1]
      if (next && !next.used && !STOPWORDS.has(next.text)) {
        rest.push(`-${next.text}`)
        next.used = true
      }
      continue
    }
    rest.push(token.text)
  }
  const out: InterpretedFilters = {}
  for (const [key, value] of Object.entries(filters)) out[key] = value instanceof Set ? [...value] : value
  return { q: rest.length ? rest.join(' ') : null, filters: out }
}

/** A written amount ("90,000", "90.000", "90" with k) as a whole number the grammar takes, or undefined. */
function amountOf(num: string, thousands: boolean): number | undefined {
  const amount = Math.round(Number(num.replace(/,/g, '').replace(/\.(?=\d{3}\b)/g, '')) * (thousands ? 1000 : 1))
  // An amount the grammar cannot take would make the whole query a 400: leave it to the words.
  return Number.isFinite(amount) && amount <= MAX_WHOLE_NUMBER ? amount : undefined
}

/**
 * "90k-120k", "€90,000 to €120,000", "between 90 and 120k EUR" -> salary_min and salary_max (the
 * smaller is the minimum). A range needs k or a currency, so "2-3 years" or "2024-2025" stay words.
 */
function readSalaryRange(text: string, filters: Record<string, Set<string> | number | boolean>): string {
  const pattern = /(?<between>\bbetween\s+)?(?<pre>[$€£])?\s?(?<lo>\d[\d,.]*)\s?(?<klo>k\b)?\s*(?<sep>-|\bto\b|\band\b)\s*(?<pre2>[$€£])?\s?(?<hi>\d[\d,.]*)\s?(?<k>k\b|thousand\b)?\s?(?<cur>[a-z]{3,7}\b)?/gi
  return text.replace(pattern, (match, ...args) => {
    const groups = args.at(-1) as Record<string, string | undefined>
    if (groups.sep!.toLowerCase() === 'and' && !groups.between) return match
    const named = groups.cur ? CURRENCY_WORDS[groups.cur.toLowerCase()] : undefined
    const currency = named ?? (groups.pre ?? groups.pre2 ? CURRENCY_WORDS[(groups.pre ?? groups.pre2)!] : undefined)
    const thousands = groups.k ?? groups.klo
    if (!currency && !thousands) return match
    const bounds = [amountOf(groups.lo!, Boolean(groups.klo ?? groups.k)), amountOf(groups.hi!, Boolean(thousands))]
    if (bounds.some((bound) => bound === undefined || bound < 1000)) return match
    const [min, max] = (bounds as number[]).sort((a, b) => a - b)
    filters.salary_min = min!
    filters.salary_max = max!
    if (currency) filters.salary_currency = new Set([currency])
    // A word after the range that names no currency is the sentence's, not the range's.
    return named || !groups.cur ? ' ' : ` ${groups.cur} `
  })
}

/** "over 90k EUR", "€90,000+", "at least $120k", "under 60k" -> salary_min/_max and salary_currency. */
function readSalary(text: string, filters: Record<string, Set<string> | number | boolean>): string {
  const pattern = /(?<cmp>\b(?:over|above|more than|at least|min(?:imum)?|from|starting (?:at|from)|under|below|less than|up to|max(?:imum)?)\s+)?(?<pre>[$€£])?\s?(?<num>\d[\d,.]*)\s?(?<k>k\b|thousand\b)?\s?(?<cur>usd|eur|gbp|chf|dollars?|euros?|pounds|[$€£]|[a-z]{3}\b)?(?<plus>\+)?(?!\s*(?:years?|yrs?|days?|weeks?|months?|hours?|h\b|%))/gi
  return text.replace(pattern, (match, ...args) => {
    const groups = args.at(-1) as Record<string, string | undefined>
    const currencyWord = (groups.pre ?? groups.cur)?.toLowerCase()
    const currency = currencyWord ? CURRENCY_WORDS[currencyWord] : undefined
    if (groups.cur && !groups.pre && !currency) return match
    const amount = amountOf(groups.num!, Boolean(groups.k))
    if (amount === undefined) return match
    const comparator = groups.cmp?.trim().toLowerCase()
    if (!currency && !groups.k && !(comparator && amount >= 1000)) return match
    if (amount < 1000 && !currency) return match
    const upper = comparator !== undefined && /^(under|below|less than|up to|max)/.test(comparator)
    filters[upper ? 'salary_max' : 'salary_min'] = amount
    if (currency) filters.salary_currency = new Set([currency])
    return ' '
  })
}

/** "posted this week", "in the last 3 days", "today" -> posted_within_days. */
function readRecency(text: string, filters: Record<string, Set<string> | number | boolean>): string {
  const rules: [RegExp, (m: RegExpMatchArray) => number][] = [
    [/\b(?:posted\s+)?(?:in\s+|within\s+)?(?:the\s+)?(?:last|past)\s+(\d{1,3})\s+days?\b/i, (m) => Number(m[1])],
    [/\b(?:posted\s+)?(?:in\s+|within\s+)?(?:the\s+)?(?:last|past)\s+(\d{1,2})\s+weeks?\b/i, (m) => Number(m[1]) * 7],
    [/\b(?:posted\s+)?(?:in\s+)?(?:the\s+)?(?:last|past)\s+24\s*h(?:ours)?\b|\b(?:posted\s+)?today\b/i, () => 1],
    [/\b(?:posted\s+)?(?:this|last|past)\s+week\b/i, () => 7],
    [/\b(?:posted\s+)?(?:this|last|past)\s+month\b/i, () => 30],
    [/\b(?:posted\s+)?(?:this|last|past)\s+(?:fortnight|two weeks)\b/i, () => 14],
  ]
  for (const [pattern, days] of rules) {
    const match = text.match(pattern)
    if (!match) continue
    filters.posted_within_days = Math.min(365, Math.max(1, days(match)))
    return text.replace(pattern, ' ')
  }
  return text
}

/** "no crypto", "not java", "without php", "excluding agencies": the next phrase becomes an exclusion. */
function readNegations(tokens: Token[], add: (key: string, value: string) => void): void {
  for (let i = 0; i < tokens.length; i++) {
    if (!NEGATIONS.has(tokens[i]!.text)) continue
    for (let length = 3; length >= 1; length--) {
      const phrase = phraseAt(tokens, i + 1, length)
      if (!phrase) continue
      const hit = negatable(phrase)
      if (!hit) continue
      add(hit[0], hit[1])
      for (let k = i; k <= i + length; k++) tokens[k]!.used = true
      break
    }
  }
}

function negatable(phrase: string): [string, string] | null {
  if (DOMAINS[phrase]) return ['domains_exclude', DOMAINS[phrase]]
  if (WORK_MODES[phrase]) return ['work_mode_exclude', WORK_MODES[phrase]]
  if (SENIORITY[phrase]) return ['seniority_exclude', SENIORITY[phrase]]
  const skill = findSkill(phrase)
  if (skill) return ['skills_exclude', skill.slug]
  if (CATEGORIES[phrase]) return ['category_exclude', CATEGORIES[phrase]]
  return null
}

/** The unused words i..i+length-1 joined, or null when any is used or missing. */
function phraseAt(tokens: Token[], i: number, length: number): string | null {
  if (i + length > tokens.length) return null
  const words = tokens.slice(i, i + length)
  if (words.some((token) => token.used)) return null
  return words.map((token) => token.text).join(' ')
}

/** Longest phrases first: work mode, seniority, employment, region, category, domain, skill, country, city. */
function readPhrases(tokens: Token[], add: (key: string, value: string) => void): void {
  for (let length = 4; length >= 1; length--) {
    for (let i = 0; i + length <= tokens.length; i++) {
      const phrase = phraseAt(tokens, i, length)
      if (!phrase || (length === 1 && STOPWORDS.has(phrase) && !isPlaceWord(tokens, i))) continue
      const hit = phraseHit(tokens, i, length, phrase)
      if (!hit) continue
      add(hit[0], hit[1])
      for (let k = i; k < i + length; k++) tokens[k]!.used = true
    }
  }
}

function isPlaceWord(tokens: Token[], i: number): boolean {
  return tokens[i]!.raw === 'US' || tokens[i]!.raw === 'UK'
}

function phraseHit(tokens: Token[], i: number, length: number, phrase: string): [string, string] | null {
  if (WORK_MODES[phrase]) return ['work_mode', WORK_MODES[phrase]]
  if (SENIORITY[phrase]) return ['seniority', SENIORITY[phrase]]
  if (EMPLOYMENT[phrase]) return ['employment_type', EMPLOYMENT[phrase]]
  if (phrase === 'internship' || phrase === 'internships') return ['employment_type', 'internship']
  if (REGIONS[phrase]) return ['regions', REGIONS[phrase]]
  if (CATEGORIES[phrase]) return ['category', CATEGORIES[phrase]]
  if (DOMAINS[phrase]) return ['domains', DOMAINS[phrase]]
  const skill = findSkill(phrase)
  // Two skills side by side ("ios swift") are two skills, not one spelling of the first.
  const splits = length > 1 && phrase.split(' ').every((word) => findSkill(word) !== undefined)
  if (skill && !splits && !(length === 1 && AMBIGUOUS_SKILLS.has(phrase))) return ['skills', skill.slug]
  const country = countryOf(tokens, i, length, phrase)
  if (country) return ['countries', country]
  const city = cityOf(tokens, i, phrase)
  if (city) return ['cities', city]
  return null
}

/** A country by its name (three letters or more), or a two-letter code written in capitals ("UK", "US", "DE"). */
function countryOf(tokens: Token[], i: number, length: number, phrase: string): string | null {
  if (length === 1 && phrase.length <= 2) {
    const raw = tokens[i]!.raw
    return raw === raw.toUpperCase() && /^[A-Z]{2}$/.test(raw) ? findCountry(raw) : null
  }
  return findCountry(phrase)
}

function cityOf(tokens: Token[], i: number, phrase: string): string | null {
  const city = findCity(phrase)
  if (!city || (city.population ?? 0) < MIN_CITY_POPULATION) return null
  if (WORDLIKE_CITIES.has(phrase)) {
    const before = tokens[i - 1]?.text
    const listed = before === 'or' || before === 'and'
    if (!before || !(PLACE_CUE.has(before) || listed)) return null
  }
  return city.name
}

/** "go", "rust", "swift"…: a skill when the sentence names another skill or a role word next to it. */
function readAmbiguousSkills(tokens: Token[], add: (key: string, value: string) => void): void {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    if (token.used || !AMBIGUOUS_SKILLS.has(token.text)) continue
    const skill = findSkill(token.text)
    if (!skill) continue
    const [before2, before, after, after2] = [tokens[i - 2], tokens[i - 1], tokens[i + 1], tokens[i + 2]]
    const skillAt = (t: Token | undefined) => t !== undefined && ((t.used && findSkill(t.text) !== undefined) || AMBIGUOUS_SKILLS.has(t.text))
    const joins = (t: Token | undefined) => t !== undefined && (t.text === 'or' || t.text === 'and' || t.text === 'with' || t.text === '/')
    const roleWord = (t: Token | undefined) => t !== undefined && ROLE_WORDS.has(t.text)
    // A category read just before names the field ("backend go"); after, it is another subject ("go sales roles").
    const field = before !== undefined && before.used && CATEGORIES[before.text] !== undefined
    const context = roleWord(after) || roleWord(before) || field || skillAt(before) || skillAt(after) || (joins(before) && skillAt(before2)) || (joins(after) && skillAt(after2))
    if (!context) continue
    add('skills', skill.slug)
    token.used = true
  }
}

/** The interpretation as a job-search query string (filters in a stable order, q last). */
export function interpretationQuery(interpretation: Interpretation): string {
  const params = new URLSearchParams()
  for (const key of Object.keys(interpretation.filters).sort()) {
    const value = interpretation.filters[key]!
    params.set(key, Array.isArray(value) ? value.join(',') : String(value))
  }
  if (interpretation.q) params.set('q', interpretation.q)
  return params.toString()
}

const MODEL_PROMPT = [
  'You turn a job seeker\'s sentence into job-search filters. Answer with one JSON object and nothing else:',
  '{"q": string|null, "filters": {name: value}}. Filter names: work_mode (remote|hybrid|onsite), seniority (intern|junior|middle|senior|lead|staff|principal|c_level),',
  'skills (lowercase skill slugs, e.g. go, python, react, kubernetes, cpp, csharp, nodejs), category (backend, frontend, fullstack, devops, sre, data_engineering, data_science,',
  'data_analytics, ml_ai, ai_engineering, mobile, qa, security, embedded, product, design, management, sales, marketing, …), cities (English city names), countries',
  '(ISO alpha-2 lowercase), regions (eu, uk, north_america, latam, apac, mena, africa, cis), domains (fintech, crypto, healthcare, ecommerce, gamedev, gambling, edtech, …),',
  'employment_type (full_time|part_time|contract|internship); any of these may end in _exclude for exclusions; lists are arrays. Numbers: salary_min, salary_max',
  '(yearly amounts) with salary_currency (an array of one ISO code), posted_within_days. q holds only the words no filter expresses, or null.',
].join('\n')

/**
 * The same reading by a configured model (MODEL_BASE_URL): asked for the same JSON shape, its answer
 * is kept only when it is an object of known filter names that the job-search grammar accepts
 * (`accepts`); anything else is null, and the caller uses the deterministic reading.
 */
export async function interpretWithModel(
  chat: (messages: { role: 'system' | 'user'; content: string }[]) => Promise<string>,
  sentence: string,
  accepts: (query: string) => boolean,
): Promise<Interpretation | null> {
  let parsed: unknown
  try {
    const text = await chat([{ role: 'system', content: MODEL_PROMPT }, { role: 'user', content: sentence }])
    parsed = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1))
  } catch {
    return null
  }
  if (!parsed || typeof parsed !== 'object') return null
  const { q, filters } = parsed as { q?: unknown; filters?: unknown }
  if (!filters || typeof filters !== 'object' || Array.isArray(filters)) return null
  const out: InterpretedFilters = {}
  for (const [key, value] of Object.entries(filters as Record<string, unknown>)) {
    if (!/^[a-z_]{2,40}$/.test(key)) return null
    if (Array.isArray(value) && value.every((item) => typeof item === 'string' && item.length <= 100)) out[key] = (value as string[]).slice(0, 20)
    else if (typeof value === 'number' && Number.isFinite(value)) out[key] = Math.round(value)
    else if (typeof value === 'boolean') out[key] = value
    else return null
  }
  const reading: Interpretation = { q: typeof q === 'string' && q.trim() ? q.trim().slice(0, 200) : null, filters: out }
  return accepts(interpretationQuery(reading)) ? reading : null
}
