import { extractSkills } from '../vocabulary/skills.ts'
import { linksIn, parseContacts, type Contacts } from './contacts-parse.ts'
import { findRange, SINGLE_DATE, totalYears } from './dates.ts'
import { parseEntries, type ExperienceEntry } from './entries.ts'
import { BULLET, splitSections, stripBullet, type Section } from './sections.ts'

/**
 * The structured résumé, parsed deterministically from its text: the header gives name, headline
 * and contacts; headings in four languages split the rest into sections, each read by its own
 * rule. Skills go through the enrichment dictionary that postings use, so a résumé and a posting
 * name a skill by the same slug. A text with neither a name nor a recognised section fails with
 * the reason, and the résumé is still stored.
 */
export interface StructuredResume {
  full_name?: string
  headline?: string
  location?: string
  email?: string
  phone?: string
  summary?: string
  total_years?: number
  experience?: ExperienceEntry[]
  education?: { degree?: string; institution?: string; year?: string }[]
  languages?: string[]
  links?: string[]
  skills?: string[]
  certifications?: string[]
  projects?: { name?: string; link?: string; highlights?: string[] }[]
}

export type ParseResult = { status: 'ready'; structured: StructuredResume } | { status: 'failed'; detail: string }

const DEGREE = /(?<!\p{L})(bachelor|master|b\.?sc|m\.?sc|b\.?a\.?|m\.?a\.?|b\.?eng|m\.?eng|mba|ph\.?d|doctor|diplom|diploma|abitur|licence|license|licenciatura|grado|máster|maestría|doctorat|doctorado|ingénieur|ingeniero|associate|bts|dut)(?!\p{L})/iu
const INSTITUTION = /(?<!\p{L})(university|universität|universitat|université|universidad|college|school|hochschule|fachhochschule|institute|institut|instituto|école|ecole|escuela|academy|akademie|polytechnic|tu|eth|epfl)(?!\p{L})/iu

const clean = (lines: string[]) => lines.map((line) => line.trim()).filter(Boolean)

export function parseResume(text: string, today: Date): ParseResult {
  const lines = clean(text.split(/\r?\n/))
  const { header, sections } = splitSections(lines)
  const contacts = parseContacts(header, lines.join('\n'))
  const recognised = sections.filter((section) => section.name !== 'other')
  if (!contacts.full_name && recognised.length === 0) return { status: 'failed', detail: 'no name and no section headings were recognised in the résumé text' }
  const structured: StructuredResume = {}
  copyContacts(structured, contacts)
  const of = (name: Section['name']) => sections.filter((section) => section.name === name).flatMap((section) => section.lines)

  const summary = of('summary').join(' ').trim()
  if (summary) structured.summary = summary.slice(0, 2000)
  const experience = parseEntries(of('experience'))
  if (experience.length) {
    structured.experience = experience
    const years = totalYears(experience, today)
    if (years !== undefined) structured.total_years = years
  }
  const education = parseEducation(of('education'))
  if (education.length) structured.education = education
  const skillText = of('skills').join('\n') || lines.join('\n')
  const skills = [...new Set(extractSkills(skillText).map((skill) => skill.slug))]
  if (skills.length) structured.skills = skills
  const languages = items(of('languages'))
  if (languages.length) structured.languages = languages
  const certifications = of('certifications').map(stripBullet).filter(Boolean)
  if (certifications.length) structured.certifications = certifications
  const projects = parseProjects(of('projects'))
  if (projects.length) structured.projects = projects
  const links = linksIn(lines.join('\n'))
  if (links.length) structured.links = links.slice(0, 20)
  return { status: 'ready', structured }
}

function copyContacts(structured: StructuredResume, contacts: Contacts & { headline?: string }): void {
  for (const key of ['full_name', 'headline', 'location', 'email', 'phone'] as const) if (contacts[key]) structured[key] = contacts[key]
}

/** "English (C1), German – native" or one per line: each language with its level as written. */
function items(lines: string[]): string[] {
  return lines
    .flatMap((line) => stripBullet(line).split(/\s*[,;•|]\s*(?![^(]*\))/))
    .map((item) => item.replace(/^[\p{L} ]+:\s*(?=\p{L})/u, (label) => (label.length > 20 ? '' : label)).trim())
    .filter((item) => item.length > 1 && item.length <= 80)
}

function parseEducation(lines: string[]): NonNullable<StructuredResume['education']> {
  const entries: NonNullable<StructuredResume['education']> = []
  let current: NonNullable<StructuredResume['education']>[number] | null = null
  for (const raw of lines) {
    const line = stripBullet(raw)
    const range = findRange(line)
    const year = range ? (range.end === 'present' ? range.start : range.end).slice(0, 4) : SINGLE_DATE.exec(line)?.[1]?.match(/\d{4}/)?.[0]
    const text = (range ? range.rest : line.replace(SINGLE_DATE, ' ')).replace(/\s*[|,–—-]\s*$/, '').replace(/\s+/g, ' ').trim()
    const parts = text.split(/\s+[|–—·•]\s+|\s+-\s+|,\s+(?=\p{Lu})/u).filter(Boolean)
    const degree = parts.find((part) => DEGREE.test(part))
    const institution = parts.find((part) => INSTITUTION.test(part) && part !== degree)
    if ((degree && current?.degree) || (institution && current?.institution && !degree) || !current) {
      if (degree || institution) {
        current = {}
        entries.push(current)
      }
    }
    if (!current) continue
    if (degree && !current.degree) current.degree = degree
    if (institution && !current.institution) current.institution = institution
    if (year && !current.year) current.year = year
  }
  return entries.filter((entry) => entry.degree || entry.institution)
}

function parseProjects(lines: string[]): NonNullable<StructuredResume['projects']> {
  const projects: NonNullable<StructuredResume['projects']> = []
  for (const line of lines) {
    if (BULLET.test(line) && projects.length) {
      ;(projects.at(-1)!.highlights ??= []).push(stripBullet(line))
      continue
    }
    const link = linksIn(line)[0]
    const name = line.replace(/\(?\b(?:https?:\/\/)?[\w.-]+\.[a-z]{2,}\/\S*\)?/gi, '').split(/\s+[|–—:]\s+|:\s/)[0]!.trim()
    if (!name && !link) continue
    const project: NonNullable<StructuredResume['projects']>[number] = {}
    if (name) project.name = stripBullet(name)
    if (link) project.link = link
    projects.push(project)
  }
  return projects
}
