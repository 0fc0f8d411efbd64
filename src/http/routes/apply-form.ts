import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { notFound } from '../../errors.ts'
import { jobIdBySlug } from '../../catalogue/job-json.ts'
import { ANSWER_KINDS, applyFormOf } from '../../catalogue/apply-forms.ts'
import { dataOf, object } from '../openapi-shapes.ts'

const FORM_SCHEMA = dataOf(
  object({
    provider: { type: 'string', description: 'the ATS the form belongs to' },
    basics: { type: 'array', items: { type: 'string' }, description: 'the standard fields the ATS asks' },
    questions: {
      type: 'array',
      items: object(
        { text: { type: 'string' }, required: { type: 'boolean' }, answer: { type: 'string', enum: [...ANSWER_KINDS], description: 'left out for a one-line text' } },
        ['text', 'required'],
      ),
    },
  }),
)

const op = operations({ tags: ['jobs'], auth: 'public', budget: 'read' })

/** GET /jobs/{slug}/apply-form: the captured application form of a posting. */
export function applyFormRoutes(ctx: AppContext): Route[] {
  return [
    op.get('/jobs/:slug/apply-form', 'The application form of a posting, where one was captured', {
      description: '`provider` is the ATS; `basics` the standard fields it asks (name, email, résumé…); `questions` the employer’s own, each `{ text, required, answer? }` with `answer` one of "written answer", "choose one", "choose any", "yes / no", "upload" (omitted for a one-line text). Forms are captured by source connectors for some postings; 404 when the job is unknown or no form was captured.',
      params: v.object({ slug: v.pipe(v.string(), v.minLength(1), v.maxLength(300)) }),
      responses: { 200: { description: '`{ data: { provider, basics: [label], questions: [question] } }`', schema: FORM_SCHEMA }, 404: 'job not found, or no captured form' },
    }, (_event, { params }) => {
      const id = jobIdBySlug(ctx.db, params.slug)
      if (id === undefined) throw notFound('job not found')
      const form = applyFormOf(ctx.db, id)
      if (!form) throw notFound('no application form was captured for this job')
      return { data: form }
    }),
  ]
}
