/**
 * A Job (the API object) as a schema.org `JobPosting`, the structured data search engines read
 * from a job page (Google's job search needs title, description, datePosted, hiringOrganization
 * and a location or a remote statement). Only facts the posting states are written.
 */
type Job = Record<string, any>

const EMPLOYMENT: Record<string, string> = { full_time: 'FULL_TIME', part_time: 'PART_TIME', contract: 'CONTRACTOR', internship: 'INTERN', fellowship: 'OTHER' }
const PERIOD: Record<string, string> = { year: 'YEAR', month: 'MONTH', day: 'DAY', hour: 'HOUR' }

export function jobPostingLd(job: Job, pageUrl: string, companyHomepage?: string | null): Record<string, unknown> {
  const e = job.enrichment ?? {}
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description ?? '',
    datePosted: job.posted_at ?? job.created_at,
    url: pageUrl,
    hiringOrganization: { '@type': 'Organization', name: job.company, ...(companyHomepage ? { sameAs: companyHomepage } : {}) },
    identifier: { '@type': 'PropertyValue', name: job.source, value: String(job.external_id ?? job.public_slug) },
    directApply: false,
  }
  if (job.closed_at) ld.validThrough = job.closed_at
  if (e.employment_type && EMPLOYMENT[e.employment_type]) ld.employmentType = EMPLOYMENT[e.employment_type]
  const countries: string[] = job.countries ?? []
  if (job.work_mode === 'remote') {
    ld.jobLocationType = 'TELECOMMUTE'
    if (countries.length) ld.applicantLocationRequirements = countries.map((code) => ({ '@type': 'Country', name: code.toUpperCase() }))
  }
  const cities: string[] = job.cities ?? []
  if (job.work_mode !== 'remote' && (cities.length || countries.length)) {
    const places = cities.length ? cities.map((city) => ({ addressLocality: city, ...(countries.length === 1 ? { addressCountry: countries[0]!.toUpperCase() } : {}) })) : countries.map((code) => ({ addressCountry: code.toUpperCase() }))
    ld.jobLocation = places.map((address) => ({ '@type': 'Place', address: { '@type': 'PostalAddress', ...address } }))
  }
  if (e.salary_currency && (e.salary_min || e.salary_max)) {
    ld.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: e.salary_currency,
      value: { '@type': 'QuantitativeValue', ...(e.salary_min ? { minValue: e.salary_min } : {}), ...(e.salary_max ? { maxValue: e.salary_max } : {}), ...(e.salary_period && PERIOD[e.salary_period] ? { unitText: PERIOD[e.salary_period] } : {}) },
    }
  }
  if (e.experience_years_min) ld.experienceRequirements = { '@type': 'OccupationalExperienceRequirements', monthsOfExperience: e.experience_years_min * 12 }
  if (job.skills?.length) ld.skills = job.skills.join(', ')
  return ld
}
