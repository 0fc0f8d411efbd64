/**
 * Held-out postings: written after the rules were tuned on the rest of the corpus, in shapes the
 * tuning never saw (Indeed's job-details block, Workday location codes, LinkedIn's "About the job",
 * r/forhire titles, other forum separators). bench/enrichment.ts reports them apart, so the tuned
 * figures are not mistaken for what unseen postings get.
 */
import type { Labels, LabelledPosting } from './labelled.ts'
import { posting } from './labelled.ts'

type Row = [title: string, location: string | null, description: string, labels: Partial<Labels>]
const sal = (min: number | null, max: number | null, currency: string | null, period: 'year' | 'hour' | 'month' | 'day' = 'year') => ({ min, max, currency, period })

const ROWS: Row[] = [
  ['Software Developer', null, 'Job Type: Full-time\nPay: $70,000.00 - $90,000.00 per year\nWork Location: Hybrid remote in Denver, CO 80202\n\nWe use C# and Azure.', { workMode: 'hybrid', place: ['us'], salary: sal(70000, 90000, 'USD'), skills: ['csharp', 'azure'] }],
  ['Data Scientist', 'USA-CA-San Jose', '<p>Python, scikit-learn and SQL. Our team works from the San Jose campus.</p>', { place: ['us'], skills: ['python', 'scikit-learn', 'sql'] }],
  ['Backend Engineer', 'Remote, EMEA', '<p>About the job</p><p>We are looking for someone fluent in Elixir and Phoenix.</p>', { workMode: 'remote', place: ['eu'], skills: ['elixir', 'phoenix'] }],
  ['[Hiring] React Native developer', null, '[Hiring] React Native developer — remote — $50/hr\n\nSmall agency, 3 month project. DM me.', { workMode: 'remote', salary: sal(50, 50, 'USD', 'hour'), skills: ['react-native', 'react'] }],
  ['Platform Engineer', null, 'Lumenary (YC W23) — Platform Engineer — SF (onsite) — $180-220k + equity\n\nWe run Nomad and Consul on bare metal.', { workMode: 'onsite', place: ['us'], salary: sal(180000, 220000, 'USD'), skills: ['nomad', 'consul'] }],
  ['Ingénieur DevOps', 'Lyon, France', '<p>Télétravail 2 jours par semaine. Salaire : 50 000 € - 60 000 € brut annuel. Kubernetes, GitLab CI.</p>', { workMode: 'hybrid', place: ['fr'], salary: sal(50000, 60000, 'EUR'), skills: ['kubernetes', 'gitlab'] }],
  ['Senior Java Developer', 'Bucharest, Romania', '<p>Salary: 25,000 - 32,000 RON gross/month. Java 17, Spring, Oracle DB.</p>', { place: ['ro'], salary: sal(25000, 32000, 'RON', 'month'), skills: ['java', 'spring', 'oracle-database'] }],
  ['Frontend Engineer', 'Remote (Americas)', '<p>Svelte and TypeScript. Compensation: USD 6,000–7,500 per month.</p>', { workMode: 'remote', place: ['north_america'], salary: sal(6000, 7500, 'USD', 'month'), skills: ['svelte', 'typescript'] }],
  ['Data Engineer', 'Hyderabad, Telangana, India', '<p>CTC: ₹18 - 24 LPA. PySpark and Databricks.</p>', { place: ['in'], salary: sal(1800000, 2400000, 'INR'), skills: ['spark', 'python', 'databricks'] }],
  ['Cloud Architect', 'Zurich', "<p>CHF 150'000 – 180'000 p.a. AWS and Terraform. Office in Zurich West, flexible home office.</p>", { place: ['ch'], salary: sal(150000, 180000, 'CHF'), skills: ['aws', 'terraform'] }],
  ['Mobile Developer', 'Melbourne VIC', '<p>$140,000 – $160,000 + super. Swift and Kotlin.</p>', { place: ['au'], salary: sal(140000, 160000, 'AUD'), skills: ['swift', 'kotlin'] }],
  ['QA Engineer', 'Bangalore', '<p>Cypress, Playwright and Postman.</p>', { place: ['in'], skills: ['cypress', 'playwright', 'postman'] }],
  ['Support Engineer', 'Cork, Ireland', '<p>€45k - €55k. Fully office based in Cork.</p>', { workMode: 'onsite', place: ['ie'], salary: sal(45000, 55000, 'EUR') }],
  ['ML Engineer', 'Remote - USA', '<p>We train ranking models with XGBoost and LightGBM. $160K–$200K base.</p>', { workMode: 'remote', place: ['us'], salary: sal(160000, 200000, 'USD'), skills: ['xgboost', 'lightgbm'] }],
  ['Embedded Software Engineer', 'Eindhoven, Netherlands', '<p>C and C++ on ARM Cortex-M, FreeRTOS. On-site.</p>', { workMode: 'onsite', place: ['nl'], skills: ['c', 'cpp', 'rtos'] }],
  ['Security Analyst', 'Reston, VA', '<p>Splunk, CrowdStrike. Must hold a TS/SCI clearance. 100% on-site.</p>', { workMode: 'onsite', place: ['us'], skills: ['splunk', 'crowdstrike'] }],
  ['Game Developer', 'Montreal, Quebec', '<p>Unreal Engine 5 and C++. Hybrid, 3 days in studio.</p>', { workMode: 'hybrid', place: ['ca'], skills: ['unreal-engine', 'cpp'] }],
  ['Developer Advocate', 'Anywhere in Europe', '<p>Write talks and demos about our Rust SDK. Remote.</p>', { workMode: 'remote', place: ['eu'], skills: ['rust'] }],
  ['Engineering Manager', 'New York City', '<p>Manage 8 engineers. Salary band $210,000–$250,000. We are in the office Monday, Tuesday and Thursday.</p>', { workMode: 'hybrid', place: ['us'], salary: sal(210000, 250000, 'USD') }],
  ['Full-stack Developer', 'Kyiv, Ukraine', '<p>$3,500–4,500 per month, B2B. Vue 3, Laravel, MySQL.</p>', { place: ['ua'], salary: sal(3500, 4500, 'USD', 'month'), skills: ['vue', 'laravel', 'mysql'] }],
  ['Site Reliability Engineer', 'Remote — Canada only', '<p>CA$140,000–CA$165,000. Go, Kubernetes, Datadog.</p>', { workMode: 'remote', place: ['ca'], salary: sal(140000, 165000, 'CAD'), skills: ['go', 'kubernetes', 'datadog'] }],
  ['Business Analyst', 'Johannesburg, South Africa', '<p>R 600 000 per annum. Power BI and Excel.</p>', { place: ['za'], salary: sal(600000, 600000, 'ZAR'), skills: ['power-bi', 'excel'] }],
  ['iOS Engineer', 'Stockholm', '<p>45 000–60 000 kr/månad. SwiftUI.</p>', { place: ['se'], salary: sal(45000, 60000, 'SEK', 'month'), skills: ['swiftui', 'ios'] }],
  ['Backend Engineer', null, 'Acme Robotics / Backend Engineer / Munich, Germany / Hybrid / €75,000–90,000\n\nPython, FastAPI, PostgreSQL.', { workMode: 'hybrid', place: ['de'], salary: sal(75000, 90000, 'EUR'), skills: ['python', 'fastapi', 'postgresql'] }],
  ['Data Analyst Intern', 'Chicago, Illinois', '<p>$25/hour. Excel, SQL, Looker Studio.</p>', { place: ['us'], salary: sal(25, 25, 'USD', 'hour'), skills: ['excel', 'sql', 'looker-studio'] }],
  ['Solutions Engineer', 'London / Remote (UK)', '<p>OTE £120k (60/40 split). Salesforce and HubSpot know-how.</p>', { workMode: 'remote', place: ['gb'], skills: ['salesforce', 'hubspot'] }],
  ['Ops Engineer', 'Tel Aviv, Israel', '<p>Ansible, Jenkins, Bash. Hybrid.</p>', { workMode: 'hybrid', place: ['il'], skills: ['ansible', 'jenkins', 'bash'] }],
  ['Fullstack Engineer', 'Remote', '<p>Series B, $30M raised from top VCs. We build in Next.js and tRPC.</p>', { workMode: 'remote', skills: ['nextjs', 'trpc'] }],
  ['Technical Writer', 'Remote (US/Canada)', '<p>Docs-as-code with Markdown and Git. $95k-$115k.</p>', { workMode: 'remote', place: ['us', 'ca'], salary: sal(95000, 115000, 'USD'), skills: ['markdown', 'git'] }],
  ['Sales Development Rep', 'Austin, Texas', '<p>Base plus commission; first-year OTE around $90k.</p>', { place: ['us'] }],
]

export function heldOutPostings(): LabelledPosting[] {
  return ROWS.map(([title, location, description, labels], i) =>
    posting(`held-out-${i}`, 'held-out', { title, company: 'Held Out Ltd', location, description }, {
      workMode: labels.workMode ?? null,
      place: labels.place ?? [],
      salary: labels.salary ?? null,
      skills: labels.skills ?? [],
    }),
  )
}
