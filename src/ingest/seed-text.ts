import type { SeedRandom } from './seed-random.ts'

/** Everything a seeded posting states; the text written here is what enrichment later reads back. */
export interface PostingFacts {
  companyName: string
  companyPitch: string
  language: string
  title: string
  duties: string[]
  skills: string[]
  workMode: 'remote' | 'hybrid' | 'onsite' | null
  worldwide: boolean
  city: string | null
  countryName: string
  employmentType: string | null
  visa: boolean | null
  relocation: string | null
  english: string | null
  education: string | null
  clearance: 'us' | 'uk' | null
  experience: { min: number; max: number | null } | null
  salaryLine: string | null
  timezone: string | null
  vague: boolean
}

const BENEFITS = [
  'Private health, dental and vision insurance', '25 days of paid vacation plus public holidays', 'Stock options in a fast-growing company',
  'A yearly learning budget for courses, books and conferences', 'Home-office setup allowance', 'Flexible working hours',
  '16 weeks of paid parental leave', 'Pension plan with employer contribution', 'A new laptop of your choice',
  'Team offsites twice a year', 'Mental health support', 'Gym membership', 'Four-day work week in summer',
]

const ENGLISH_LINE: Record<string, string> = {
  none: 'No English required: the team works in the local language.',
  a1: 'Beginner English (A1) is fine: the team works in the local language.',
  a2: 'Basic English is enough for reading documentation.',
  b1: 'Good command of English, written and spoken.',
  b2: 'Upper-intermediate English (B2) or better.',
  c1: 'Fluent English (C1): you will work with an international team.',
  c2: 'English at C2 level, as you will write customer-facing documents.',
  native: 'Native-level English.',
}
const EDUCATION_LINE: Record<string, string> = {
  none: 'No degree required: we care about what you can do, not where you studied.',
  bachelor: 'BSc in Computer Science, Engineering or a related field.',
  master: "Master's degree in Computer Science, Mathematics or a related field.",
  phd: 'PhD in Machine Learning, Statistics, Physics or a related field.',
}
const EMPLOYMENT_LINE: Record<string, string> = {
  full_time: 'Full-time, permanent position.',
  part_time: 'This is a part-time role, 20–30 hours a week.',
  contract: 'This is a 6-month contract role with a possible extension.',
  internship: 'This is a paid internship of 3 to 6 months.',
  fellowship: 'A 12-month fellowship with mentoring from senior engineers.',
}

/** Short postings in other languages: the sentences a local posting would open and close with. */
const LOCAL: Record<string, { about: string; duties: string; requirements: string; offer: string; lines: string[]; salary: string; years?: (n: number) => string }> = {
  de: { about: 'Über uns', duties: 'Deine Aufgaben', requirements: 'Dein Profil', offer: 'Was wir bieten', lines: ['Du entwickelst und betreibst unsere Systeme mit dem Team', 'Du arbeitest eng mit Produkt und Design zusammen', 'Wir bieten flexible Arbeitszeiten und ein modernes Büro', 'Du bringst Erfahrung mit den folgenden Technologien mit'], salary: 'Gehalt' },
  fr: { about: 'À propos de nous', duties: 'Vos missions', requirements: 'Votre profil', offer: 'Ce que nous offrons', lines: ['Vous concevez et développez les services de la plateforme avec une équipe passionnée', 'Vous travaillez avec les équipes produit et design sur la feuille de route', 'Nous offrons des horaires flexibles et du télétravail partiel', 'Vous avez une expérience solide des technologies suivantes'], salary: 'Salaire' },
  es: { about: 'Sobre nosotros', duties: 'Tus responsabilidades', requirements: 'Lo que buscamos', offer: 'Lo que ofrecemos', lines: ['Diseñar y desarrollar los servicios de la plataforma con el equipo', 'Trabajar con los equipos de producto y diseño en el roadmap', 'Ofrecemos horario flexible y un equipo con buen ambiente', 'Tienes experiencia con las siguientes tecnologías'], salary: 'Salario' },
  pt: { about: 'Sobre nós', duties: 'O que você vai fazer', requirements: 'O que procuramos', offer: 'O que oferecemos', lines: ['Desenvolver e manter os serviços da plataforma com a equipe', 'Trabalhar com as equipes de produto e design no roadmap', 'Oferecemos horário flexível e um ambiente de aprendizado', 'Você tem experiência com as seguintes tecnologias'], salary: 'Salário' },
  nl: { about: 'Over ons', duties: 'Wat ga je doen', requirements: 'Wie ben jij', offer: 'Wat bieden wij', lines: ['Je bouwt en onderhoudt de services van het platform met het team', 'Je werkt samen met product en design aan de roadmap', 'Wij bieden flexibele werktijden en een mooi kantoor', 'Je hebt ervaring met de volgende technologieën'], salary: 'Salaris' },
  pl: { about: 'O nas', duties: 'Twoje zadania', requirements: 'Nasze wymagania', offer: 'Co oferujemy', lines: ['Projektowanie i rozwój usług platformy w zespole', 'Współpraca z zespołem produktu i designu nad roadmapą', 'Oferujemy elastyczne godziny pracy oraz prywatną opiekę medyczną', 'Doświadczenie w pracy z następującymi technologiami'], salary: 'Wynagrodzenie' },
  ru: { about: 'О компании', duties: 'Чем предстоит заниматься', requirements: 'Что мы ждём', offer: 'Что мы предлагаем', lines: ['Разрабатывать и поддерживать сервисы платформы вместе с командой', 'Работать с продуктовой командой и дизайнерами над новыми функциями', 'Гибкий график, ДМС и компенсация обучения', 'Опыт работы со следующими технологиями'], salary: 'Зарплата', years: (n) => `Опыт от ${n} лет` },
}

const li = (items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function workModeLine(f: PostingFacts, random: SeedRandom): string | null {
  if (f.workMode === 'remote') {
    if (f.worldwide) return random.pick(['This is a fully remote role: you can work from anywhere in the world.', 'We are a remote-first team and hire worldwide.'])
    return random.pick([`This is a fully remote role within ${f.countryName}.`, `Remote position: you can work from anywhere in ${f.countryName}.`])
  }
  if (f.workMode === 'hybrid') return `This is a hybrid role: ${random.int(2, 3)} days a week in our ${f.city ?? 'local'} office.`
  if (f.workMode === 'onsite') return `This role is on-site in our ${f.city ?? 'main'} office.`
  return null
}

function factsLines(f: PostingFacts, random: SeedRandom): string[] {
  const lines: string[] = []
  if (f.employmentType) lines.push(EMPLOYMENT_LINE[f.employmentType]!)
  const mode = workModeLine(f, random)
  if (mode) lines.push(mode)
  if (f.timezone) lines.push(`At least 4 hours of overlap with ${f.timezone} working hours.`)
  if (f.salaryLine) lines.push(f.salaryLine)
  if (f.visa === true) lines.push(random.pick(['Visa sponsorship is available for this role.', 'We sponsor work visas for the right candidate.']))
  if (f.visa === false) lines.push(random.pick(['We are unable to offer visa sponsorship.', `You must have the right to work in ${f.countryName}; we cannot sponsor visas.`]))
  if (f.relocation === 'supported') lines.push(random.pick(['Relocation package provided.', 'We help with relocation: flights, temporary housing and paperwork.']))
  if (f.relocation === 'required') lines.push(`Relocation to ${f.city ?? f.countryName} is required.`)
  if (f.relocation === 'not_supported') lines.push('No relocation support: local candidates only.')
  return lines
}

/** The HTML description of a seeded posting. */
export function writeDescription(f: PostingFacts, random: SeedRandom): string {
  if (f.vague) {
    return `<p>${f.companyName} is hiring a ${f.title}. Join a dynamic team and grow with us!</p><p>Apply now and we will get in touch.</p>`
  }
  const local = LOCAL[f.language]
  if (local) {
    const parts = [
      `<h3>${local.about}</h3><p>${f.companyName}: ${f.companyPitch}.</p>`,
      `<h3>${local.duties}</h3>${li([local.lines[0]!, local.lines[1]!])}`,
      `<h3>${local.requirements}</h3>${li([`${local.lines[3]}: ${f.skills.join(', ')}`, ...(f.experience && local.years ? [local.years(f.experience.min)] : [])])}`,
      `<h3>${local.offer}</h3>${li([local.lines[2]!])}`,
    ]
    if (f.salaryLine) parts.push(`<p>${local.salary}: ${f.salaryLine.replace(/^[^:]*:\s*/, '')}</p>`)
    return parts.join('')
  }
  const requirements: string[] = []
  if (f.experience) {
    requirements.push(
      f.experience.max !== null
        ? `${f.experience.min}–${f.experience.max} years of experience in a similar role`
        : `${f.experience.min}+ years of professional experience`,
    )
  }
  const [main, ...rest] = f.skills
  if (main) requirements.push(`Strong experience with ${main}${rest.length ? ` and ${rest.slice(0, 2).join(', ')}` : ''}`)
  if (rest.length > 2) requirements.push(`Nice to have: ${rest.slice(2).join(', ')}`)
  if (f.english) requirements.push(ENGLISH_LINE[f.english]!)
  if (f.education) requirements.push(EDUCATION_LINE[f.education]!)
  if (f.clearance === 'us') requirements.push('Active TS/SCI security clearance, or the ability to obtain one.')
  if (f.clearance === 'uk') requirements.push('You must hold or be eligible for SC clearance.')
  requirements.push(random.pick(['Clear written communication', 'A habit of writing things down', 'Curiosity and ownership', 'Comfort with ambiguity in a fast-moving team']))
  const facts = factsLines(f, random)
  return [
    `<h3>About ${f.companyName}</h3><p>${f.companyName} ${f.companyPitch}. We are looking for a ${f.title} to join us.</p>`,
    `<h3>What you'll do</h3>${li(f.duties.map(sentence))}`,
    `<h3>What we're looking for</h3>${li(requirements)}`,
    `<h3>Benefits</h3>${li(random.sample(BENEFITS, random.int(3, 5)))}`,
    facts.length ? `<p>${facts.join(' ')}</p>` : '',
  ].join('')
}
