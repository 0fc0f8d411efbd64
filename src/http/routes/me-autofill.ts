import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { conflict, notFound } from '../../errors.ts'
import { jobIdBySlug } from '../../catalogue/job-json.ts'
import { applyFormOf } from '../../catalogue/apply-forms.ts'
import { autofillProfile } from '../../autofill/autofill-profile.ts'
import { fillPlan } from '../../autofill/fill-plan.ts'
import { dataOf, ref } from '../openapi-shapes.ts'

const RunBody = v.object({ job_id: v.optional(v.pipe(v.string('job_id must be a job id (its public slug)'), v.minLength(1), v.maxLength(300), v.description('The posting whose captured application form is planned.'))) })

const op = operations({ tags: ['autofill'], auth: 'session-or-key' })

export function meAutofillRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  return [
    op.get('/me/autofill-profile', 'What autofill types into application forms', {
      description: '`{ full_name, first_name, last_name, email, phone, location, linkedin, github, portfolio, authorized_countries, visa_sponsorship_needed, desired_salary, notice_period, willing_to_relocate, age_18_or_older }`, all strings (empty when unknown). Contacts come from your résumé (fields you set override the parse); the e-mail falls back to your account’s; links are sorted into LinkedIn, GitHub and the first other one as portfolio. Screening answers read as a form wants them: "DE, NL", "yes"/"no", "90000 EUR/year", "30 days".',
      responses: { 200: { description: '`{ data: AutofillProfile }`', schema: dataOf(ref('AutofillProfile')) } },
    }, (_event, { caller }) => ({ data: autofillProfile(db, caller.userId) })),
    op.post('/me/autofill/run', 'Plan how autofill fills a posting’s application form', {
      description: 'No browser is driven by openroles. With `{ job_id }` (a posting with a captured application form, see GET /jobs/{slug}/apply-form) this answers the fill plan `{ filled, deferred, unmapped }`: the form’s field labels your autofill profile and screening answers fill now, those recognised but needing you (an empty answer, a file upload, a question for your own words), and those nothing recognises. Without `job_id` there is nothing to drive: 409.',
      body: RunBody,
      responses: { 200: { description: '`{ data: { filled: [label], deferred: [label], unmapped: [label] } }`', schema: dataOf(ref('FillPlan')) }, 404: 'job not found, or no captured application form', 409: 'no job_id: no browser is connected to fill a page' },
    }, (_event, { caller, body }) => {
      if (!body.job_id) throw conflict('no browser is connected to openroles: send { "job_id" } to plan the fill of a posting’s captured application form')
      const id = jobIdBySlug(db, body.job_id)
      if (id === undefined) throw notFound('job not found')
      const form = applyFormOf(db, id)
      if (!form) throw notFound('no application form was captured for this job')
      return { data: fillPlan(form, autofillProfile(db, caller.userId)) }
    }),
  ]
}
