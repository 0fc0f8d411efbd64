import type { ApplyForm } from '../catalogue/apply-forms.ts'
import type { AutofillProfile } from './autofill-profile.ts'

/**
 * The fill plan for a posting's captured application form: which fields the autofill profile and
 * screening answers can fill now (`filled`), which are recognised but need the person (an empty
 * value, a file upload, a free-text answer in their own words: `deferred`), and which nothing
 * recognises (`unmapped`). No browser is driven: this is the plan the extension would carry out.
 */
export interface FillPlan {
  filled: string[]
  deferred: string[]
  unmapped: string[]
}

type Field = keyof AutofillProfile | 'upload' | 'own_words'

/** First match wins: specific names before the generic ones. */
const RULES: [RegExp, Field][] = [
  [/first\s*name|given name|vorname|pr[ée]nom|nombre(?! completo)/i, 'first_name'],
  [/last\s*name|surname|family name|nachname|nom de famille|apellido/i, 'last_name'],
  [/full\s*name|^name$|^your name|vollständiger name|nom complet|nombre completo/i, 'full_name'],
  [/e-?mail/i, 'email'],
  [/phone|mobile|telefon|t[ée]l[ée]phone|tel[ée]fono/i, 'phone'],
  [/linkedin/i, 'linkedin'],
  [/github/i, 'github'],
  [/portfolio|website|personal site|homepage/i, 'portfolio'],
  [/r[ée]sum[ée]|\bcv\b|lebenslauf|curriculum/i, 'upload'],
  [/cover letter|anschreiben|lettre de motivation/i, 'upload'],
  [/sponsor/i, 'visa_sponsorship_needed'],
  [/authori[sz]ed to work|right to work|work permit|legally (able|eligible|permitted)|eligible to work/i, 'authorized_countries'],
  [/salary|compensation|pay expectation|gehalt/i, 'desired_salary'],
  [/notice period|earliest start|start date|when can you start|kündigungsfrist/i, 'notice_period'],
  [/relocat/i, 'willing_to_relocate'],
  [/18 years|age of 18|over 18|18 or older/i, 'age_18_or_older'],
  [/location|city|address|where are you based|wohnort|ville|ciudad/i, 'location'],
  [/why|tell us|describe|motivation|anything else/i, 'own_words'],
]

export function fillPlan(form: ApplyForm, profile: AutofillProfile): FillPlan {
  const plan: FillPlan = { filled: [], deferred: [], unmapped: [] }
  const fields = [...form.basics.map((label) => ({ label, upload: false })), ...form.questions.map((question) => ({ label: question.text, upload: question.answer === 'upload' }))]
  for (const { label, upload } of fields) {
    const field = RULES.find(([pattern]) => pattern.test(label))?.[1]
    if (upload || field === 'upload' || field === 'own_words') plan.deferred.push(label)
    else if (!field) plan.unmapped.push(label)
    else if (profile[field]) plan.filled.push(label)
    else plan.deferred.push(label)
  }
  return plan
}
