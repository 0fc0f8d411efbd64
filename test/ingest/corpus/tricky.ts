/**
 * Hand-written postings for the hard cases: header fields, part-week office attendance, places
 * that look alike (Georgia, "Berlin, DE", "Paris, TX"), salaries next to bonuses, commission and
 * funding, and words that only look like skills (URLs, "to do", "mean", "backbone", AI/SaaS talk).
 */
import type { Labels, LabelledPosting } from './labelled.ts'
import { posting } from './labelled.ts'

type Row = [title: string, location: string | null, description: string, labels: Partial<Labels>]
const usd = (min: number | null, max: number | null, period: 'year' | 'hour' | 'month' | 'day' = 'year') => ({ min, max, currency: 'USD', period })
const eur = (min: number | null, max: number | null, period: 'year' | 'hour' | 'month' | 'day' = 'year') => ({ min, max, currency: 'EUR', period })

const ROWS: Row[] = [
  // Work mode
  ['Backend Engineer', 'Remote (US only)', '<p>Build our billing APIs in Go and PostgreSQL.</p>', { workMode: 'remote', place: ['us'], skills: ['go', 'postgresql'] }],
  ['Data Engineer', 'London or Remote', '<p>Pipelines in Python and Airflow.</p>', { workMode: 'remote', place: ['gb'], skills: ['python', 'airflow'] }],
  ['Platform Engineer', 'New York, NY', '<p>This role is onsite in New York; remote is possible only for exceptional candidates.</p><p>Kubernetes, Terraform.</p>', { workMode: 'onsite', place: ['us'], skills: ['kubernetes', 'terraform'] }],
  ['Infrastructure Engineer', 'Remote', '<p>Experience with hybrid cloud (AWS and on-prem). We are a fully remote company.</p>', { workMode: 'remote', skills: ['aws'] }],
  ['Frontend Engineer', 'Austin, TX', '<p>On-site interviews in March. React and TypeScript.</p>', { workMode: null, place: ['us'], skills: ['react', 'typescript'] }],
  ['Embedded Engineer', 'München', '<p>Remote work is not possible for this role; you will be on-site in Munich with our hardware lab.</p><p>Embedded C and C++.</p>', { workMode: 'onsite', place: ['de'], skills: ['c', 'cpp'] }],
  ['Product Engineer', 'Seattle, WA', '<p>Must be able to commute to our Seattle office 3 days a week.</p>', { workMode: 'hybrid', place: ['us'] }],
  ['Support Engineer', 'Leeds', '<p>This is not a remote position. Linux and Bash every day.</p>', { workMode: 'onsite', place: ['gb'], skills: ['linux', 'bash'] }],
  ['Android Engineer', 'Remote - EU', '<p>Kotlin, Jetpack Compose. You will visit the Lisbon office once a quarter for a team week.</p>', { workMode: 'remote', place: ['eu'], skills: ['android', 'kotlin', 'jetpack-compose'] }],
  ['QA Engineer', 'Kraków, Poland', '<p>Hybrid (2 days in the office). Selenium and Java.</p>', { workMode: 'hybrid', place: ['pl'], skills: ['selenium', 'java'] }],
  ['Designer', 'Remote, US', '<p>Our team is distributed; we meet in person twice a year. Figma daily.</p>', { workMode: 'remote', place: ['us'], skills: ['figma'] }],
  ['SRE', 'Dublin, Ireland (Hybrid)', '<p>Prometheus, Grafana and on-call.</p>', { workMode: 'hybrid', place: ['ie'], skills: ['prometheus', 'grafana'] }],
  // Places
  ['Software Engineer', 'Paris, TX', '<p>Join our plant software team.</p>', { place: ['us'] }],
  ['Software Engineer', 'Paris, FR', '<p>Rejoignez-nous. Python.</p>', { place: ['fr'], skills: ['python'] }],
  ['Software Engineer', 'London, ON', '<p>Our Canadian team writes C#.</p>', { place: ['ca'], skills: ['csharp'] }],
  ['Backend Developer', 'Córdoba, AR', '<p>Node.js y MongoDB.</p>', { place: ['ar'], skills: ['nodejs', 'mongodb'] }],
  ['Backend Developer', 'Little Rock, AR', '<p>Java services.</p>', { place: ['us'], skills: ['java'] }],
  ['Web Developer', 'Athens, GA', '<p>PHP and Laravel.</p>', { place: ['us'], skills: ['php', 'laravel'] }],
  ['Web Developer', 'Athens, GR', '<p>Vue.js frontends.</p>', { place: ['gr'], skills: ['vue'] }],
  ['Data Analyst', 'Georgia, USA', '<p>SQL and Tableau.</p>', { place: ['us'], skills: ['sql', 'tableau'] }],
  ['Data Analyst', 'Batumi, Georgia', '<p>SQL and Power BI.</p>', { place: ['ge'], skills: ['sql', 'power-bi'] }],
  ['Network Engineer', 'Columbus, GA', '<p>Cisco routing, BGP.</p>', { place: ['us'], skills: ['cisco', 'bgp'] }],
  ['Analyst', 'Atlanta / Georgia', '<p>Excel and Alteryx.</p>', { place: ['us'], skills: ['excel', 'alteryx'] }],
  ['Engineer', 'Multiple Locations', '<p>Several offices; details at interview.</p>', { place: [] }],
  ['Engineer', 'Flexible / TBD', '<p>We will decide the location together.</p>', { place: [] }],
  ['Developer', null, '<p>Join a friendly team building good software.</p>', { place: [] }],
  ['Developer', 'Hamilton, ON', '<p>Angular and .NET.</p>', { place: ['ca'], skills: ['angular', 'dotnet'] }],
  ['Intern', 'Kingston, ON', '<p>Python, Git.</p>', { place: ['ca'], skills: ['python', 'git'] }],
  ['Intern', 'Birmingham, AL', '<p>MATLAB and Simulink.</p>', { place: ['us'], skills: ['matlab', 'simulink'] }],
  ['Intern', 'Birmingham, UK', '<p>AutoCAD.</p>', { place: ['gb'], skills: ['autocad'] }],
  ['Engineer', 'Remote in the UK', '<p>Rust.</p>', { workMode: 'remote', place: ['gb'], skills: ['rust'] }],
  ['Engineer', 'Remote in Canada', '<p>Go and Kafka.</p>', { workMode: 'remote', place: ['ca'], skills: ['go', 'kafka'] }],
  ['Engineer', 'Remote in USA', '<p>Scala and Spark.</p>', { workMode: 'remote', place: ['us'], skills: ['scala', 'spark'] }],
  // Salaries
  ['Engineer', 'Boston, MA', '<p>We raised a $40M Series B last spring and serve 2 million users.</p>', { place: ['us'] }],
  ['Account Executive', 'Chicago, IL', '<p>Base $120,000 per year plus a monthly bonus of up to $500.</p>', { place: ['us'], salary: usd(120000, 120000) }],
  ['Sales Engineer', 'Denver, CO', '<p>Uncapped commission: earn up to $50k extra on top of your base.</p>', { place: ['us'] }],
  ['Developer', 'Tallinn, Estonia', '<p>Paid trial week (€1,000) before the offer.</p>', { place: ['ee'] }],
  ['Developer', 'Remote', '<p>$1,000 learning budget and a $500 home-office stipend. 401(k) with 4% match.</p>', { workMode: 'remote' }],
  ['Developer', 'Oslo, Norway', '<p>Salary: competitive. Series A, 25 people, $12M ARR.</p>', { place: ['no'] }],
  ['Contractor', 'Remote - Germany', '<p>Rate: 500-600 EUR per day. SAP ABAP.</p>', { workMode: 'remote', place: ['de'], salary: eur(500, 600, 'day'), skills: ['sap', 'abap'] }],
  ['Developer', 'Rotterdam, Netherlands', '<p>€65k-€75k DOE.</p>', { place: ['nl'], salary: eur(65000, 75000) }],
  ['Contractor', 'Phoenix, AZ', '<p>$85-95/hour W2, 6-month contract.</p>', { place: ['us'], salary: usd(85, 95, 'hour') }],
  ['Engineer', 'San Diego, CA', '<p>$140k+ depending on experience. Equity on top.</p>', { place: ['us'], salary: usd(140000, null) }],
  ['Engineer', 'Vancouver, BC', '<p>$130,000 - $150,000 CAD plus benefits.</p>', { place: ['ca'], salary: { min: 130000, max: 150000, currency: 'CAD', period: 'year' } }],
  ['Engineer', 'Remote', '<p>We match 100% of your 401k up to $5,000. Our customers save $3M a year.</p>', { workMode: 'remote' }],
  // Skills precision and recall
  ['Engineer', 'Remote', '<p>Read our docs at https://acme.example/http-api/rest/v2 and https://github.com/acme/graphql-tools.</p><p>Python.</p>', { workMode: 'remote', skills: ['python'] }],
  ['Engineer', 'Remote', '<p>Keep a to do list, reduce the mean time to recovery, hold less meetings and in case of doubt ask. Write x tests a day? No.</p>', { workMode: 'remote' }],
  ['Engineer', 'Remote', '<p>Our AI-powered scheduling is sold as a SaaS platform with a database of 10,000 farms and an API for partners.</p><p>TypeScript and Node.</p>', { workMode: 'remote', skills: ['typescript', 'nodejs'] }],
  ['Engineer', 'Remote', '<p>Our founders came from OpenAI and Google. We go to market fast and react to feedback.</p><p>Django.</p>', { workMode: 'remote', skills: ['django'] }],
  ['Engineer', 'Remote', '<p>You will call the OpenAI API and fine-tune models with PyTorch.</p>', { workMode: 'remote', skills: ['openai-api', 'fine-tuning', 'pytorch'] }],
  ['Engineer', 'Remote', '<p>Experience with Ruby on Rails and SQL Server.</p>', { workMode: 'remote', skills: ['ruby', 'rails', 'sql-server', 'sql'] }],
  ['Engineer', 'Remote', '<p>Languages: Go, C, Python.</p>', { workMode: 'remote', skills: ['go', 'c', 'python'] }],
  ['Engineer', 'Remote', '<ul><li>Go</li><li>C</li><li>gRPC</li></ul>', { workMode: 'remote', skills: ['go', 'c', 'grpc'] }],
  ['Engineer', 'Remote', '<p>NodeJS, dotnet and Postgres.</p>', { workMode: 'remote', skills: ['nodejs', 'dotnet', 'postgresql'] }],
  ['Engineer', 'Remote', '<p>We build the payments backbone of the region. Spring Boot and Java 21.</p>', { workMode: 'remote', skills: ['spring-boot', 'spring', 'java'] }],
  ['Engineer', 'Remote', '<p>Our JVM services run on Kubernetes.</p>', { workMode: 'remote', skills: ['jvm', 'kubernetes'] }],
  ['Machine Learning Engineer', 'Remote', '<p>Experience with machine learning in production; PyTorch and Kubeflow.</p>', { workMode: 'remote', skills: ['machine-learning', 'pytorch', 'kubeflow'] }],
  ['IT Administrator', 'Remote', '<p>ServiceNow, Microsoft SharePoint, Active Directory and PowerShell.</p>', { workMode: 'remote', skills: ['servicenow', 'sharepoint', 'active-directory', 'powershell'] }],
  ['BI Analyst', 'Remote', '<p>Informatica PowerCenter, Microsoft Visio and Confluence.</p>', { workMode: 'remote', skills: ['informatica-powercenter', 'informatica', 'visio', 'confluence'] }],
  ['Mechanical Engineer', 'Remote', '<p>SolidWorks and AutoCAD for drawings; QuickBooks is a plus for the office manager.</p>', { workMode: 'remote', skills: ['solidworks', 'autocad', 'quickbooks'] }],
  ['Engineer', 'Remote', '<p>Great communication, teamwork, leadership and problem solving. A positive attitude.</p>', { workMode: 'remote' }],
  ['Engineer', 'Remote', '<div><span>Tech stack:</span><span>Go</span></div><div><span>Location:</span><span>Remote</span></div>', { workMode: 'remote', skills: ['go'] }],
  ['Engineer', 'Remote', '<p>Our Swift team ships a weekly release; we move fast and deliver swift results.</p>', { workMode: 'remote', skills: ['swift'] }],
  ['Engineer', 'Remote', '<p>You will mentor engineers, lead design reviews and write documentation. Excel at communication.</p>', { workMode: 'remote' }],
]

export function trickyPostings(): LabelledPosting[] {
  return ROWS.map(([title, location, description, labels], i) =>
    posting(`tricky-${i}`, 'tricky', { title, company: 'Tricky Co', location, description }, {
      workMode: labels.workMode ?? null,
      place: labels.place ?? [],
      salary: labels.salary ?? null,
      skills: labels.skills ?? [],
    }),
  )
}
