import { linesPdf, makeDocx, twoColumnPdf } from './files.ts'

/**
 * A corpus of résumés for measuring extraction: people × languages × date styles × layouts (one
 * column PDF, sidebar PDF, DOCX, pasted text, a two-page PDF), each with the fields a correct
 * parse must find. Generated, so the truth is known exactly and no personal data is shipped.
 */
type Lang = 'en' | 'de' | 'fr' | 'es'
type Layout = 'pdf' | 'two-column' | 'docx' | 'text' | 'long-pdf'

interface Job {
  title: string
  company: string
  start: [number, number]
  end: [number, number] | null
  bullets: string[]
}

export interface Truth {
  full_name: string
  email: string
  phone: string
  experience: { title: string; company: string; start: string; end: string }[]
  institution: string
  skills: string[]
}

export interface CorpusEntry {
  name: string
  layout: Layout
  file: Buffer | null
  text: string | null
  truth: Truth
}

const HEADINGS: Record<Lang, { summary: string; experience: string; education: string; skills: string; languages: string; now: string }> = {
  en: { summary: 'Summary', experience: 'Work Experience', education: 'Education', skills: 'Skills', languages: 'Languages', now: 'Present' },
  de: { summary: 'Profil', experience: 'Berufserfahrung', education: 'Ausbildung', skills: 'Kenntnisse', languages: 'Sprachen', now: 'heute' },
  fr: { summary: 'Profil', experience: 'Expérience professionnelle', education: 'Formation', skills: 'Compétences', languages: 'Langues', now: "aujourd'hui" },
  es: { summary: 'Perfil', experience: 'Experiencia profesional', education: 'Formación', skills: 'Habilidades', languages: 'Idiomas', now: 'actualidad' },
}
const MONTHS: Record<Lang, string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
}
type DateStyle = 'month-name' | 'slash' | 'dot' | 'iso'
const pad = (n: number) => String(n).padStart(2, '0')
function dateText(date: [number, number], style: DateStyle, lang: Lang): string {
  const [year, month] = date
  if (style === 'month-name') return `${MONTHS[lang][month - 1]} ${year}`
  if (style === 'slash') return `${pad(month)}/${year}`
  if (style === 'dot') return `${pad(month)}.${year}`
  return `${year}-${pad(month)}`
}

const PEOPLE = [
  { name: 'Jane Doe', email: 'jane.doe@example.com', phone: '+49 30 1234567', city: 'Berlin, Germany', school: 'TU Berlin', degree: 'M.Sc. Computer Science' },
  { name: 'Lukas Schneider', email: 'lukas@schneider.dev', phone: '+49 89 7654321', city: 'München, Deutschland', school: 'Technische Universität München', degree: 'B.Sc. Informatik' },
  { name: 'Camille Martin', email: 'camille.martin@example.fr', phone: '+33 6 12 34 56 78', city: 'Lyon, France', school: 'Université Lyon 1', degree: 'Master Informatique' },
  { name: 'Lucía García', email: 'lucia.garcia@example.es', phone: '+34 612 345 678', city: 'Madrid, España', school: 'Universidad Politécnica de Madrid', degree: 'Grado en Ingeniería Informática' },
  { name: 'Michael Brown', email: 'mbrown@example.com', phone: '+1 415 555 0134', city: 'Austin, Texas', school: 'University of Texas', degree: 'B.Sc. Computer Engineering' },
  { name: 'Aisha Khan', email: 'aisha.khan@example.co.uk', phone: '+44 20 7946 0958', city: 'London, United Kingdom', school: 'Imperial College London', degree: 'MEng Computing' },
]
const COMPANIES = ['Acme GmbH', 'Globex Inc', 'Initech Ltd', 'Umbrella SAS', 'Hooli', 'Stark Industries', 'Wayne Enterprises', 'Cyberdyne Systems']
const TITLES: Record<Lang, string[]> = {
  en: ['Senior Backend Engineer', 'Software Engineer', 'Data Engineer', 'Frontend Developer'],
  de: ['Senior Backend-Entwickler', 'Softwareentwickler', 'Data Engineer', 'Frontend-Entwickler'],
  fr: ['Ingénieur backend senior', 'Développeur logiciel', 'Data Engineer', 'Développeur frontend'],
  es: ['Ingeniero backend senior', 'Desarrollador de software', 'Data Engineer', 'Desarrollador frontend'],
}
const STACKS = [['go', 'postgresql', 'kubernetes'], ['python', 'django', 'aws'], ['typescript', 'react', 'nodejs'], ['java', 'spring', 'kafka'], ['rust', 'docker', 'terraform']]
const SKILL_NAMES: Record<string, string> = { go: 'Go', postgresql: 'PostgreSQL', kubernetes: 'Kubernetes', python: 'Python', django: 'Django', aws: 'AWS', typescript: 'TypeScript', react: 'React', nodejs: 'Node.js', java: 'Java', spring: 'Spring', kafka: 'Kafka', rust: 'Rust', docker: 'Docker', terraform: 'Terraform' }

const LAYOUTS: Layout[] = ['pdf', 'two-column', 'docx', 'text', 'long-pdf']
const LANGS: Lang[] = ['en', 'de', 'fr', 'es']
const STYLES: DateStyle[] = ['month-name', 'slash', 'dot', 'iso']

function entry(i: number): CorpusEntry {
  const person = PEOPLE[i % PEOPLE.length]!
  const lang = LANGS[i % LANGS.length]!
  const layout = LAYOUTS[i % LAYOUTS.length]!
  const style = STYLES[Math.floor(i / 2) % STYLES.length]!
  const stack = STACKS[i % STACKS.length]!
  const h = HEADINGS[lang]
  const jobCount = layout === 'long-pdf' ? 11 : 2 + (i % 2)
  const jobs: Job[] = Array.from({ length: jobCount }, (_, j) => ({
    title: TITLES[lang][(i + j) % 4]!,
    company: COMPANIES[(i + j) % COMPANIES.length]!,
    start: [2023 - 3 * (j + 1), 1 + ((i + j) % 12)] as [number, number],
    end: j === 0 ? null : ([2023 - 3 * j, 1 + ((i + j + 3) % 12)] as [number, number]),
    bullets: [`Built ${SKILL_NAMES[stack[j % 3]!]} services handling ${(j + 2) * 10}k requests per minute`, `Reduced cloud costs by ${15 + j}% across ${3 + j} teams`],
  }))
  const range = (job: Job) => `${dateText(job.start, style, lang)} – ${job.end ? dateText(job.end, style, lang) : h.now}`
  // Header styles alternate: "Title — Company | dates", "Title at Company" over the dates, "Company, City" over the title.
  const jobLines = jobs.flatMap((job, j) => {
    const variant = (i + j) % 3
    const head = variant === 0 ? [`${job.title} — ${job.company} | ${range(job)}`] : variant === 1 ? [`${job.title}, ${job.company}`, range(job)] : [`${job.company} | ${range(job)}`, job.title]
    return [...head, ...job.bullets.map((bullet) => `• ${bullet}`)]
  })
  const main = [
    person.name,
    TITLES[lang][i % 4]!,
    ...(layout === 'two-column' ? [] : [`${person.city} | ${person.email} | ${person.phone}`]),
    h.summary,
    `Engineer with ${jobCount * 3} years of experience in ${stack.map((slug) => SKILL_NAMES[slug]).join(', ')}.`,
    h.experience,
    ...jobLines,
    h.education,
    `${person.degree}, ${person.school}, ${2023 - 3 * jobCount - 1}`,
    ...(layout === 'two-column' ? [] : [h.skills, stack.map((slug) => SKILL_NAMES[slug]).join(', '), h.languages, 'English (C1), German (B2)']),
  ]
  const sidebar = [person.email, person.phone, person.city, h.skills, ...stack.map((slug) => SKILL_NAMES[slug]!), h.languages, 'English (C1)']
  const truth: Truth = {
    full_name: person.name,
    email: person.email,
    phone: person.phone,
    experience: jobs.map((job) => ({ title: job.title, company: job.company, start: `${job.start[0]}-${pad(job.start[1])}`, end: job.end ? `${job.end[0]}-${pad(job.end[1])}` : 'present' })),
    institution: person.school,
    skills: stack,
  }
  const name = `${String(i + 1).padStart(2, '0')}-${layout}-${lang}-${style}`
  if (layout === 'text') return { name, layout, file: null, text: main.join('\n'), truth }
  if (layout === 'docx') return { name, layout, file: makeDocx(main), text: null, truth }
  if (layout === 'two-column') return { name, layout, file: twoColumnPdf(sidebar, main), text: null, truth }
  return { name, layout, file: linesPdf(main), text: null, truth }
}

export function resumeCorpus(size = 24): CorpusEntry[] {
  return Array.from({ length: size }, (_, i) => entry(i))
}

/** Field-level agreement of a parse with the truth: each scalar, each job's four fields, the school, each skill. */
export function scoreParse(structured: any, truth: Truth): { correct: number; total: number; misses: string[] } {
  const misses: string[] = []
  let correct = 0
  let total = 0
  const check = (label: string, ok: boolean) => {
    total++
    if (ok) correct++
    else misses.push(label)
  }
  const s = structured ?? {}
  check('full_name', s.full_name === truth.full_name)
  check('email', s.email === truth.email)
  check('phone', s.phone === truth.phone)
  truth.experience.forEach((job, j) => {
    const got = s.experience?.[j] ?? {}
    for (const key of ['title', 'company', 'start', 'end'] as const) check(`experience[${j}].${key}`, got[key] === job[key])
  })
  check('education.institution', s.education?.[0]?.institution === truth.institution)
  for (const skill of truth.skills) check(`skill ${skill}`, (s.skills ?? []).includes(skill))
  return { correct, total, misses }
}
