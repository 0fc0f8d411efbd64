import type { Adapter } from './adapter.ts'
import { asArray, collect, dateOf, employmentTypeOf, isObject, parseXml, text, type Obj } from './fields.ts'
import { CrawlError } from '../board-url.ts'

/**
 * Personio XML feed: GET {company}.jobs.personio.de/xml?language=en gives `<workzag-jobs>` with one
 * `<position>` per job: id, subcompany, office, additionalOffices/office, department, name,
 * jobDescriptions/jobDescription (name + HTML value), employmentType, schedule, seniority,
 * createdAt. The job page (and application form) is {origin}/job/{id}.
 */
/** An internship or freelance contract says more than the schedule; a permanent job's schedule says full or part time. */
function employmentOf(position: Obj): string | undefined {
  const contract = employmentTypeOf(text(position.employmentType))
  return contract && contract !== 'full_time' ? contract : (employmentTypeOf(text(position.schedule)) ?? contract)
}

export const personio: Adapter = {
  kind: 'personio',
  label: 'Personio',
  tokenHelp: 'account subdomain (<company>.jobs.personio.de)',
  defaultUrl: (token) => `https://${encodeURIComponent(token)}.jobs.personio.de/xml?language=en`,
  async list(board, { http, signal }) {
    const doc = parseXml(await http.get(board.url, { signal, accept: 'application/xml, text/xml' }), 'the Personio feed')
    const root = doc['workzag-jobs']
    if (root === undefined) throw new CrawlError('the Personio feed has no <workzag-jobs> root')
    const origin = new URL(board.url).origin
    return collect(isObject(root) ? asArray(root.position) : [], 'position', (position) => {
      const id = text(position.id)
      const offices = [text(position.office), ...(isObject(position.additionalOffices) ? asArray(position.additionalOffices.office).map(text) : [])].filter(Boolean)
      const sections = isObject(position.jobDescriptions) ? asArray(position.jobDescriptions.jobDescription).filter(isObject) : []
      return {
        id,
        title: text(position.name),
        record: {
          title: text(position.name),
          company: text(position.subcompany) ?? board.company,
          url: id ? `${origin}/job/${encodeURIComponent(id)}` : undefined,
          location: offices.join(' / ') || undefined,
          description: sections.map((s) => `<h3>${text(s.name) ?? ''}</h3>${text(s.value) ?? ''}`).join('\n') || undefined,
          posted_at: dateOf(text(position.createdAt)),
          work_mode: offices.some((o) => /^remote$/i.test(o!)) ? 'remote' : undefined,
          employment_type: employmentOf(position),
        },
      }
    })
  },
}
