import { foldText } from '../vocabulary/fold.ts'

/**
 * Section headings of a résumé in English, German, French and Spanish. A line is a heading when,
 * folded (lower case, no accents) and stripped of a trailing colon, it is one of these names.
 */
export type SectionName = 'summary' | 'experience' | 'education' | 'skills' | 'languages' | 'certifications' | 'projects' | 'links' | 'contact' | 'other'

const HEADINGS: Record<Exclude<SectionName, 'other'>, string[]> = {
  summary: ['summary', 'profile', 'professional summary', 'about', 'about me', 'objective', 'career objective', 'profil', 'zusammenfassung', 'uber mich', 'kurzprofil', 'resume', 'a propos', 'a propos de moi', 'perfil', 'resumen', 'sobre mi', 'perfil profesional'],
  experience: ['experience', 'work experience', 'professional experience', 'employment', 'employment history', 'work history', 'career', 'career history', 'berufserfahrung', 'erfahrung', 'beruflicher werdegang', 'werdegang', 'berufliche erfahrung', 'experience professionnelle', 'experiences professionnelles', 'experiences', 'parcours professionnel', 'experiencia', 'experiencia profesional', 'experiencia laboral'],
  education: ['education', 'academic background', 'studies', 'ausbildung', 'bildung', 'bildungsweg', 'studium', 'formation', 'education et formation', 'formations', 'educacion', 'formacion', 'formacion academica', 'estudios'],
  skills: ['skills', 'technical skills', 'core skills', 'key skills', 'competencies', 'technologies', 'tech stack', 'skills & tools', 'kenntnisse', 'fahigkeiten', 'fachkenntnisse', 'kompetenzen', 'it-kenntnisse', 'technische kenntnisse', 'competences', 'competences techniques', 'habilidades', 'competencias', 'conocimientos', 'habilidades tecnicas'],
  languages: ['languages', 'language skills', 'sprachen', 'sprachkenntnisse', 'langues', 'competences linguistiques', 'idiomas', 'lenguas'],
  certifications: ['certifications', 'certificates', 'licenses & certifications', 'licenses and certifications', 'zertifikate', 'zertifizierungen', 'weiterbildung', 'certificats', 'certificaciones', 'certificados'],
  projects: ['projects', 'personal projects', 'side projects', 'selected projects', 'open source', 'projekte', 'projets', 'projets personnels', 'proyectos', 'proyectos personales'],
  links: ['links', 'online', 'profiles', 'liens', 'enlaces'],
  contact: ['contact', 'contact details', 'contact information', 'kontakt', 'kontaktdaten', 'coordonnees', 'contacto', 'datos de contacto'],
}

const LOOKUP = new Map<string, SectionName>()
for (const [name, words] of Object.entries(HEADINGS)) for (const word of words) LOOKUP.set(word, name as SectionName)

export function headingOf(line: string): SectionName | null {
  if (line.length > 40) return null
  const folded = foldText(line).replace(/[:：]\s*$/, '').replace(/\s+/g, ' ').trim()
  return LOOKUP.get(folded) ?? null
}

export interface Section {
  name: SectionName
  lines: string[]
}

/** The lines before the first heading (the header) and each section's lines. */
export function splitSections(lines: string[]): { header: string[]; sections: Section[] } {
  const header: string[] = []
  const sections: Section[] = []
  for (const line of lines) {
    const name = headingOf(line)
    if (name) sections.push({ name, lines: [] })
    else if (sections.length) sections.at(-1)!.lines.push(line)
    else header.push(line)
  }
  return { header, sections }
}

export const BULLET = /^\s*[•·▪◦●■*–—-]\s+/
export const stripBullet = (line: string) => line.replace(BULLET, '').trim()
