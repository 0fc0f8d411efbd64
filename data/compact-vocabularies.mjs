// Rebuilds the compact vocabularies in data/ from the licensed reference files (see data/NOTICE).
// Run by hand when the reference data changes: node data/compact-vocabularies.mjs /path/to/shared/data
// The service never reads the reference folder; it reads only the files written here.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { onetRows, topicRows } from './skill-vocabulary.mjs'

const source = process.argv[2]
if (!source) throw new Error('usage: node data/compact-vocabularies.mjs SHARED_DATA_DIR')
const here = new URL('.', import.meta.url).pathname
const read = (name) => readFileSync(join(source, name), 'utf8')
const write = (name, value) => {
  writeFileSync(join(here, name), JSON.stringify(value) + '\n')
  console.log(`wrote data/${name}`)
}
const fold = (s) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()

// Cities: [name, cc, population, altNames, state?]. Alternate names keep only proper names written in
// Latin or Cyrillic script (the lowercase entries are machine transliterations that only add false
// matches). The state or province code is kept where postings write one after the city ("Austin, TX",
// "Waterloo, ON", "Sydney NSW"): GeoNames' admin1 codes of the US are the postal codes already; those
// of Canada and Australia are numbers, mapped here.
const PROVINCES = {
  CA: { '01': 'AB', '02': 'BC', '03': 'MB', '04': 'NB', '05': 'NL', '07': 'NS', '08': 'ON', '09': 'PE', 10: 'QC', 11: 'SK', 12: 'YT', 13: 'NT', 14: 'NU' },
  AU: { '01': 'ACT', '02': 'NSW', '03': 'NT', '04': 'QLD', '05': 'SA', '06': 'TAS', '07': 'VIC', '08': 'WA' },
}
const stateOf = (city) => (city.cc === 'US' ? city.admin1 : PROVINCES[city.cc]?.[city.admin1]) ?? null
const cities = JSON.parse(read('geonames_cities500_pop15k_compact_2023-03.json')).map((city) => {
  const seen = new Set([fold(city.name)])
  const alt = []
  for (const name of city.alt) {
    if (!/^[A-ZА-ЯЁ\u00C0-\u024F]/.test(name)) continue
    if (!/^[\p{Script=Latin}\p{Script=Cyrillic}0-9 .'’-]+$/u.test(name)) continue
    if (seen.has(fold(name))) continue
    seen.add(fold(name))
    alt.push(name)
  }
  const state = stateOf(city)
  return state ? [city.name, city.cc, city.pop, alt, state] : alt.length ? [city.name, city.cc, city.pop, alt] : [city.name, city.cc, city.pop]
})
write('cities.json', cities)

write('regions.json', JSON.parse(read('region-map.proposed.json')).byCountry)

// Technology topics: [slug, display name, aliases]. Topics about games, places, people and plain
// English words are dropped: they would match ordinary prose in job descriptions.
const GENERIC = new Set(
  `3d 4x actions algorithm animation anime app art automation automaton bootcamp bot boilerplate canvas case cd client code
  community configuration crawler data dataset datetime demo deployment desktop development documentation edge education
  emoji example extension finance first flight font framework generator hackathon hacking image interview iris learning
  library logging mobile monitoring network parser parsing physics portfolio privacy programming project promise query
  randomizer red routing script sdk security server shell simulation software sports support survival template terminal
  testing tool tutorial ui video web website wiki atom amp nano micro matter mercury reason rocket crystal lean bonsai
  pass client chemistry mathematics statistics astronomy marketing spreadsheet steam sketch stimulus swing vapor spring
  express nest next ember elm bun nix v d c r go apple google microsoft facebook instagram reddit tiktok spotify youtube
  twitter twitch discord telegram whatsapp wechat slack notion medium tumblr gmail chrome firefox nasa covid-19 queer transgender
  christianity citizen-science climate-change mozilla public-good nashville-tennessee hacktoberfest awesome
  blazing-fast getting-things-done interactive-fiction machinima mazes minecraft handshake green-software backend frontend
  computer-science software-engineering programming-language product-management project-management open-source
  argo-floats`.split(/\s+/),
)
const GAME = /game|shooter|simulator|rpg|role-playing|roguel|crawl|metroidvania|beat-em-up|hack-and-slash|racing|wargame|tower-defense|turn-based|real-time-|point-and-click|platform-game|escape-the-room|visual-novel|text-adventure|battle-royale|arcade|survival-horror|vehicular|kart|light-gun|fighting|mud-game/
// Aliases that are everyday words in job ads ("fluent English", "a ton of", "5 pm", "health coverage").
const LOOSE_ALIASES = new Set(
  `arch as case quality review reset normalizer normalize resources resource graphic motion fabric fish fisher fisherman
  paper mint mean move material pass primer protocol publishing quantum quilt repl utility wow spectrum fluent coverage
  dependencies epics todo ton tons spa pm vs ws ss fs cs os md pip pug jade ppl pio kak rkt qft tns idp pim zil ens aoc
  gan neo gin nest next hx dle stf asc rf aas bq olm oai ilp wot uta vut hms tas qs dsh sinclair speccy recon mada db
  pipelines sanitize sanitizer sanitizers compiler emulator emulators exploit exploits brew paper`.split(/\s+/),
)
const SHORT_KEPT = new Set(['js', 'ml', 'ai', 'ui', 'ux', 'qt', 'r', 'c'])
const keepAlias = (alias) => !LOOSE_ALIASES.has(alias) && !/^[0-9]+k?$/.test(alias) && (alias.length > 2 || SHORT_KEPT.has(alias))
const topics = JSON.parse(read('github-explore-topics.json'))
  .filter((topic) => !GENERIC.has(topic.topic) && !GAME.test(topic.topic))
  .map((topic) => [topic.topic, topic.display_name, topic.aliases.filter(keepAlias)])
write('skills.json', topicRows(topics))

// Named technologies from O*NET Technology Skills (tools.json): merged into a topic's skill when they
// share a spelling ("Apache Kafka"), a skill of their own otherwise ("Atlassian Confluence" -> Confluence).
write('tools.json', onetRows(read('onet29.2_Technology_Skills.txt')))

// Salary distributions from real observations: USD quantiles per experience level, a pay multiplier
// per company country (median against the US median), and the mix of employment types.
const rows = read('aijobs_salaries_2025-01-19.csv').trim().split('\n').slice(1).map((line) => line.split(','))
const quantiles = (values, n = 20) => {
  const sorted = values.sort((a, b) => a - b)
  return Array.from({ length: n + 1 }, (_, i) => sorted[Math.min(sorted.length - 1, Math.floor((i / n) * (sorted.length - 1)))])
}
const byLevel = {}
const byCountry = {}
const employment = {}
for (const [, level, type, , , , usd, , , country] of rows) {
  const amount = Number(usd)
  if (!(amount > 5000)) continue
  ;(byLevel[level] ??= []).push(amount)
  ;(byCountry[country] ??= []).push(amount)
  employment[type] = (employment[type] ?? 0) + 1
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]
const usMedian = median(byCountry.US)
const countryFactor = {}
for (const [country, values] of Object.entries(byCountry)) {
  if (values.length >= 25) countryFactor[country] = Math.round((median(values) / usMedian) * 100) / 100
}
const levels = {}
for (const [level, values] of Object.entries(byLevel)) levels[level] = quantiles(values)
write('salaries.json', { usdQuantilesByLevel: levels, countryFactor, employmentTypes: employment })

// Remote-friendly company patterns: [remote policy, size, region, technologies].
const companies = JSON.parse(read('remoteintech-companies.json')).map((c) => [c.remote_policy ?? null, c.company_size ?? null, c.region ?? null, c.technologies ?? []])
write('company-patterns.json', companies)

const fx = JSON.parse(read('fx_units_per_USD_2026-09-29_from_fawazahmed0-currency-api.json'))
// Every ISO 4217 currency of the dated table: the rate tells a stated amount's magnitude when its
// period is not written ("¥400,000" is a month, "$400" a day), and converts stated salaries into the
// reference currency of enrichment.salary_normalized (src/catalogue/salary-normalized.ts).
const ISO = new Set(Intl.supportedValuesOf('currency'))
const FX_CODES = Object.keys(fx.unitsPerUSD).filter((code) => ISO.has(code) && fx.unitsPerUSD[code] > 0).sort()
write('fx.json', { date: fx.date, unitsPerUSD: Object.fromEntries(FX_CODES.map((code) => [code, code === 'USD' ? 1 : fx.unitsPerUSD[code]])) })
