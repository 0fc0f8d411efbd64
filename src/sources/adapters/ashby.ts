import type { Adapter } from './adapter.ts'
import { asArray, collect, dateOf, employmentTypeOf, isObject, parseJson, salaryOf, str, workModeOf, type Obj } from './fields.ts'
import { CrawlError } from '../board-url.ts'

/**
 * Ashby job board API: GET api.ashbyhq.com/posting-api/job-board/{name}?includeCompensation=true
 * gives `{ apiVersion, jobs: [{ id, title, location, secondaryLocations, isListed, isRemote,
 * workplaceType, descriptionHtml, publishedAt, employmentType, address: { postalAddress },
 * jobUrl, applyUrl, compensation: { compensationTiers: [{ components: [...] }] } }] }`.
 * Unlisted jobs (isListed false) are not on the public board, so they count as not listed.
 */
function salaryComponent(job: Obj): Obj {
  const compensation = isObject(job.compensation) ? job.compensation : {}
  const components = [...asArray(compensation.summaryComponents), ...asArray(compensation.compensationTiers).flatMap((t) => (isObject(t) ? asArray(t.components) : []))]
  const salary = components.find((c) => isObject(c) && c.compensationType === 'Salary') as Obj | undefined
  return salary ? salaryOf(salary.minValue, salary.maxValue, salary.currencyCode, salary.interval) : {}
}

export const ashby: Adapter = {
  kind: 'ashby',
  label: 'Ashby',
  tokenHelp: 'job board name (jobs.ashbyhq.com/<name>)',
  defaultUrl: (token) => `https://api.ashbyhq.com/posting-api/job-board/${encodeURIComponent(token)}?includeCompensation=true`,
  async list(board, { http, signal }) {
    const body = parseJson(await http.get(board.url, { signal }), 'the Ashby job board')
    if (!isObject(body) || !Array.isArray(body.jobs)) throw new CrawlError('the Ashby job board has no "jobs" list')
    return collect(body.jobs, 'job', (job) => {
      if (job.isListed === false) return null
      const address = isObject(job.address) && isObject(job.address.postalAddress) ? job.address.postalAddress : {}
      return {
        id: str(job.id) ?? str(job.jobUrl),
        record: {
          title: str(job.title),
          company: board.company,
          url: str(job.applyUrl) ?? str(job.jobUrl),
          source_url: str(job.jobUrl),
          location: [str(job.location), ...asArray(job.secondaryLocations).map((l) => (isObject(l) ? str(l.location) : undefined))].filter(Boolean).join(' / ') || undefined,
          description: str(job.descriptionHtml) ?? str(job.descriptionPlain),
          posted_at: dateOf(job.publishedAt),
          work_mode: workModeOf(job.workplaceType) ?? (job.isRemote === true ? 'remote' : undefined),
          cities: str(address.addressLocality) ? [str(address.addressLocality)] : undefined,
          countries: str(address.addressCountry) ? [str(address.addressCountry)] : undefined,
          employment_type: employmentTypeOf(job.employmentType),
          ...salaryComponent(job),
        },
      }
    })
  },
}
