import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { created, operations, type Route } from '../route.ts'
import { createEmployment, deleteEmployment, updateEmployment } from '../../experience/bank.ts'
import { bankView, createAtom, deleteAtom, mergeAtoms, updateAtom } from '../../experience/atoms.ts'
import { dataOf, ref } from '../openapi-shapes.ts'

const runes = (max: number, name: string) => v.pipe(v.string(`experience: ${name} must be a string`), v.check((text) => [...text].length <= max, `experience: ${name} must be at most ${max} characters`))
const opt = (max: number, name: string) => v.optional(v.nullable(runes(max, name)))
const EMPLOYMENT_FIELDS = {
  company: opt(200, 'company'),
  name: opt(200, 'name'),
  role: opt(200, 'role'),
  location: opt(200, 'location'),
  start: opt(200, 'start'),
  end: opt(200, 'end'),
  current: v.optional(v.boolean('experience: current must be true or false')),
  summary: opt(600, 'summary'),
  link: opt(500, 'link'),
  stack: v.optional(v.pipe(v.array(runes(200, 'a stack entry')), v.maxLength(40, 'experience: at most 40 stack entries'))),
}
/** Checked by the bank itself, so the answer is the documented "experience: kind must be job or project". */
const Kind = v.pipe(v.string('experience: kind must be job or project'), v.maxLength(20, 'experience: kind must be job or project'))
const NewEmployment = v.object({ kind: v.optional(Kind, 'job'), ...EMPLOYMENT_FIELDS })
const EmploymentPatch = v.object({ kind: v.optional(Kind), ...EMPLOYMENT_FIELDS })
const ATOM_FIELDS = {
  employment_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  context: opt(1200, 'context'),
  metrics: v.optional(v.pipe(v.array(runes(200, 'a metric')), v.maxLength(10, 'experience: at most 10 metrics'))),
  skills: v.optional(v.pipe(v.array(runes(200, 'a skill')), v.maxLength(40, 'experience: at most 40 skills'))),
  source_ref: opt(200, 'source_ref'),
}
const NewAtom = v.object({ claim: runes(400, 'claim'), ...ATOM_FIELDS })
const AtomPatch = v.object({ claim: v.optional(runes(400, 'claim')), ...ATOM_FIELDS })
const Merge = v.object({ ids: v.array(v.pipe(v.string(), v.maxLength(100)), 'experience: ids must be an array of two ids') })
const IdParams = v.object({ id: v.pipe(v.string(), v.maxLength(100), v.description('UUID (anything else is 404)')) })

const EMPLOYMENT = '`{ id, kind: "job"|"project", company? (jobs) | name? (projects), role?, location?, start?, end?, current, summary?, link?, stack: [skill slug] }`'
const ATOM = '`{ id, employment_id?, claim, context?, metrics: [], skills: [skill slug], provenance: "cv_import"|"stated_in_chat"|"manual"|"agent_inferred", source_ref? }`'

const op = operations({ tags: ['experience'], auth: 'session' })

export function meExperienceRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  return [
    op.get('/me/experience', 'Your experience bank', {
      description: `\`{ employments: [Employment + atoms: [AtomView]], unplaced: [AtomView] }\`. Employment is ${EMPLOYMENT}; AtomView is ${ATOM} plus \`needs_context\` (no context yet), \`needs_metrics\` (no metrics and no number in the claim) and \`cluster_id\` on claims that nearly repeat another (share most of their words), naming the group.`,
      auth: 'session-or-key',
      responses: { 200: { description: '`{ data: { employments, unplaced } }`', schema: dataOf(ref('ExperienceBank')) } },
    }, (_event, { caller }) => ({ data: bankView(db, caller.userId) })),
    op.post('/me/experience/employments', 'Add a job or project', {
      description: `${EMPLOYMENT} without \`id\`; \`kind\` defaults to \`job\`; a project may send its name as \`company\`. Skills in \`stack\` become catalogue skill slugs.`,
      auth: 'session-or-key',
      body: NewEmployment,
      responses: { 201: { description: '`{ data: Employment }`', schema: dataOf(ref('Employment')) }, 400: 'experience: kind must be job or project / needs a company or a role / a field too long' },
    }, (event, { caller, body }) => created(event, createEmployment(db, caller.userId, body, ctx.now()))),
    op.put('/me/experience/employments/:id', 'Edit a job or project', {
      description: 'The fields sent replace the stored ones; `null` clears one.',
      params: IdParams,
      body: EmploymentPatch,
      responses: { 200: { description: '`{ data: Employment }`', schema: dataOf(ref('Employment')) }, 400: 'invalid field', 404: 'not found (also a malformed id)' },
    }, (_event, { caller, params, body }) => ({ data: updateEmployment(db, caller.userId, params.id, body) })),
    op.deleteOwn('/me/experience/employments/:id', 'Delete a job or project and its claims', { description: '204.', params: IdParams }, 'not found', (userId, id) => deleteEmployment(db, userId, id)),
    op.post('/me/experience/atoms', 'Add a claim', {
      description: `\`{ claim, employment_id?, context?, metrics?, skills?, source_ref? }\` (claim ≤ 400 characters, context ≤ 1200, ≤ 10 metrics, ≤ 40 skills). Provenance is always \`manual\`. Answers ${ATOM}.`,
      auth: 'session-or-key',
      body: NewAtom,
      responses: { 201: { description: '`{ data: Atom }`', schema: dataOf(ref('Atom')) }, 400: 'empty claim, a field too long, or an employment_id that is not yours', 409: 'this claim is already in the bank' },
    }, (event, { caller, body }) => created(event, createAtom(db, caller.userId, body, ctx.now()))),
    op.put('/me/experience/atoms/:id', 'Edit a claim', {
      description: 'The fields sent replace the stored ones; the claim becomes `manual`.',
      params: IdParams,
      body: AtomPatch,
      responses: { 200: { description: '`{ data: Atom }`', schema: dataOf(ref('Atom')) }, 400: 'invalid field', 404: 'not found', 409: 'the new claim text is already in the bank' },
    }, (_event, { caller, params, body }) => ({ data: updateAtom(db, caller.userId, params.id, body) })),
    op.deleteOwn('/me/experience/atoms/:id', 'Delete a claim', { description: '204.', params: IdParams }, 'not found', (userId, id) => deleteAtom(db, userId, id)),
    op.post('/me/experience/atoms/merge', 'Merge two claims', {
      description: '`{ ids: [keep, lose] }`: `keep` keeps its claim and provenance, takes the longer context and the union of metrics and skills; `lose` is deleted. Answers the kept Atom.',
      body: Merge,
      responses: { 200: { description: '`{ data: Atom }`', schema: dataOf(ref('Atom')) }, 400: 'not exactly two different ids, or claims under different employments', 404: 'an id is not one of your claims', 409: 'changed concurrently' },
    }, (_event, { caller, body }) => ({ data: mergeAtoms(db, caller.userId, body.ids) })),
  ]
}
