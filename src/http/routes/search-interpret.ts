import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { dataOf, object } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { interpretationQuery, interpretQuery, interpretWithModel, type Interpretation } from '../../search/interpret.ts'
import { parseJobQuery } from '../../search/search-params.ts'
import { modelConfigured, streamChat } from '../../model/chat.ts'

const op = operations({ tags: ['jobs'], auth: 'public', budget: 'read' })

const filterValue = { oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'number' }, { type: 'boolean' }] }
const InterpretationSchema = object({
  q: { type: ['string', 'null'], description: 'the words no filter expresses (a negation no vocabulary resolves becomes an excluded word, `-word`), or null' },
  filters: { type: 'object', additionalProperties: filterValue, description: 'filter parameter -> value, in the job-search grammar: lists for facets and their `_exclude`, numbers for salary_min, salary_max and posted_within_days' },
  query: { type: 'string', description: 'the same as a job-search query string: `/jobs/search?{query}` (and the web page `/?{query}`) runs it' },
  source: { type: 'string', enum: ['rules', 'model'], description: '`rules`: the deterministic reading; `model`: the configured model’s reading, kept only when the grammar accepts it' },
})

export function searchInterpretRoutes(ctx: AppContext): Route[] {
  const accepts = (query: string) => {
    try {
      return !parseJobQuery(new URLSearchParams(query), { maxQueryLength: ctx.config.maxQueryLength, sorted: true }).ignored
    } catch {
      return false
    }
  }
  const chat = async (messages: { role: 'system' | 'user'; content: string }[]) => (await streamChat(ctx.config, { messages }, () => {})).text
  return [
    op.post('/search/interpret', 'Filters from a sentence in plain language', {
      description: 'Reads a sentence such as "remote senior python or go jobs in Berlin or Amsterdam over 90k EUR, no crypto, posted this week" into the job-search filters it means (`work_mode`, `seniority`, `skills`, `cities`, `countries`, `regions`, `category`, `domains`, `employment_type`, their `_exclude`, `salary_min`/`salary_max` with `salary_currency`, `posted_within_days`) and a `q` for the rest, against this catalogue’s own vocabularies (skills and their aliases, cities, countries, regions, categories, domains, seniority words). Deterministic by default; with MODEL_BASE_URL set, the configured model reads it in the same shape, and its answer is used only when the filter grammar accepts it (else the deterministic reading, `source: "rules"`). Nothing is searched: run `query` with /jobs/search. An extension the reference service grew.',
      body: v.object({ text: v.pipe(v.string('must be a string'), v.trim(), v.minLength(1, 'is required'), v.maxLength(500, 'must be at most 500 characters'), v.description('The sentence, 1 to 500 characters.')) }),
      responses: { 200: { description: '`{ data: { q, filters, query, source } }`', schema: dataOf(InterpretationSchema) }, 400: 'text missing, empty or over 500 characters' },
    }, async (_event, { body }) => {
      let reading: Interpretation | null = null
      let source: 'rules' | 'model' = 'rules'
      if (modelConfigured(ctx.config)) {
        reading = await interpretWithModel(chat, body.text, accepts)
        if (reading) source = 'model'
      }
      reading ??= interpretQuery(body.text)
      return { data: { ...reading, query: interpretationQuery(reading), source } }
    }),
  ]
}
