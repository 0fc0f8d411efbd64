import { foldText } from './fold.ts'

/**
 * States and provinces that postings write after a city ("Austin, TX", "Waterloo, ON", "Sydney NSW",
 * "Atlanta, Georgia"): their codes and English names, by country. Several codes are also country
 * codes (DE, CA, GA, AR, MD…) and "Georgia" is also a country; src/ingest/location.ts decides by the city.
 */
const TABLE: Record<string, Record<string, string>> = {
  us: {
    AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut', DE: 'Delaware',
    FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky',
    LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi',
    MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico',
    NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
    RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont',
    VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming', DC: 'District of Columbia', PR: 'Puerto Rico',
  },
  ca: {
    AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador', NS: 'Nova Scotia',
    ON: 'Ontario', PE: 'Prince Edward Island', QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon', NT: 'Northwest Territories', NU: 'Nunavut',
  },
  au: {
    ACT: 'Australian Capital Territory', NSW: 'New South Wales', NT: 'Northern Territory', QLD: 'Queensland', SA: 'South Australia',
    TAS: 'Tasmania', VIC: 'Victoria', WA: 'Western Australia',
  },
}

export interface Subdivision {
  country: string
  code: string
}

let byKey: Map<string, Subdivision[]> | undefined

function load(): Map<string, Subdivision[]> {
  if (byKey) return byKey
  byKey = new Map()
  const add = (key: string, sub: Subdivision) => byKey!.set(key, [...(byKey!.get(key) ?? []), sub])
  for (const [country, codes] of Object.entries(TABLE)) {
    for (const [code, name] of Object.entries(codes)) {
      add(code, { country, code })
      add(foldText(name), { country, code })
    }
  }
  add('quebec', { country: 'ca', code: 'QC' })
  return byKey
}

/**
 * The states or provinces a segment names: a code must be written in capitals ("ON", not "on"), a
 * name in any case. Ambiguous codes give several (WA: Washington and Western Australia).
 */
export function subdivisionsOf(segment: string): Subdivision[] {
  const text = segment.trim().replace(/\.$/, '')
  if (/^[A-Z]{2,3}$/.test(text)) return load().get(text) ?? []
  if (/^[a-z]{2,3}$/i.test(text)) return []
  return load().get(foldText(text).replace(/\s+/g, ' ')) ?? []
}

/** The trailing state code of "Toronto ON" or "Sydney NSW" (no comma), split off; null when there is none. */
export function splitTrailingCode(segment: string): [string, string] | null {
  const m = /^(.+?)\s+([A-Z]{2,3})$/.exec(segment.trim())
  return m && subdivisionsOf(m[2]!).length ? [m[1]!, m[2]!] : null
}
