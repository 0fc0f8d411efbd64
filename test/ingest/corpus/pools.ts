/**
 * What the generated corpus postings are made of: location strings as boards and internship lists
 * write them (with the place a reader takes from them), skills as postings spell them (with every
 * skill the spelling names), and stated salaries in the forms postings use (with the exact reading).
 */
import type { SalaryLabel } from './labelled.ts'

/** [location string, place label, the country whose currency a bare amount implies]. */
export const PLACES: [string, string[], string | null][] = [
  ['Berlin, Germany', ['de'], 'de'], ['Berlin, DE', ['de'], 'de'], ['München, Bayern, Deutschland', ['de'], 'de'],
  ['Hamburg', ['de'], 'de'], ['London, UK', ['gb'], 'gb'], ['London, England, United Kingdom', ['gb'], 'gb'],
  ['United Kingdom', ['gb'], 'gb'], ['Manchester, England', ['gb'], 'gb'], ['Cambridge, UK', ['gb'], 'gb'],
  ['Toronto ON', ['ca'], 'ca'], ['Toronto, ON, Canada', ['ca'], 'ca'], ['Waterloo, ON', ['ca'], 'ca'],
  ['Vancouver, BC', ['ca'], 'ca'], ['Montréal, QC', ['ca'], 'ca'], ['Calgary, AB', ['ca'], 'ca'], ['Halifax, NS', ['ca'], 'ca'],
  ['Oakville, ON', ['ca'], 'ca'], ['Austin, TX', ['us'], 'us'], ['Plano, TX', ['us'], 'us'], ['New York, NY', ['us'], 'us'],
  ['NYC', ['us'], 'us'], ['San Francisco Bay Area', ['us'], 'us'], ['Washington, DC', ['us'], 'us'],
  ['Mountain View, CA', ['us'], 'us'], ['Annapolis Junction, MD', ['us'], 'us'], ['Fort Meade, MD', ['us'], 'us'],
  ['Chantilly, VA', ['us'], 'us'], ['Bozeman, MT', ['us'], 'us'], ['Lehi, UT', ['us'], 'us'], ['Menlo Park, CA', ['us'], 'us'],
  ['Atlanta, Georgia', ['us'], 'us'], ['Savannah, GA', ['us'], 'us'], ['Tbilisi, Georgia', ['ge'], null],
  ['Dublin, Ireland', ['ie'], 'ie'], ['Dublin, OH', ['us'], 'us'], ['Portland, OR', ['us'], 'us'], ['Cambridge, MA', ['us'], 'us'],
  ['Multiple US Locations', ['us'], 'us'], ['United States', ['us'], 'us'], ['Amsterdam, North Holland, Netherlands', ['nl'], 'nl'],
  ['Paris, Île-de-France, France', ['fr'], 'fr'], ['Warsaw, Poland', ['pl'], 'pl'], ['Kraków, Małopolskie, Poland', ['pl'], 'pl'],
  ['Sydney NSW', ['au'], 'au'], ['Melbourne, VIC, Australia', ['au'], 'au'], ['Bengaluru, Karnataka, India', ['in'], 'in'],
  ['Singapore', ['sg'], 'sg'], ['Zürich, Switzerland', ['ch'], 'ch'], ['Stockholm, Sweden', ['se'], 'se'], ['Tokyo, Japan', ['jp'], 'jp'],
  ['Lisbon, Portugal', ['pt'], 'pt'], ['Madrid, Spain', ['es'], 'es'], ['Vienna, Austria', ['at'], 'at'],
]

/** Remote locations: [string, place, currency country]. */
export const REMOTE_PLACES: [string, string[], string | null][] = [
  ['Remote', [], null], ['REMOTE', [], null], ['Remote (US only)', ['us'], 'us'], ['Remote - EU', ['eu'], null],
  ['Remote in Canada', ['ca'], 'ca'], ['Remote in the UK', ['gb'], 'gb'], ['Remote in USA', ['us'], 'us'],
  ['Remote (Europe)', ['eu'], null], ['US-Remote', ['us'], 'us'], ['Remote, US', ['us'], 'us'], ['Remote - Canada', ['ca'], 'ca'],
  ['Remote - US: All locations', ['us'], 'us'], ['Anywhere', ['global'], null], ['Remote (Worldwide)', ['global'], null],
  ['Remote - Germany', ['de'], 'de'], ['Remote, Poland', ['pl'], 'pl'], ['Remote in Australia', ['au'], 'au'],
]

/** [spelling, skills it names]. */
export const SKILLS: [string, string[]][] = [
  ['Python', ['python']], ['Java', ['java']], ['JavaScript', ['javascript']], ['TypeScript', ['typescript']],
  ['Go', ['go']], ['Golang', ['go']], ['C', ['c']], ['C++', ['cpp']], ['C#', ['csharp']], ['.NET', ['dotnet']],
  ['dotnet', ['dotnet']], ['.NET Core', ['dotnet']], ['Node.js', ['nodejs']], ['NodeJS', ['nodejs']], ['Node', ['nodejs']],
  ['React', ['react']], ['React.js', ['react']], ['Vue.js', ['vue']], ['Angular', ['angular']], ['PostgreSQL', ['postgresql']],
  ['Postgres', ['postgresql']], ['MySQL', ['mysql']], ['MongoDB', ['mongodb']], ['Redis', ['redis']], ['Kafka', ['kafka']],
  ['Docker', ['docker']], ['Kubernetes', ['kubernetes']], ['k8s', ['kubernetes']], ['Terraform', ['terraform']], ['AWS', ['aws']],
  ['GCP', ['google-cloud']], ['Azure', ['azure']], ['Ruby on Rails', ['ruby', 'rails']], ['Ruby', ['ruby']],
  ['SQL Server', ['sql-server', 'sql']], ['Microsoft SQL Server', ['sql-server', 'sql']], ['SQL', ['sql']], ['GraphQL', ['graphql']],
  ['Django', ['django']], ['Spark', ['spark']], ['Airflow', ['airflow']], ['Snowflake', ['snowflake']], ['Tableau', ['tableau']],
  ['Power BI', ['power-bi']], ['Jenkins', ['jenkins']], ['Ansible', ['ansible']], ['Git', ['git']], ['Linux', ['linux']],
  ['Elasticsearch', ['elasticsearch']], ['Kotlin', ['kotlin']], ['Scala', ['scala']], ['Rust', ['rust']], ['PHP', ['php']],
  ['Laravel', ['laravel']], ['Jira', ['jira']], ['Figma', ['figma']], ['Salesforce', ['salesforce']], ['Bash', ['bash']],
  ['PowerShell', ['powershell']], ['SAS', ['sas']], ['Swift', ['swift']], ['ServiceNow', ['servicenow']], ['Alteryx', ['alteryx']],
  ['Informatica', ['informatica']], ['Confluence', ['confluence']], ['Microsoft Visio', ['visio']], ['SharePoint', ['sharepoint']],
  ['AutoCAD', ['autocad']], ['SolidWorks', ['solidworks']], ['QuickBooks', ['quickbooks']], ['Apache Hive', ['apache-hive']],
  ['Selenium', ['selenium']], ['Looker', ['looker']], ['dbt', ['dbt']], ['Splunk', ['splunk']], ['MATLAB', ['matlab']],
]

/** The currency a country's postings are paid in. */
export const CURRENCY_OF: Record<string, string> = {
  us: 'USD', ca: 'CAD', gb: 'GBP', de: 'EUR', fr: 'EUR', nl: 'EUR', ie: 'EUR', pt: 'EUR', es: 'EUR', at: 'EUR',
  au: 'AUD', ch: 'CHF', se: 'SEK', pl: 'PLN', in: 'INR', sg: 'SGD', jp: 'JPY',
}

/** Salary text builders: given the currency country, [text, exact reading]. */
export type SalaryForm = (country: string | null) => [string, SalaryLabel]
const y = (min: number | null, max: number | null, currency: string | null, period: SalaryLabel['period'] = 'year'): SalaryLabel => ({ min, max, currency, period })

/** A bare "$" is the dollar of the posting's country: CAD in Canada, AUD in Australia, else USD. */
const dollar = (c: string | null) => ({ ca: 'CAD', au: 'AUD', sg: 'SGD' } as Record<string, string>)[c ?? ''] ?? 'USD'

export const SALARIES: SalaryForm[] = [
  (c) => ['Salary: $140k+', y(140000, null, dollar(c))],
  () => ['Salary: 95,000 EUR', y(95000, 95000, 'EUR')],
  () => ['Compensation: up to €80k', y(null, 80000, 'EUR')],
  () => ['6,000 EUR/month', y(6000, 6000, 'EUR', 'month')],
  (c) => ['150-200k', y(150000, 200000, c ? (CURRENCY_OF[c] ?? null) : null)],
  (c) => ['Comp: 120-140k + equity', y(120000, 140000, c ? (CURRENCY_OF[c] ?? null) : null)],
  (c) => ['$120k - $150k + equity', y(120000, 150000, dollar(c))],
  (c) => ['$130k–$160k + bonus', y(130000, 160000, dollar(c))],
  (c) => ['$90k ~ $110k', y(90000, 110000, dollar(c))],
  () => ['C$120,000 - C$140,000 per year', y(120000, 140000, 'CAD')],
  () => ['CA$95k–115k', y(95000, 115000, 'CAD')],
  () => ['A$150k-A$170k + super', y(150000, 170000, 'AUD')],
  () => ['$130,000 - $150,000 CAD', y(130000, 150000, 'CAD')],
  () => ['$110,000 – $125,000 AUD per annum', y(110000, 125000, 'AUD')],
  () => ["CHF 120'000 - 140'000", y(120000, 140000, 'CHF')],
  () => ['SEK 45 000 – 55 000 per month', y(45000, 55000, 'SEK', 'month')],
  () => ['18 000 - 24 000 PLN net/month (B2B)', y(18000, 24000, 'PLN', 'month')],
  () => ['₹25,00,000 - ₹35,00,000 per annum', y(2500000, 3500000, 'INR')],
  () => ['S$8,000 - S$10,000 per month', y(8000, 10000, 'SGD', 'month')],
  () => ['¥8,000,000 - ¥10,000,000 per year', y(8000000, 10000000, 'JPY')],
  () => ['£55,000 - £65,000 per annum', y(55000, 65000, 'GBP')],
  (c) => ['$60–$75 an hour', y(60, 75, dollar(c), 'hour')],
  (c) => ['Pay: $45/hr', y(45, 45, dollar(c), 'hour')],
  () => ['The base salary range for this role is $165,000 - $195,000 USD.', y(165000, 195000, 'USD')],
  () => ['€70.000 – €85.000 brutto/Jahr', y(70000, 85000, 'EUR')],
  () => ['USD 100,000 - 120,000', y(100000, 120000, 'USD')],
  () => ['Salary: 90k-110k GBP', y(90000, 110000, 'GBP')],
  (c) => ['$150,000-$180,000/yr plus a monthly bonus', y(150000, 180000, dollar(c))],
]
