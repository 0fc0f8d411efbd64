/**
 * Where seeded companies sit and post: tech hubs by country with their pay currency and posting
 * language. City names are written as postings write them; enrichment resolves them to GeoNames.
 */
export interface SeedCountry {
  code: string
  name: string
  weight: number
  currency: 'USD' | 'EUR' | 'GBP' | 'RUB'
  /** Languages postings here are written in besides English, with their share. */
  language?: [string, number]
  cities: string[]
  /** US-style "City, ST" locations. */
  states?: string[]
}

export const SEED_COUNTRIES: SeedCountry[] = [
  { code: 'us', name: 'United States', weight: 30, currency: 'USD', cities: ['San Francisco', 'New York', 'Seattle', 'Austin', 'Boston', 'Chicago', 'Los Angeles', 'Denver', 'Atlanta', 'San Jose', 'Washington', 'Miami', 'Raleigh', 'Portland'], states: ['CA', 'NY', 'WA', 'TX', 'MA', 'IL', 'CA', 'CO', 'GA', 'CA', 'DC', 'FL', 'NC', 'OR'] },
  { code: 'gb', name: 'United Kingdom', weight: 9, currency: 'GBP', cities: ['London', 'Manchester', 'Edinburgh', 'Cambridge', 'Bristol', 'Leeds'] },
  { code: 'de', name: 'Germany', weight: 8, currency: 'EUR', language: ['de', 0.25], cities: ['Berlin', 'München', 'Hamburg', 'Frankfurt am Main', 'Köln', 'Stuttgart'] },
  { code: 'nl', name: 'Netherlands', weight: 3.5, currency: 'EUR', language: ['nl', 0.15], cities: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven', 'The Hague'] },
  { code: 'fr', name: 'France', weight: 3.5, currency: 'EUR', language: ['fr', 0.3], cities: ['Paris', 'Lyon', 'Toulouse', 'Nantes'] },
  { code: 'es', name: 'Spain', weight: 2.5, currency: 'EUR', language: ['es', 0.25], cities: ['Madrid', 'Barcelona', 'Valencia', 'Málaga'] },
  { code: 'pt', name: 'Portugal', weight: 1.5, currency: 'EUR', language: ['pt', 0.2], cities: ['Lisbon', 'Porto', 'Braga'] },
  { code: 'pl', name: 'Poland', weight: 3, currency: 'EUR', language: ['pl', 0.25], cities: ['Warsaw', 'Kraków', 'Wrocław', 'Gdańsk'] },
  { code: 'ie', name: 'Ireland', weight: 1.5, currency: 'EUR', cities: ['Dublin', 'Cork'] },
  { code: 'se', name: 'Sweden', weight: 1.2, currency: 'EUR', cities: ['Stockholm', 'Gothenburg'] },
  { code: 'ch', name: 'Switzerland', weight: 1.2, currency: 'EUR', cities: ['Zurich', 'Geneva', 'Basel'] },
  { code: 'at', name: 'Austria', weight: 0.8, currency: 'EUR', language: ['de', 0.3], cities: ['Vienna', 'Graz'] },
  { code: 'cz', name: 'Czechia', weight: 0.8, currency: 'EUR', cities: ['Prague', 'Brno'] },
  { code: 'ee', name: 'Estonia', weight: 0.5, currency: 'EUR', cities: ['Tallinn'] },
  { code: 'ua', name: 'Ukraine', weight: 1.2, currency: 'USD', cities: ['Kyiv', 'Lviv', 'Kharkiv'] },
  { code: 'ru', name: 'Russia', weight: 4, currency: 'RUB', language: ['ru', 0.8], cities: ['Moscow', 'Saint Petersburg', 'Novosibirsk', 'Kazan', 'Yekaterinburg'] },
  { code: 'kz', name: 'Kazakhstan', weight: 0.6, currency: 'USD', language: ['ru', 0.5], cities: ['Almaty', 'Astana'] },
  { code: 'rs', name: 'Serbia', weight: 0.5, currency: 'EUR', cities: ['Belgrade', 'Novi Sad'] },
  { code: 'ge', name: 'Georgia', weight: 0.4, currency: 'USD', cities: ['Tbilisi'] },
  { code: 'ca', name: 'Canada', weight: 4, currency: 'USD', cities: ['Toronto', 'Vancouver', 'Montreal', 'Ottawa'] },
  { code: 'mx', name: 'Mexico', weight: 1, currency: 'USD', language: ['es', 0.3], cities: ['Mexico City', 'Guadalajara', 'Monterrey'] },
  { code: 'br', name: 'Brazil', weight: 1.5, currency: 'USD', language: ['pt', 0.4], cities: ['São Paulo', 'Rio de Janeiro', 'Florianópolis'] },
  { code: 'ar', name: 'Argentina', weight: 0.8, currency: 'USD', language: ['es', 0.3], cities: ['Buenos Aires', 'Córdoba'] },
  { code: 'co', name: 'Colombia', weight: 0.6, currency: 'USD', language: ['es', 0.3], cities: ['Bogotá', 'Medellín'] },
  { code: 'in', name: 'India', weight: 6, currency: 'USD', cities: ['Bengaluru', 'Hyderabad', 'Pune', 'Chennai', 'Gurgaon', 'Mumbai'] },
  { code: 'sg', name: 'Singapore', weight: 1.5, currency: 'USD', cities: ['Singapore'] },
  { code: 'au', name: 'Australia', weight: 1.5, currency: 'USD', cities: ['Sydney', 'Melbourne', 'Brisbane'] },
  { code: 'jp', name: 'Japan', weight: 1, currency: 'USD', cities: ['Tokyo', 'Osaka'] },
  { code: 'ae', name: 'United Arab Emirates', weight: 1, currency: 'USD', cities: ['Dubai', 'Abu Dhabi'] },
  { code: 'il', name: 'Israel', weight: 1.2, currency: 'USD', cities: ['Tel Aviv', 'Haifa'] },
  { code: 'tr', name: 'Turkey', weight: 0.6, currency: 'EUR', cities: ['Istanbul', 'Ankara'] },
  { code: 'eg', name: 'Egypt', weight: 0.4, currency: 'USD', cities: ['Cairo'] },
  { code: 'ng', name: 'Nigeria', weight: 0.5, currency: 'USD', cities: ['Lagos'] },
  { code: 'ke', name: 'Kenya', weight: 0.4, currency: 'USD', cities: ['Nairobi'] },
  { code: 'za', name: 'South Africa', weight: 0.5, currency: 'USD', cities: ['Cape Town', 'Johannesburg'] },
]

export const EUROPEAN = new Set(['gb', 'de', 'nl', 'fr', 'es', 'pt', 'pl', 'ie', 'se', 'ch', 'at', 'cz', 'ee', 'rs', 'tr', 'ua'])
export const EASTERN = new Set(['ru', 'ua', 'kz', 'rs', 'ge', 'pl', 'cz', 'ee'])

/** Region words a remote posting may name instead of a country. */
export const REMOTE_REGION_LABELS: [string, string][] = [
  ['Remote (EU)', 'eu'],
  ['Remote - Europe', 'eu'],
  ['Remote, EMEA', 'eu'],
  ['Remote - North America', 'north_america'],
  ['Remote (LATAM)', 'latam'],
  ['Remote - APAC', 'apac'],
  ['Remote (CIS)', 'cis'],
]
