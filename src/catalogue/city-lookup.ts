import { readFileSync } from 'node:fs'
import { dataFile } from '../paths.ts'
import { foldText } from '../vocabulary/fold.ts'
import { findCity } from '../vocabulary/cities.ts'

/**
 * City typeahead over the GeoNames dictionary (data/cities.json) including alternate names, case-
 * and accent-insensitive, in tiers each ordered by population: the canonical name starts with the
 * query; an alternate name starts with it ("munchen" -> Munich); a word of some name starts with
 * it; some name contains it. All names are folded into one text per scope (world, each country),
 * cities most populous first, so a query is a run of indexOf over about a megabyte that stops as
 * soon as the first tier is full.
 */
export interface CityHit {
  value: string
  country: string
  population: number
  /** The alternate name that matched, when the canonical one did not. */
  matched?: string
}

interface City {
  name: string
  country: string
  population: number
  labels: string[]
}

interface Scope {
  /** Per city: CANONICAL + folded name, then ALTERNATE + each folded alternate name. */
  text: string
  /** Start offset of each city's part of `text`, ascending. */
  starts: number[]
  cities: City[]
}

type RawCity = [name: string, cc: string, population: number, alt?: string[]]

const CANONICAL = '\u0001'
const ALTERNATE = '\u0002'
const WORD_BREAKS = new Set([' ', '-', "'", '(', '/', '.'])

let scopes: Map<string, Scope> | undefined

const fold = (text: string) => foldText(text).replace(/[\s\u0001\u0002]+/g, ' ').trim()

function buildScope(cities: City[]): Scope {
  const parts: string[] = []
  const starts: number[] = []
  let length = 0
  for (const city of cities) {
    const part = CANONICAL + fold(city.name) + city.labels.slice(1).map((label) => ALTERNATE + fold(label)).join('')
    starts.push(length)
    parts.push(part)
    length += part.length
  }
  return { text: parts.join(''), starts, cities }
}

function load(): Map<string, Scope> {
  if (scopes) return scopes
  const raw = JSON.parse(readFileSync(dataFile('cities.json'), 'utf8')) as RawCity[]
  const cities = raw
    .map(([name, cc, population, alt = []]): City => ({ name, country: cc.toLowerCase(), population, labels: [name, ...alt] }))
    .sort((a, b) => b.population - a.population)
  const byCountry = new Map<string, City[]>()
  for (const city of cities) {
    const own = byCountry.get(city.country)
    if (own) own.push(city)
    else byCountry.set(city.country, [city])
  }
  scopes = new Map([['', buildScope(cities)]])
  for (const [country, own] of byCountry) scopes.set(country, buildScope(own))
  return scopes
}

function cityAt(scope: Scope, position: number): number {
  let lo = 0
  let hi = scope.starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (scope.starts[mid]! <= position) lo = mid
    else hi = mid - 1
  }
  return lo
}

function tierAt(text: string, position: number): number {
  const before = text[position - 1]!
  if (before === CANONICAL) return 0
  if (before === ALTERNATE) return 1
  return WORD_BREAKS.has(before) ? 2 : 3
}

function toHit(city: City, needle: string): CityHit {
  const hit: CityHit = { value: city.name, country: city.country, population: city.population }
  if (!fold(city.name).includes(needle)) {
    const label = city.labels.find((l) => fold(l).includes(needle))
    if (label) hit.matched = label
  }
  return hit
}

/** Cities matching `q` (in `country`, ISO alpha-2, when given), best first. */
export function searchCityNames(q: string, country: string | undefined, limit: number): CityHit[] {
  const needle = fold(q)
  if (!needle) return []
  const scope = load().get(country?.toLowerCase() ?? '')
  if (!scope) return []
  const best = new Map<number, number>()
  let firstTier = 0
  // Short forms the GeoNames names lack (nyc, sf) resolve through the ingest dictionary's aliases.
  const alias = findCity(needle, country)
  const aliasIndex = alias ? scope.cities.findIndex((c) => c.name === alias.name && c.country === alias.country) : -1
  if (aliasIndex >= 0) {
    best.set(aliasIndex, 0)
    firstTier++
  }
  for (let at = scope.text.indexOf(needle); at >= 0 && firstTier < limit; at = scope.text.indexOf(needle, at + 1)) {
    const index = cityAt(scope, at)
    const tier = tierAt(scope.text, at)
    const known = best.get(index)
    if (known !== undefined && known <= tier) continue
    if (tier === 0) firstTier++
    best.set(index, tier)
  }
  const hits = [...best].sort(([a, ta], [b, tb]) => ta - tb || a - b).slice(0, limit)
  return hits.map(([index]) => {
    const city = scope.cities[index]!
    const hit = toHit(city, needle)
    if (index === aliasIndex && !hit.matched && !fold(city.name).includes(needle)) hit.matched = alias!.matched ?? q.trim()
    return hit
  })
}
