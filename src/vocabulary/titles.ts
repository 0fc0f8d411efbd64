import { slugify } from './slug.ts'

/** What a job title alone says: category, seniority, role slug, management marker. */
export interface TitleFacts {
  category: string
  seniority: string | null
  role: string | null
  roleType: 'people_manager' | null
}

/** First match wins, so specific functions come before the generic engineering words. */
const CATEGORY_RULES: [RegExp, string][] = [
  [/\b(recruit(er|ing|ment)|talent acquisition|sourcer)\b/i, 'recruiting'],
  [/\b(hr|human resources|people (partner|operations|ops)|hrbp)\b/i, 'hr'],
  [/\b(accountant|accounting|controller|finance|financial analyst|fp&a|payroll|treasury)\b/i, 'finance'],
  [/\b(counsel|lawyer|legal|paralegal|compliance officer|attorney)\b/i, 'legal'],
  [/\b(developer (advocate|relations|evangelist)|devrel|community engineer)\b/i, 'developer_relations'],
  [/\b(technical writer|documentation engineer|docs engineer|content developer)\b/i, 'technical_writing'],
  [/\b(solutions? (engineer|consultant)|sales engineer|pre-?sales|field engineer|forward deployed)\b/i, 'solutions_engineering'],
  [/\b(customer success|account manager|client success)\b/i, 'customer_success'],
  [/\b(support engineer|technical support|help ?desk|service desk|it support|support specialist|customer support)\b/i, 'support'],
  [/\b(account executive|sales|business development|bdr|sdr)\b/i, 'sales'],
  [/\b(marketing|seo|growth|content strategist|brand|copywriter|demand gen)/i, 'marketing'],
  [/\b(product (manager|owner|lead|director)|head of product|vp,? product|chief product|cpo|group pm)\b/i, 'product'],
  [/\b(project manager|program manager|programme manager|scrum master|delivery manager|agile coach|pmo)\b/i, 'project_management'],
  [/\b(business analyst|systems analyst|business systems)\b/i, 'business_analysis'],
  [/\b(ux|ui\/ux|ui designer|product designer|visual designer|interaction designer|designer|design lead|ux researcher)\b/i, 'design'],
  [/\b(mechanical|cad engineer|industrial design|structural engineer|design engineer)\b/i, 'engineering_design'],
  [/\b(ai engineer|llm|genai|generative ai|prompt engineer|applied ai|ai developer|ai agents?|agentic)\b/i, 'ai_engineering'],
  [/\b(machine learning|ml engineer|mlops|ml ops|ml platform|deep learning|computer vision|nlp|ai research|research scientist|ml researcher|ai scientist|ai\/ml|ml\/ai)\b/i, 'ml_ai'],
  [/\b(data scientist|data science|quantitative researcher|statistician)\b/i, 'data_science'],
  [/\b(data engineer|analytics engineer|etl|data platform|big data|data architect|dwh|data warehouse)\b/i, 'data_engineering'],
  [/\b(data analyst|bi analyst|business intelligence|analytics|product analyst|reporting analyst|insights analyst)\b/i, 'data_analytics'],
  [/\b(security|penetration|pentest|appsec|soc analyst|infosec|cyber|threat|vulnerability|iam engineer)\b/i, 'security'],
  [/\b(sre|site reliability|reliability engineer)\b/i, 'sre'],
  [/\b(network engineer|network administrator|noc|network architect|wireless engineer)\b/i, 'network_engineering'],
  [/\b(devops|platform engineer|cloud engineer|infrastructure|systems? administrator|sysadmin|kubernetes|build engineer|release engineer)\b/i, 'devops'],
  [/\b(qa|quality assurance|tester|test (engineer|automation|analyst)|sdet|automation engineer)\b/i, 'qa'],
  [/\b(blockchain|smart contracts?|solidity|web3|defi|crypto)\b/i, 'blockchain'],
  [/\b(embedded|firmware|rtos|bsp|microcontroller)\b/i, 'embedded'],
  [/\b(hardware|fpga|asic|pcb|electrical engineer|electronics|silicon|rtl|verification engineer)\b/i, 'hardware'],
  [/\b(ios|android|mobile|flutter|react native|kotlin multiplatform)\b/i, 'mobile'],
  [/\b(full[- ]?stack)\b/i, 'fullstack'],
  [/\b(front[- ]?end|ui engineer|ui developer|web developer|react (developer|engineer)|angular|vue(\.js)? developer)\b/i, 'frontend'],
  [/\b(back[- ]?end|api engineer|server[- ]side|java (developer|engineer)|golang|go (developer|engineer)|python (developer|engineer)|\.net developer|php developer|ruby developer|node\.?js)\b/i, 'backend'],
  [/\b(architect)\b/i, 'architecture'],
  [/\b(engineering manager|head of engineering|director of engineering|vp,? (of )?engineering|cto|chief technology|cio|chief information|ciso|head of (data|it|technology|platform|infrastructure)|team lead|tech lead)\b/i, 'management'],
  [/\b(operations|office manager|bizops|chief of staff|executive assistant)\b/i, 'operations'],
  [/\b(software|developer|programmer|engineer|coder|swe)\b/i, 'software_engineering'],
]

const SENIORITY_RULES: [RegExp, string][] = [
  [/\b(chief|cto|ceo|cfo|cio|ciso|cpo|coo|vp|svp|evp|vice president|founding executive)\b/i, 'c_level'],
  [/\b(intern|internship|trainee|praktikant|стаж[её]р|werkstudent|working student|apprentice)\b/i, 'intern'],
  [/\b(principal|distinguished|fellow)\b/i, 'principal'],
  [/\b(staff)\b/i, 'staff'],
  [/\b(lead|head of|director|team lead|tech lead|manager|руководитель|тимлид)\b/i, 'lead'],
  [/\b(senior|sr\.?|snr|iii|level 3|l5|старший|ведущий)\b/i, 'senior'],
  [/\b(junior|jr\.?|entry[- ]level|graduate|new grad|associate|младший|i)\b/i, 'junior'],
  [/\b(middle|mid[- ]level|mid|intermediate|ii|level 2)\b/i, 'middle'],
]

const MANAGER = /\b(manager|head of|director|vp|vice president|chief|cto|cio|ciso|team lead|руководитель|тимлид)\b/i
/** Individual-contributor titles that still say "manager". */
const NOT_PEOPLE_MANAGER = /\b(product manager|project manager|program manager|account manager|marketing manager|community manager|content manager|office manager|release manager|delivery manager|success manager|campaign manager|partner manager|manager,? (data|solutions|technical) (science|engineering)\b)/i

/** Words that say level, place or employment terms, not the role itself. */
const NOISE = /\b(senior|sr|snr|junior|jr|mid[- ]level|middle|intermediate|principal|staff|lead|intern|internship|trainee|graduate|entry[- ]level|new grad|associate|i{1,3}|iv|l[3-7]|level \d|remote|hybrid|onsite|on-site|contract|contractor|freelance|full[- ]time|part[- ]time|m\/w\/d|m\/f\/d|w\/m\/d|f\/m\/d|all genders|h\/f|f\/h)\b/gi

/** The role in a word or three: "Senior Backend Engineer (Go) - Berlin" -> "backend-engineer". */
export function roleOf(title: string): string | null {
  const core = title
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .split(/\s[-–—|,@]\s|,\s|\s\/\s|:\s/)[0]!
    .replace(NOISE, ' ')
    .replace(/\bdeveloper\b/i, 'developer')
    .replace(/\s+/g, ' ')
    .trim()
  const slug = slugify(core, 40)
  return slug || null
}

export function classifyTitle(title: string): TitleFacts {
  const category = CATEGORY_RULES.find(([pattern]) => pattern.test(title))?.[1] ?? 'other'
  let seniority = SENIORITY_RULES.find(([pattern]) => pattern.test(title))?.[1] ?? null
  // A product/project manager is a job family, not a level.
  if (seniority === 'lead' && /\b(product|project|program|account|marketing) manager\b/i.test(title) && !/\b(lead|head|director)\b/i.test(title)) seniority = null
  const roleType = MANAGER.test(title) && !NOT_PEOPLE_MANAGER.test(title) ? 'people_manager' : null
  return { category, seniority, role: roleOf(title), roleType }
}

/** Without a word for it in the title, seniority follows the years of experience asked for. */
export function seniorityFromYears(years: number | null | undefined): string | null {
  if (years === null || years === undefined) return null
  if (years <= 1) return 'junior'
  if (years <= 4) return 'middle'
  if (years <= 7) return 'senior'
  return 'lead'
}

/** Every category enrichment assigns, and every seniority level: the values insights filters accept. */
export const JOB_CATEGORIES: readonly string[] = [...new Set(CATEGORY_RULES.map(([, category]) => category)), 'other']
export const SENIORITY_LEVELS: readonly string[] = ['intern', 'junior', 'middle', 'senior', 'lead', 'staff', 'principal', 'c_level']
