import type { DB } from '../db/connection.ts'
import type { SalaryPeriod } from '../vocabulary/iso-codes.ts'

/** Answers to the screening questions of application forms; every field is optional until answered. */
export interface ScreeningAnswers {
  authorized_countries: string[]
  visa_sponsorship_needed: boolean | null
  desired_salary_amount: number | null
  desired_salary_currency: string | null
  desired_salary_period: SalaryPeriod | null
  notice_period_days: number | null
  willing_to_relocate: boolean | null
  age_18_or_older: boolean | null
}

export type ScreeningUpdate = Partial<ScreeningAnswers>

interface ScreeningRow {
  authorized_countries: string
  visa_sponsorship_needed: number | null
  desired_salary_amount: number | null
  desired_salary_currency: string | null
  desired_salary_period: SalaryPeriod | null
  notice_period_days: number | null
  willing_to_relocate: number | null
  age_18_or_older: number | null
}

const BOOLEAN_FIELDS = ['visa_sponsorship_needed', 'willing_to_relocate', 'age_18_or_older'] as const
const VALUE_FIELDS = ['desired_salary_amount', 'desired_salary_currency', 'desired_salary_period', 'notice_period_days'] as const

const toBool = (value: number | null) => (value === null ? null : value === 1)
const fromBool = (value: boolean | null) => (value === null ? null : value ? 1 : 0)

/** The caller's answers; a user who never answered gets every field empty (null, or [] for countries). */
export function getScreeningAnswers(db: DB, userId: number): ScreeningAnswers {
  const row = db.prepare('SELECT * FROM screening_answers WHERE user_id = ?').get(userId) as ScreeningRow | undefined
  return {
    authorized_countries: row ? (JSON.parse(row.authorized_countries) as string[]) : [],
    visa_sponsorship_needed: toBool(row?.visa_sponsorship_needed ?? null),
    desired_salary_amount: row?.desired_salary_amount ?? null,
    desired_salary_currency: row?.desired_salary_currency ?? null,
    desired_salary_period: row?.desired_salary_period ?? null,
    notice_period_days: row?.notice_period_days ?? null,
    willing_to_relocate: toBool(row?.willing_to_relocate ?? null),
    age_18_or_older: toBool(row?.age_18_or_older ?? null),
  }
}

/** Partial update: fields absent from `update` keep their value; an explicit null clears one. */
export function updateScreeningAnswers(db: DB, userId: number, update: ScreeningUpdate, now = new Date().toISOString()): ScreeningAnswers {
  return db.transaction(() => {
    const merged = { ...getScreeningAnswers(db, userId), ...stripUndefined(update) }
    const countries = [...new Set(merged.authorized_countries.map((code) => code.toUpperCase()))]
    const row: Record<string, unknown> = { user_id: userId, authorized_countries: JSON.stringify(countries), updated_at: now }
    for (const field of BOOLEAN_FIELDS) row[field] = fromBool(merged[field])
    for (const field of VALUE_FIELDS) row[field] = merged[field]
    const columns = Object.keys(row)
    db.prepare(
      `INSERT INTO screening_answers (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})
       ON CONFLICT (user_id) DO UPDATE SET ${columns.filter((c) => c !== 'user_id').map((c) => `${c} = excluded.${c}`).join(', ')}`,
    ).run(row)
    return getScreeningAnswers(db, userId)
  })()
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
