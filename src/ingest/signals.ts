/**
 * Facts stated in the text of a posting: clearance, visa sponsorship, relocation, employment type,
 * English level, education, years of experience, work mode. Each reader returns null when the text
 * says nothing, so "unknown" never turns into "no".
 */
import type { WorkMode } from '../catalogue/job-record.ts'

const CLEARANCE =
  /\b(security clearance|(active|current|valid|eligib\w+ for|obtain|hold) (a |an )?(secret|top secret|ts|sc|dv|government) clearance|ts\/sci|top secret|secret clearance|sc clearance|dv clearance|(sc|dv)[- ]cleared|developed vetting|nv1|nv2|baseline clearance|polygraph|public trust clearance|q clearance)\b/i

export function readsClearance(text: string): boolean {
  return /clear|secret|vetting|polygraph|nv[12]/i.test(text) && CLEARANCE.test(text)
}

const VISA_NO =
  /\b(no (visa )?sponsorship|(unable|not able|cannot|can['’]?t|can not|do not|don['’]t|does not|will not|won['’]t) (to )?(offer |provide |support )?(visa )?sponsor|without (the need for )?(visa |employer )?sponsorship|sponsorship (is )?not (available|offered|provided)|must (already )?(have|hold|possess) (the )?(full )?(right|authori[sz]ation|eligibility) to work|not (able to )?offer visa)/i
const VISA_YES =
  /\b(visa sponsorship (is )?(available|provided|offered|possible)|(we|will|can|happy to|able to) (also )?sponsor|sponsorship (is )?available|offer(s|ing)? (visa )?sponsorship|h-?1b (sponsorship|transfer)|skilled worker (visa|sponsor)|visa support|provide (a )?visa|blue card support|sponsor (your |work )?visas?)/i

export function readsVisaSponsorship(text: string): boolean | null {
  if (!/visa|sponsor|right to work|authori[sz]ation to work|blue card/i.test(text)) return null
  if (VISA_NO.test(text)) return false
  if (VISA_YES.test(text)) return true
  return null
}

export function readsRelocation(text: string): string | null {
  if (!/relocat|релокац|local candidates/i.test(text)) return null
  if (/\b(no relocation|relocation (is )?not (provided|supported|available|offered)|not offer relocation|local candidates only)\b/i.test(text)) return 'not_supported'
  if (/\b(relocation (to [\w ]+ )?(is )?(required|mandatory)|must (be willing to )?relocate|willing(ness)? to relocate|requires relocation)\b/i.test(text)) return 'required'
  if (/\b(relocation (package|assistance|support|bonus|help|allowance|budget)|(help|support|assist) (you )?(with )?(your )?relocat|relocation (is )?(provided|offered|available|covered)|релокаци)/i.test(text)) return 'supported'
  return null
}

export function readsEmploymentType(title: string, text: string): string | null {
  if (/\b(intern(ship)?|werkstudent|working student|стажировк|стаж[её]р)\b/i.test(title)) return 'internship'
  if (/\bfellow(ship)?\b/i.test(title)) return 'fellowship'
  if (/\b(contract(or)?|freelance|b2b|fixed[- ]term)\b/i.test(title)) return 'contract'
  if (/\bpart[- ]time\b/i.test(title)) return 'part_time'
  if (/\b(internship|intern program)\b/i.test(text)) return 'internship'
  if (/\b(fellowship program|\d+-month fellowship|fellowship with)\b/i.test(text)) return 'fellowship'
  if (/\b(part[- ]time|teilzeit|temps partiel|частичная занятость)\b/i.test(text)) return 'part_time'
  if (/\b(contract (role|position|basis|length|to hire)|\d+[- ]month contract|freelance|b2b contract|contractor|fixed[- ]term)\b/i.test(text)) return 'contract'
  if (/\b(full[- ]time|permanent (role|position|contract)|vollzeit|temps plein|cdi|полная занятость)\b/i.test(text)) return 'full_time'
  return null
}

const CEFR = /\b(english[^.\n]{0,30}?\b([abc][12])\b|\b([abc][12])\b[^.\n]{0,20}?english)/i

export function readsEnglishLevel(text: string): string | null {
  if (!/english|английск/i.test(text)) return null
  if (/\b(native|mother tongue|first language)[- ](level )?english|english[^.\n]{0,15}\b(native|mother tongue)/i.test(text)) return 'native'
  const cefr = CEFR.exec(text)
  if (cefr) return (cefr[2] ?? cefr[3])!.toLowerCase()
  if (/\b(fluent|fluency|excellent|proficient|advanced|professional|business)[- ](level )?(in )?(written and spoken |spoken and written )?english|english[^.\n]{0,12}\b(fluent|fluency|proficiency)/i.test(text)) return 'c1'
  if (/\bupper[- ]intermediate\b/i.test(text)) return 'b2'
  if (/\b(good|solid|strong|conversational) (command of )?english|english[^.\n]{0,10}intermediate|intermediate english/i.test(text)) return 'b1'
  if (/\b(basic|elementary) english|english[^.\n]{0,10}(basic|elementary)/i.test(text)) return 'a2'
  if (/\b(no english required|english (is )?not required)\b/i.test(text)) return 'none'
  if (/английск/i.test(text)) return /свободн|fluent/i.test(text) ? 'c1' : 'b1'
  return null
}

export function readsEducationLevel(text: string): string | null {
  if (!/degree|bachelor|master|b\.?sc|m\.?sc|ph\.?d|doctor|b\.[sa]\.|m\.s\.|mba|undergraduate/i.test(text)) return null
  if (/\b(no (college |university )?degree (is )?required|degree not required|without a degree)\b/i.test(text)) return 'none'
  const bachelor = /\b(bachelor['’]?s?|b\.?sc?\.?|b\.s\.|b\.a\.|ba\/bs|bs\/ms|undergraduate degree|degree in (computer science|engineering|mathematics|a related))/i.test(text)
  if (bachelor) return 'bachelor'
  // "master" alone is a verb ("master our stack"); the degree is "master's", "masters degree", "master of".
  if (/\b(master['’]s|masters degree|master degree|master of (science|arts|engineering)|m\.?sc\.?|m\.s\.|ms degree|mba)\b/i.test(text)) return 'master'
  if (/\b(ph\.?d\.?|doctorate|doctoral)\b/i.test(text)) return 'phd'
  return null
}

const YEARS =
  /(?:(\d{1,2})\s*(?:\+|plus)?\s*(?:-|–|to)\s*(\d{1,2})|(?:at least|minimum of|min\.?|over|more than)?\s*(\d{1,2})\s*(\+|plus)?)\s*(?:years?|yrs?)(?:['’]s?)?\b[^.\n]{0,40}?\b(experience|exp\b|of (professional |hands-on |industry |commercial )?(software|engineering|development|work|experience))/i
const YEARS_RU = /опыт[^.\n]{0,30}?(?:от|не менее)\s*(\d{1,2})(?:\s*(?:-|–|до)\s*(\d{1,2}))?\s*(?:лет|года|год)/i

export function readsExperienceYears(text: string): { min: number | null; max: number | null } {
  if (!/year|yrs|опыт|experience/i.test(text)) return { min: null, max: null }
  if (/\b(no (prior |previous )?experience (is )?(required|needed|necessary)|без опыта)\b/i.test(text)) return { min: 0, max: 0 }
  const en = YEARS.exec(text)
  if (en) {
    const min = Number(en[1] ?? en[3])
    const max = en[2] ? Number(en[2]) : null
    if (min <= 30 && (max === null || (max >= min && max <= 40))) return { min, max }
  }
  const ru = YEARS_RU.exec(text)
  if (ru) return { min: Number(ru[1]), max: ru[2] ? Number(ru[2]) : null }
  return { min: null, max: null }
}

const DAY = String.raw`(mon|tue|wed|thu|fri)[a-z]*\.?`
const COUNT = String.raw`(\d|one|two|three|four)`
const HYBRID_TEXT = new RegExp(
  [
    String.raw`\bhybrid(?![- ](cloud|apps?|mobile|infrastructure|environments?|search|models?|work ?loads?|approach|architecture))`,
    String.raw`\b${COUNT}(\s*-\s*${COUNT})?\s*(days?|x)\s*(a|per|each|\/)?\s*week\b[^.\n]{0,40}\b(office|on-?site|in[- ]person)`,
    String.raw`\b(office|on-?site|in[- ]person)\b[^.\n]{0,30}\b${COUNT}(\s*-\s*${COUNT})?\s*days?\s*(a|per|each|\/)\s*week`,
    String.raw`\bin[- ]office\s+${DAY}\s*(-|–|to|through|and|&)\s*${DAY}`,
    String.raw`\boffice\b[^.\n]{0,20}\b${DAY}s?\s*(,\s*${DAY}s?\s*)*(and|&|,)\s*${DAY}`,
    // French and German part-week home office: "télétravail 2 jours par semaine", "2 Tage Homeoffice".
    String.raw`t[ée]l[ée]travail[^.\n]{0,20}\d\s*jours?|\d\s*jours?[^.\n]{0,20}t[ée]l[ée]travail|(\d|ein|einen|zwei|drei|vier)\s*tage?[^.\n]{0,15}(home ?office|mobil)|(home ?office|mobiles arbeiten)[^.\n]{0,15}(\d|ein|einen|zwei|drei|vier)\s*tage?`,
    String.raw`\b(in|at) the office \d`,
    String.raw`\b(rest of the week|other days)\b[^.\n]{0,25}\b(from home|remote)`,
    'гибридн',
  ].join('|'),
  'i',
)
const NOT_REMOTE = /\b(not (a |an )?(fully )?remote|no remote|remote (work )?is not (possible|available|an option|offered)|not open to remote|cannot be (done )?remote)/i

const SPAN = String.raw`(\d+|a|an|one|two|three|four|five|six|eight|up to \d+|several)\s*(weeks?|months?|days?)`
/**
 * A perk of an office job, not where the job is done: "work from anywhere for a month a year",
 * "four weeks of remote work per year", "a work-from-home stipend". Removed before work mode and
 * worldwide hiring are read.
 */
const PERK = new RegExp(
  [
    String.raw`\b(work(ing)? (from|remotely from) anywhere|work remotely|remote work|work from home|wfh)\b[^.\n;]{0,30}?\b${SPAN}\b[^.\n;]{0,25}?\b(a|per|each|every) (year|calendar year)`,
    String.raw`\b${SPAN}\b[^.\n;]{0,15}?\b((a|per|each|every) year\b[^.\n;]{0,25}?)?(of )?(work(ing)? )?(from anywhere|remote(ly)?|work from anywhere)\b([^.\n;]{0,15}\b(a|per|each|every) year)?`,
    String.raw`\b(work[- ]from[- ](home|anywhere)|home[- ]office|remote[- ]work(ing)?|remote[- ]friendly)\s+(stipend|allowance|budget|setup|equipment|perks?|days?|weeks?|reimbursement)`,
  ].join('|'),
  'gi',
)
const withoutPerks = (text: string) => (/anywhere|remote|home|wfh/i.test(text) ? text.replace(PERK, ' ') : text)

/**
 * Work mode from the text: part-week office attendance is hybrid ("2 days a week in our Berlin
 * office", "in office Tue–Thu"); a stated "not remote" is on-site; remote is said outright.
 */
export function readsWorkMode(posting: string): WorkMode | null {
  const text = withoutPerks(posting)
  // "hybrid cloud" and "on-site interviews" say nothing about where the job is done.
  if (HYBRID_TEXT.test(text)) return 'hybrid'
  if (NOT_REMOTE.test(text)) return 'onsite'
  if (/\b(fully remote|100% remote|remote[- ]first|remote[- ]only|work from anywhere|remote (position|role|job|work|team|company|opportunity)|(this|the) (role|position|job) is (fully )?remote|work remotely|work from home anywhere|удал[её]нн(ая|о))/i.test(text)) return 'remote'
  if (/\b(on[- ]?site|in[- ]office|office[- ]based|in person|in-person|on the premises|в офисе)\b(?! (interviews?|visits?|events?|meetings?|days?))/i.test(text)) return 'onsite'
  // "This role is based in our Chicago office": the office is where the work is, unless remote is said.
  if (/\b(based|located|work) (in|at|from|out of) (our|the) [\p{L} ]{0,30}\b(office|headquarters|hq|studio|clinic|warehouse|store)\b/iu.test(text)) return 'onsite'
  return null
}

/** Worldwide remote: hires in any country. */
export function readsWorldwide(text: string): boolean {
  return /\b(work from anywhere|anywhere in the world|worldwide|from any country|fully distributed across the globe|global remote)\b/i.test(withoutPerks(text))
}
