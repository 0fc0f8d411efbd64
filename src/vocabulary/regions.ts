import { readFileSync } from 'node:fs'
import { dataFile } from '../paths.ts'
import { REGIONS } from './region-codes.ts'

export { REGIONS }
export type Region = (typeof REGIONS)[number] | 'global'

let byCountry: Record<string, Region | null> | undefined

/** Region of an ISO alpha-2 country code (any case), or null for unknown and uninhabited codes. */
export function regionOfCountry(country: string): Region | null {
  byCountry ??= JSON.parse(readFileSync(dataFile('regions.json'), 'utf8')) as Record<string, Region | null>
  return byCountry[country.toUpperCase()] ?? null
}

let inhabited: Set<string> | undefined

/** Every inhabited ISO alpha-2 code (uppercase). */
export function knownCountries(): Set<string> {
  regionOfCountry('US')
  inhabited ??= new Set(Object.keys(byCountry!).filter((code) => byCountry![code]))
  return inhabited
}
