import type { DB } from '../db/connection.ts'
import { getScreeningAnswers } from '../profile/screening.ts'
import { effectiveContacts } from '../resume/store.ts'

/**
 * The values an application form asks for, as display strings (empty when unknown), for the
 * browser extension and the fill plan. Contacts come from the résumé block (fields the caller set
 * override the parse); the e-mail falls back to the account's; links are sorted into LinkedIn,
 * GitHub and the first other link as the portfolio. Screening answers are spelled as a form
 * wants them: countries upper-cased and comma-joined, yes/no, "120000 USD/year", "30 days".
 */
export interface AutofillProfile {
  full_name: string
  first_name: string
  last_name: string
  email: string
  phone: string
  location: string
  linkedin: string
  github: string
  portfolio: string
  authorized_countries: string
  visa_sponsorship_needed: string
  desired_salary: string
  notice_period: string
  willing_to_relocate: string
  age_18_or_older: string
}

const yesNo = (value: boolean | null) => (value === null ? '' : value ? 'yes' : 'no')

export function autofillProfile(db: DB, userId: number): AutofillProfile {
  const contacts = effectiveContacts(db, userId)
  const account = db.prepare('SELECT email FROM users WHERE id = ?').get(userId) as { email: string } | undefined
  const fullName = contacts.full_name?.trim() ?? ''
  const names = fullName.split(/\s+/).filter(Boolean)
  const links = contacts.links ?? []
  const linkedin = links.find((link) => /linkedin\.com/i.test(link)) ?? ''
  const github = links.find((link) => /github\.com/i.test(link)) ?? ''
  const portfolio = links.find((link) => link !== linkedin && link !== github) ?? ''
  const screening = getScreeningAnswers(db, userId)
  const salary = screening.desired_salary_amount
  return {
    full_name: fullName,
    first_name: names.length > 1 ? names.slice(0, -1).join(' ') : (names[0] ?? ''),
    last_name: names.length > 1 ? names.at(-1)! : '',
    email: contacts.email ?? account?.email ?? '',
    phone: contacts.phone ?? '',
    location: contacts.location ?? '',
    linkedin,
    github,
    portfolio,
    authorized_countries: screening.authorized_countries.map((code) => code.toUpperCase()).join(', '),
    visa_sponsorship_needed: yesNo(screening.visa_sponsorship_needed),
    desired_salary: salary === null ? '' : `${salary} ${screening.desired_salary_currency ?? ''}${screening.desired_salary_period ? `/${screening.desired_salary_period}` : ''}`.replace(/\s+\//, '/').trim(),
    notice_period: screening.notice_period_days === null ? '' : `${screening.notice_period_days} days`,
    willing_to_relocate: yesNo(screening.willing_to_relocate),
    age_18_or_older: yesNo(screening.age_18_or_older),
  }
}
