import { execFileSync } from 'node:child_process'
import type { DB } from '../db/connection.ts'
import type { CvDocument } from './document.ts'
import { baseCv, type CvRow } from './store.ts'
import { renderCvPdf } from './render.ts'
import { cvText } from './job-match.ts'
import { skillsInText } from '../vocabulary/skill-names.ts'
import { conflict } from '../errors.ts'

/**
 * Did tailoring help an applicant tracking system read the CV? Both CVs are typeset with the
 * tailored CV's template and typography, their PDF text layers are read back (poppler's
 * pdftotext, as an ATS would parse the file) and scored against the job: keywords, standard
 * sections, contact details and how much of the written text survives extraction.
 */
const SECTIONS = ['SUMMARY', 'EXPERIENCE', 'EDUCATION', 'SKILLS']

function pdfText(pdf: Buffer): string | null {
  try {
    return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

const pct = (part: number, whole: number) => (whole === 0 ? 100 : Math.round((100 * part) / whole))

function score(text: string, document: CvDocument, jobSkills: string[]) {
  const found = new Set(skillsInText(text))
  const keywords = jobSkills.filter((s) => found.has(s))
  const upper = text.toUpperCase()
  const sections = SECTIONS.filter((s) => upper.includes(s))
  const contact = [/[\w.+-]+@[\w-]+\.[\w.]+/.test(text) ? 'email' : '', /\+?\d[\d ()-]{6,}\d/.test(text) ? 'phone' : ''].filter(Boolean)
  const words = [...new Set(cvText({ ...document, header: {} }).toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 3))]
  const flat = text.toLowerCase()
  const kept = words.filter((w) => flat.includes(w))
  return [
    { id: 'keywords', label: 'Job keywords', value: pct(keywords.length, jobSkills.length), items: keywords },
    { id: 'sections', label: 'Standard sections', value: pct(sections.length, SECTIONS.length), items: sections.map((s) => s.toLowerCase()) },
    { id: 'contact', label: 'Contact details', value: pct(contact.length, 2), items: contact },
    { id: 'parseable', label: 'Text an ATS can read', value: pct(kept.length, words.length) },
  ]
}

export function atsDelta(db: DB, userId: number, row: CvRow) {
  if (row.kind !== 'tailored') throw conflict('not a tailored CV')
  if (row.job_id === null) throw conflict('the vacancy is gone')
  const base = baseCv(db, userId)
  if (!base) throw conflict('no base CV')
  const tailoredDoc = JSON.parse(row.document) as CvDocument
  const baseDoc = { ...(JSON.parse(base.document) as CvDocument), margins: tailoredDoc.margins, style: tailoredDoc.style }
  const tailoredText = pdfText(renderCvPdf(row))
  const baseText = tailoredText === null ? null : pdfText(renderCvPdf({ ...row, document: JSON.stringify(baseDoc) }))
  if (tailoredText === null || baseText === null) return { available: false, reason: 'pdftotext (poppler-utils) is not installed on this server', base_cv_id: base.id }
  const jobSkills = (db.prepare('SELECT skill FROM job_skills WHERE job_id = ? ORDER BY skill').all(row.job_id) as { skill: string }[]).map((s) => s.skill)
  const before = score(baseText, baseDoc, jobSkills)
  const after = score(tailoredText, tailoredDoc, jobSkills)
  const categories = after.map((c, i) => ({ id: c.id, label: c.label, base: before[i].value, tailored: c.value, change: c.value - before[i].value, ...(c.items ? { items: c.items } : {}) }))
  const mean = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / values.length)
  const baseScore = mean(before.map((c) => c.value))
  const tailoredScore = mean(after.map((c) => c.value))
  const worst = [...categories].sort((a, b) => a.change - b.change)[0]
  return {
    available: true,
    base_cv_id: base.id,
    delta: { base: baseScore, tailored: tailoredScore, change: tailoredScore - baseScore, categories, regressed: tailoredScore < baseScore, ...(worst.change < 0 ? { worst_category: worst.id } : {}) },
  }
}
