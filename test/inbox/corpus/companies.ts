/**
 * The made-up employers and postings of the mail corpus: one application each, some companies
 * with two postings (so a mail naming only the company is ambiguous), some without a known
 * homepage (so only names link them). Languages say which templates write to them.
 */
export type Lang = 'en' | 'de' | 'fr' | 'es' | 'nl' | 'ru'

export interface Posting {
  slug: string
  title: string
  company: string
  companySlug: string
  /** The company's homepage domain when the catalogue knows it. */
  domain?: string
  /** The domain its people write from (often the homepage's; sometimes unknown to the catalogue). */
  mailDomain: string
  lang: Lang
  recruiter: string
}

export const POSTINGS: Posting[] = [
  { slug: 'backend-engineer-acme', title: 'Backend Engineer', company: 'Acme Analytics', companySlug: 'acme-analytics', domain: 'acme-analytics.example', mailDomain: 'acme-analytics.example', lang: 'en', recruiter: 'Sarah Mitchell' },
  { slug: 'platform-engineer-globex', title: 'Platform Engineer', company: 'Globex', companySlug: 'globex', mailDomain: 'globex.example', lang: 'en', recruiter: 'Tom Becker' },
  { slug: 'frontend-developer-umbrella', title: 'Frontend Developer', company: 'Umbrella Health', companySlug: 'umbrella-health', domain: 'umbrella-health.example', mailDomain: 'umbrella-health.example', lang: 'en', recruiter: 'Priya Raman' },
  { slug: 'sre-hooli', title: 'Site Reliability Engineer', company: 'Hooli', companySlug: 'hooli', domain: 'hooli.example', mailDomain: 'hooli.example', lang: 'en', recruiter: 'Gavin Liu' },
  { slug: 'security-engineer-wayne', title: 'Security Engineer', company: 'Wayne Fintech', companySlug: 'wayne-fintech', domain: 'waynefintech.example', mailDomain: 'waynefintech.example', lang: 'en', recruiter: 'Lucy Fox' },
  { slug: 'devops-engineer-wayne', title: 'DevOps Engineer', company: 'Wayne Fintech', companySlug: 'wayne-fintech', domain: 'waynefintech.example', mailDomain: 'waynefintech.example', lang: 'en', recruiter: 'Lucy Fox' },
  { slug: 'ios-engineer-stark', title: 'iOS Engineer', company: 'Stark Mobility', companySlug: 'stark-mobility', mailDomain: 'starkmobility.example', lang: 'en', recruiter: 'Nina Park' },
  { slug: 'java-entwickler-nordwind', title: 'Java Entwickler', company: 'Nordwind Logistik GmbH', companySlug: 'nordwind-logistik', domain: 'nordwind-logistik.example', mailDomain: 'nordwind-logistik.example', lang: 'de', recruiter: 'Katrin Vogel' },
  { slug: 'cloud-architekt-initech', title: 'Cloud Architekt', company: 'Initech AG', companySlug: 'initech', domain: 'initech.example', mailDomain: 'initech.example', lang: 'de', recruiter: 'Jonas Weber' },
  { slug: 'developpeur-full-stack-papier-soleil', title: 'Développeur Full Stack', company: 'Papier Soleil', companySlug: 'papier-soleil', domain: 'papiersoleil.example', mailDomain: 'papiersoleil.example', lang: 'fr', recruiter: 'Camille Durand' },
  { slug: 'ingeniero-de-datos-andinas', title: 'Ingeniero de Datos', company: 'Soluciones Andinas', companySlug: 'soluciones-andinas', domain: 'andinas.example', mailDomain: 'andinas.example', lang: 'es', recruiter: 'Lucía Fernández' },
  { slug: 'python-developer-tulpen', title: 'Python Developer', company: 'Tulpen Tech', companySlug: 'tulpen-tech', domain: 'tulpentech.example', mailDomain: 'tulpentech.example', lang: 'nl', recruiter: 'Sanne de Vries' },
  { slug: 'go-razrabotchik-volga', title: 'Go-разработчик', company: 'Волга Софт', companySlug: 'volga-soft', domain: 'volgasoft.example', mailDomain: 'volgasoft.example', lang: 'ru', recruiter: 'Анна Смирнова' },
]

/** ATS senders: the company name shows only in the display name (and the text). */
export const ATS_SENDERS = [
  { address: 'no-reply@us.greenhouse-mail.io', display: (company: string) => `${company} Recruiting` },
  { address: 'no-reply@hire.lever.co', display: (company: string) => company },
  { address: 'notification@smartrecruiters.com', display: (company: string) => `${company} Hiring Team` },
  { address: 'no-reply@ashbyhq.com', display: (company: string) => `${company} Talent` },
  { address: 'noreply@personio.de', display: (company: string) => `${company} Recruiting` },
  { address: 'jobs@teamtailor-mail.com', display: (company: string) => company },
  { address: 'no-reply@workablemail.com', display: (company: string) => `${company} (via Workable)` },
  { address: 'donotreply@myworkday.com', display: (company: string) => `${company} Careers` },
]
