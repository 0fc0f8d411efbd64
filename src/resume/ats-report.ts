import { skillsInText } from '../vocabulary/skill-names.ts'
import type { StructuredResume } from './parse.ts'

/**
 * The ATS report: how an applicant-tracking system would read the stored résumé for a role,
 * scored deterministically in five categories (maxima 40/15/20/15/10, 100 in all). Keywords are
 * the role's top skills in the market; `strong_keywords` are those the résumé shows,
 * `recommended_keywords` the ones it lacks, most asked-for first. `potential` is the score with
 * every recommended keyword added. `reviewed` is false: no language model reviewed it.
 */
export type ItemStatus = 'pass' | 'warn' | 'fail'
export interface ReportItem {
  points: number
  text: string
  status: ItemStatus
}
export interface ReportCategory {
  id: string
  label: string
  score: number
  max: number
  items: ReportItem[]
}
export interface AtsReport {
  overall: number
  potential: number
  categories: ReportCategory[]
  strong_keywords: string[]
  recommended_keywords: string[]
  reviewed: boolean
}

const item = (points: number, max: number, text: string): ReportItem => ({ points, text, status: points >= max ? 'pass' : points > 0 ? 'warn' : 'fail' })
const check = (ok: boolean, max: number, pass: string, fail: string) => item(ok ? max : 0, max, ok ? pass : fail)
const category = (id: string, label: string, max: number, items: ReportItem[]): ReportCategory => ({ id, label, max, items, score: Math.min(max, items.reduce((sum, entry) => sum + entry.points, 0)) })

export function atsReport(text: string, structured: StructuredResume | null, roleSkills: string[]): AtsReport {
  const s = structured ?? {}
  const shown = new Set(skillsInText(text))
  const strong = roleSkills.filter((skill) => shown.has(skill))
  const recommended = roleSkills.filter((skill) => !shown.has(skill))
  const keywordPoints = roleSkills.length ? Math.round((40 * strong.length) / roleSkills.length) : 40
  const keywords = category('keyword_strength', 'Keyword strength', 40, [
    item(keywordPoints, 40, roleSkills.length ? `The résumé names ${strong.length} of the role's ${roleSkills.length} most asked-for skills.` : 'No open postings for this role to compare with; keywords are not scored.'),
  ])

  const experience = s.experience ?? []
  const format = category('format_compliance', 'Format compliance', 15, [
    check(!!s.email, 4, 'An e-mail address is readable.', 'No e-mail address could be read.'),
    check(!!s.phone, 3, 'A phone number is readable.', 'No phone number could be read.'),
    check(!!structured, 4, 'Section headings are recognised.', 'No standard section headings (Experience, Education, Skills…) were recognised.'),
    check(experience.length > 0 && experience.every((entry) => entry.start), 4, 'Every position has dates in a standard format.', 'Positions lack dates a parser can read (use e.g. 03/2021 – present).'),
  ])

  const sections = category('section_completeness', 'Section completeness', 20, [
    check(!!s.summary, 4, 'A summary opens the résumé.', 'Add a short summary.'),
    check(experience.length > 0, 6, 'An experience section lists positions.', 'No experience section with positions was found.'),
    check(!!s.education?.length, 4, 'An education section is present.', 'No education section was found.'),
    check(!!s.skills?.length, 4, 'Skills are listed.', 'No skills section was found.'),
    check(!!(s.languages?.length || s.certifications?.length), 2, 'Languages or certifications are listed.', 'Add languages or certifications.'),
  ])

  const bullets = [...experience.flatMap((entry) => entry.highlights ?? []), ...(s.projects ?? []).flatMap((project) => project.highlights ?? [])]
  const measured = bullets.filter((bullet) => /\d/.test(bullet)).length
  const share = bullets.length ? measured / bullets.length : 0
  const wordsPer = bullets.length ? bullets.reduce((sum, bullet) => sum + bullet.split(/\s+/).length, 0) / bullets.length : 0
  const content = category('content_quality', 'Content quality', 15, [
    item(share >= 0.5 ? 8 : share >= 0.2 ? 4 : 0, 8, `${measured} of ${bullets.length} achievements carry a number (aim for half or more).`),
    item(wordsPer >= 6 && wordsPer <= 35 ? 4 : bullets.length ? 2 : 0, 4, bullets.length ? `Achievements average ${Math.round(wordsPer)} words (6 to 35 reads best).` : 'No bullet-point achievements were found.'),
    check(experience.length > 0 && experience.every((entry) => entry.highlights?.length), 3, 'Every position lists achievements.', 'Some positions list no achievements.'),
  ])

  const words = text.split(/\s+/).filter(Boolean).length
  const density = category('length_density', 'Length and density', 10, [
    item(words >= 300 && words <= 1200 ? 6 : (words >= 150 && words < 300) || (words > 1200 && words <= 2000) ? 3 : 0, 6, `${words} words (300 to 1200 fits one or two pages).`),
    item(shown.size >= 8 ? 4 : shown.size >= 4 ? 2 : 0, 4, `${shown.size} distinct skills are named.`),
  ])

  const categories = [keywords, format, sections, content, density]
  const overall = categories.reduce((sum, entry) => sum + entry.score, 0)
  return { overall, potential: overall - keywords.score + 40, categories, strong_keywords: strong, recommended_keywords: recommended.slice(0, 10), reviewed: false }
}
