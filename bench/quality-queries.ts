/**
 * The judged query set of the search-quality benchmark: 70 queries people type into job boards
 * (typos, aliases, titles, skills, phrases, exclusions), each with a judge that grades a posting of
 * the fixture catalogue by its labels: 2 = what the searcher wants, 1 = related, 0 = not relevant.
 * Judges read the labels (role, seniority, skills, the skills a title names), never the text
 * matched, so a search cannot grade itself.
 */
import type { Labels } from './quality-catalogue.ts'

export type Kind = 'typo' | 'alias' | 'title' | 'skill' | 'phrase' | 'exclusion'
export type Judge = (posting: Labels) => number

export interface JudgedQuery {
  q: string
  kind: Kind
  judge: Judge
}

/** The skill in the title: 2; asked for in the posting: 1. */
const skill = (slug: string): Judge => (p) => (p.titleSkills.has(slug) ? 2 : p.skills.has(slug) ? 1 : 0)
/** Postings of these roles: 2; of the related ones: 1. */
const role = (keys: string[], related: string[] = []): Judge => (p) => (keys.includes(p.role) ? 2 : related.includes(p.role) ? 1 : 0)
const titled = (pattern: RegExp): Judge => (p) => (pattern.test(p.title) ? 2 : 0)
const unless = (judge: Judge, excluded: (p: Labels) => boolean): Judge => (p) => (excluded(p) ? 0 : judge(p))
const senior = (p: Labels) => p.seniority === 'senior'

export const JUDGED_QUERIES: JudgedQuery[] = [
  // Typos
  { q: 'pyhton', kind: 'typo', judge: skill('python') },
  { q: 'javscript', kind: 'typo', judge: skill('javascript') },
  { q: 'kubernets', kind: 'typo', judge: skill('kubernetes') },
  { q: 'typscript', kind: 'typo', judge: skill('typescript') },
  { q: 'postgressql', kind: 'typo', judge: skill('postgresql') },
  { q: 'terrafrom', kind: 'typo', judge: skill('terraform') },
  { q: 'djnago developer', kind: 'typo', judge: role(['python-backend']) },
  { q: 'andriod developer', kind: 'typo', judge: role(['android']) },
  { q: 'machne learning', kind: 'typo', judge: role(['ml'], ['data-science']) },
  { q: 'enginer', kind: 'typo', judge: titled(/engineer/i) },
  { q: 'developr', kind: 'typo', judge: titled(/developer/i) },
  { q: 'desginer', kind: 'typo', judge: role(['designer']) },
  { q: 'data scientst', kind: 'typo', judge: role(['data-science'], ['ml']) },
  { q: 'secruity engineer', kind: 'typo', judge: role(['security']) },
  { q: 'product mangaer', kind: 'typo', judge: role(['product-manager']) },
  { q: 'kotiln', kind: 'typo', judge: skill('kotlin') },
  // Aliases
  { q: 'golang', kind: 'alias', judge: skill('go') },
  { q: 'golang developer', kind: 'alias', judge: role(['go-backend']) },
  { q: 'k8s', kind: 'alias', judge: skill('kubernetes') },
  { q: 'js', kind: 'alias', judge: skill('javascript') },
  { q: 'ts', kind: 'alias', judge: skill('typescript') },
  { q: 'front-end', kind: 'alias', judge: role(['frontend', 'vue-frontend'], ['fullstack']) },
  { q: 'front-end developer', kind: 'alias', judge: role(['frontend', 'vue-frontend'], ['fullstack']) },
  { q: 'postgres', kind: 'alias', judge: skill('postgresql') },
  { q: 'ml', kind: 'alias', judge: role(['ml'], ['data-science']) },
  { q: 'ML engineer', kind: 'alias', judge: role(['ml']) },
  { q: 'machine learning', kind: 'alias', judge: role(['ml'], ['data-science']) },
  { q: 'dotnet', kind: 'alias', judge: role(['dotnet']) },
  { q: '.net', kind: 'alias', judge: role(['dotnet']) },
  { q: '.net developer', kind: 'alias', judge: role(['dotnet']) },
  { q: 'nodejs', kind: 'alias', judge: skill('nodejs') },
  { q: 'reactjs', kind: 'alias', judge: skill('react') },
  { q: 'amazon web services', kind: 'alias', judge: skill('aws') },
  { q: 'sre', kind: 'alias', judge: role(['devops']) },
  { q: 'full-stack', kind: 'alias', judge: role(['fullstack']) },
  { q: 'fullstack developer', kind: 'alias', judge: role(['fullstack']) },
  { q: 'csharp', kind: 'alias', judge: skill('csharp') },
  { q: 'cpp', kind: 'alias', judge: skill('cpp') },
  // Titles
  { q: 'data engineer', kind: 'title', judge: role(['data-engineering']) },
  { q: 'product manager', kind: 'title', judge: role(['product-manager']) },
  { q: 'devops engineer', kind: 'title', judge: role(['devops']) },
  { q: 'engineering manager', kind: 'title', judge: role(['engineering-manager']) },
  { q: 'data scientist', kind: 'title', judge: role(['data-science'], ['ml']) },
  { q: 'ios developer', kind: 'title', judge: role(['ios']) },
  { q: 'security engineer', kind: 'title', judge: role(['security']) },
  { q: 'java developer', kind: 'title', judge: role(['java-backend']) },
  { q: 'staff engineer', kind: 'title', judge: (p) => (p.seniority === 'staff' && /engineer/i.test(p.title) ? 2 : 0) },
  { q: 'network administrator', kind: 'title', judge: role(['network']) },
  { q: 'platform engineer', kind: 'title', judge: role(['devops']) },
  { q: 'qa engineer', kind: 'title', judge: role(['qa']) },
  // Skills
  { q: 'python', kind: 'skill', judge: skill('python') },
  { q: 'java', kind: 'skill', judge: skill('java') },
  { q: 'go', kind: 'skill', judge: skill('go') },
  { q: 'rust', kind: 'skill', judge: skill('rust') },
  { q: 'react', kind: 'skill', judge: skill('react') },
  { q: 'aws', kind: 'skill', judge: skill('aws') },
  { q: 'c++', kind: 'skill', judge: skill('cpp') },
  { q: 'c#', kind: 'skill', judge: skill('csharp') },
  { q: 'node.js', kind: 'skill', judge: skill('nodejs') },
  { q: 'kotlin', kind: 'skill', judge: skill('kotlin') },
  // Phrases
  { q: '"data engineer"', kind: 'phrase', judge: role(['data-engineering']) },
  { q: '"machine learning engineer"', kind: 'phrase', judge: role(['ml']) },
  { q: '"product designer"', kind: 'phrase', judge: titled(/product designer/i) },
  { q: '"full stack"', kind: 'phrase', judge: role(['fullstack']) },
  { q: '"engineering manager"', kind: 'phrase', judge: role(['engineering-manager']) },
  // Exclusions
  { q: 'data engineer -senior', kind: 'exclusion', judge: unless(role(['data-engineering']), senior) },
  { q: '"data engineer" -senior', kind: 'exclusion', judge: unless(role(['data-engineering']), senior) },
  { q: 'python -django', kind: 'exclusion', judge: unless(skill('python'), (p) => p.skills.has('django')) },
  { q: 'developer -java', kind: 'exclusion', judge: unless(titled(/developer/i), (p) => p.skills.has('java')) },
  { q: 'engineer -senior -lead -staff', kind: 'exclusion', judge: unless(titled(/engineer/i), (p) => ['senior', 'lead', 'staff'].includes(p.seniority)) },
  { q: 'frontend -react', kind: 'exclusion', judge: unless(role(['frontend', 'vue-frontend']), (p) => p.skills.has('react')) },
  { q: 'golang -senior', kind: 'exclusion', judge: unless(skill('go'), senior) },
  { q: 'designer -ux', kind: 'exclusion', judge: unless(role(['designer']), (p) => /ux/i.test(p.title)) },
]
