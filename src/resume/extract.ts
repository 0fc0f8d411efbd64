import { extractSkills } from '../vocabulary/skills.ts'
import { classifyTitle, seniorityFromYears } from '../vocabulary/titles.ts'
import type { StructuredResume } from './parse.ts'

/**
 * The quick read of a résumé the profile form pre-fills from: skill slugs (the enrichment
 * dictionary), job categories and a seniority, from the headline and the job titles the parse
 * found, or else the opening of the text (about 120 characters, as the reference service reads).
 */
export interface ResumeFacts {
  skills: string[]
  categories: string[]
  seniority?: string
}

export function resumeFacts(text: string, structured: StructuredResume | null): ResumeFacts {
  const skills = [...new Set([...(structured?.skills ?? []), ...extractSkills(text).map((skill) => skill.slug)])]
  const titles = [structured?.headline, ...(structured?.experience ?? []).map((entry) => entry.title)].filter((title): title is string => !!title)
  if (titles.length === 0) titles.push(text.replace(/\S+@\S+|\+?\d[\d ()-]{6,}/g, ' ').slice(0, 120))
  const facts = titles.map(classifyTitle)
  const categories = [...new Set(facts.map((fact) => fact.category).filter((category) => category !== 'other'))]
  const facts0 = facts.find((fact) => fact.seniority)
  const seniority = facts0?.seniority ?? seniorityFromYears(structured?.total_years)
  return seniority ? { skills, categories, seniority } : { skills, categories }
}
