/**
 * The fixture catalogue of the search-quality benchmark: about 700 hand-shaped postings built
 * deterministically (a seeded generator over role templates), each labelled with what a judge
 * needs: its role, seniority, the skills it asks for and the skills its title names. Descriptions
 * use the spellings real postings use (Golang or Go, K8s or Kubernetes, ML or machine learning,
 * .NET or dotnet) and the traps real text holds ("ready to go", "our network", "senior leadership",
 * "net salary", "Java coffee"), so both recall and precision are tested.
 */
import type { JobRecord } from '../src/catalogue/job-record.ts'

export interface Labels {
  role: string
  seniority: string
  skills: Set<string>
  titleSkills: Set<string>
  title: string
}

/** Title variants of a role: text and the skills it names. */
type Title = [text: string, skills: string[]]

interface Role {
  key: string
  titles: Title[]
  core: string[]
  extra: string[]
  /** Senior/Lead/Staff prefixes apply. */
  ranked: boolean
}

const ROLES: Role[] = [
  { key: 'go-backend', titles: [['Go Developer', ['go']], ['Golang Engineer', ['go']], ['Backend Engineer (Go)', ['go']], ['Go Backend Engineer', ['go']]], core: ['go'], extra: ['postgresql', 'kubernetes', 'aws', 'grpc'], ranked: true },
  { key: 'python-backend', titles: [['Python Developer', ['python']], ['Backend Engineer (Python)', ['python']], ['Django Developer', ['django']]], core: ['python', 'django'], extra: ['postgresql', 'aws', 'celery'], ranked: true },
  { key: 'java-backend', titles: [['Java Developer', ['java']], ['Java Engineer', ['java']], ['Spring Boot Developer', ['spring']]], core: ['java', 'spring'], extra: ['kafka', 'postgresql', 'kubernetes'], ranked: true },
  { key: 'frontend', titles: [['Frontend Developer', []], ['Front-End Engineer', []], ['React Developer', ['react']], ['JavaScript Developer', ['javascript']], ['UI Engineer', []]], core: ['javascript', 'react'], extra: ['typescript', 'css', 'graphql'], ranked: true },
  { key: 'vue-frontend', titles: [['Vue.js Developer', ['vue']], ['Frontend Engineer (Vue)', ['vue']]], core: ['vue', 'javascript'], extra: ['typescript', 'css'], ranked: true },
  { key: 'node-backend', titles: [['Node.js Developer', ['nodejs']], ['Backend Engineer (Node.js)', ['nodejs']]], core: ['nodejs', 'typescript'], extra: ['postgresql', 'aws', 'graphql'], ranked: true },
  { key: 'fullstack', titles: [['Full Stack Developer', []], ['Fullstack Engineer', []], ['Full-Stack Engineer (React/Node)', ['react', 'nodejs']]], core: ['react', 'nodejs'], extra: ['typescript', 'postgresql'], ranked: true },
  { key: 'dotnet', titles: [['.NET Developer', ['dotnet']], ['C# Developer', ['csharp']], ['Software Engineer, .NET', ['dotnet']]], core: ['dotnet', 'csharp'], extra: ['sql-server', 'azure'], ranked: true },
  { key: 'cpp', titles: [['C++ Engineer', ['cpp']], ['C++ Developer (Low Latency)', ['cpp']]], core: ['cpp'], extra: ['linux', 'python'], ranked: true },
  { key: 'rust', titles: [['Rust Engineer', ['rust']], ['Systems Engineer (Rust)', ['rust']]], core: ['rust'], extra: ['linux', 'kubernetes'], ranked: true },
  { key: 'data-engineering', titles: [['Data Engineer', []], ['Big Data Engineer', []], ['Analytics Engineer', []]], core: ['python', 'sql', 'spark'], extra: ['aws', 'airflow', 'kafka'], ranked: true },
  { key: 'ml', titles: [['Machine Learning Engineer', ['machine-learning']], ['ML Engineer', ['machine-learning']], ['Applied Scientist, Machine Learning', ['machine-learning']]], core: ['python', 'machine-learning', 'pytorch'], extra: ['aws', 'kubernetes'], ranked: true },
  { key: 'data-science', titles: [['Data Scientist', []], ['Data Scientist, Experimentation', []]], core: ['python', 'sql', 'machine-learning'], extra: ['r'], ranked: true },
  { key: 'devops', titles: [['DevOps Engineer', []], ['Site Reliability Engineer', []], ['Platform Engineer', []], ['SRE', []]], core: ['kubernetes', 'aws', 'terraform'], extra: ['go', 'python', 'linux'], ranked: true },
  { key: 'network', titles: [['Network Administrator', []], ['Network Engineer', []]], core: ['cisco', 'networking'], extra: ['linux'], ranked: false },
  { key: 'product-manager', titles: [['Product Manager', []], ['Technical Product Manager', []]], core: ['product-management'], extra: ['sql'], ranked: true },
  { key: 'designer', titles: [['Product Designer', []], ['UX Designer', []], ['UI/UX Designer', []]], core: ['figma', 'ux'], extra: ['user-research'], ranked: true },
  { key: 'qa', titles: [['QA Engineer', []], ['Test Automation Engineer', []], ['Quality Assurance Analyst', []]], core: ['selenium', 'qa'], extra: ['python', 'java'], ranked: false },
  { key: 'ios', titles: [['iOS Developer', ['ios']], ['iOS Engineer (Swift)', ['ios', 'swift']]], core: ['swift', 'ios'], extra: ['graphql'], ranked: true },
  { key: 'android', titles: [['Android Developer', ['android']], ['Kotlin Engineer', ['kotlin']]], core: ['kotlin', 'android'], extra: ['java'], ranked: true },
  { key: 'security', titles: [['Security Engineer', []], ['Application Security Engineer', []]], core: ['security'], extra: ['aws', 'python'], ranked: true },
  { key: 'engineering-manager', titles: [['Engineering Manager', []], ['Engineering Manager, Payments', []]], core: ['leadership'], extra: ['java', 'go'], ranked: false },
  { key: 'support', titles: [['Customer Support Specialist', []], ['Technical Support Engineer', []]], core: ['support'], extra: [], ranked: false },
]

/** How postings write each skill: varied on purpose. */
const SPELLINGS: Record<string, string[]> = {
  go: ['Go', 'Golang', 'Go (Golang)'], python: ['Python'], django: ['Django'], java: ['Java'], spring: ['Spring Boot', 'Spring'],
  javascript: ['JavaScript', 'JS'], react: ['React', 'ReactJS', 'React.js'], typescript: ['TypeScript', 'TS'], vue: ['Vue.js', 'Vue'],
  nodejs: ['Node.js', 'NodeJS', 'Node'], dotnet: ['.NET', '.NET Core', 'dotnet'], csharp: ['C#'], cpp: ['C++', 'modern C++'],
  rust: ['Rust'], sql: ['SQL'], spark: ['Spark', 'Apache Spark'], 'machine-learning': ['machine learning', 'ML'], pytorch: ['PyTorch'],
  kubernetes: ['Kubernetes', 'K8s'], aws: ['AWS', 'Amazon Web Services', 'AWS (S3, Lambda)'], terraform: ['Terraform'], postgresql: ['PostgreSQL', 'Postgres'],
  grpc: ['gRPC'], celery: ['Celery'], kafka: ['Kafka'], css: ['CSS'], graphql: ['GraphQL'], linux: ['Linux'], airflow: ['Airflow'],
  r: ['R'], cisco: ['Cisco'], networking: ['TCP/IP networking', 'routing and switching'], 'product-management': ['roadmaps', 'product discovery'],
  figma: ['Figma'], ux: ['UX research', 'user experience'], 'user-research': ['user interviews'], selenium: ['Selenium'], qa: ['test plans', 'quality assurance'],
  swift: ['Swift'], ios: ['iOS', 'UIKit'], kotlin: ['Kotlin'], android: ['Android'], security: ['threat modelling', 'application security'],
  leadership: ['people leadership', 'hiring'], support: ['customer tickets', 'Zendesk'], 'sql-server': ['SQL Server'], azure: ['Azure'],
}

/** Sentences of ordinary text, several holding a trap for a naive matcher. */
const FILLER = [
  'We are good at what we do and ready to go further.',
  'Our network of partners spans Europe.',
  'Net salary is reviewed every year.',
  'Senior leadership meets the whole team monthly.',
  'Java coffee and snacks on tap.',
  'We google nothing: we read the docs.',
  'Learn more about our data on our blog.',
  'Front-line support is everyone\'s job in the first week.',
  'We care about quality and ownership.',
  'Flexible hours and a learning budget.',
  'You will engineer reliable systems with a friendly team.',
]

const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Vandelay', 'Stark Labs', 'Wayne Data', 'Pied Piper', 'Tyrell', 'Cyberdyne', 'Soylent']

/** mulberry32: a small seeded generator, so every run builds the same catalogue. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface QualityPosting {
  record: JobRecord
  labels: Labels
}

export function qualityCatalogue(perRole = 30, seed = 26): QualityPosting[] {
  const next = random(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  const out: QualityPosting[] = []
  let n = 0
  for (const role of ROLES) {
    for (let i = 0; i < perRole; i++) {
      n++
      const [baseTitle, titleSkills] = pick(role.titles)
      const seniority = role.ranked ? pick(['', '', '', 'Senior ', 'Senior ', 'Junior ', 'Lead ', 'Staff ']) : ''
      const title = `${seniority}${baseTitle}`
      const skills = [...role.core, ...role.extra.filter(() => next() < 0.4)]
      const company = pick(COMPANIES)
      const named = skills.map((skill) => pick(SPELLINGS[skill] ?? [skill]))
      const fillers = [pick(FILLER), pick(FILLER)]
      const text = `${company} is hiring a ${title}. You will work with ${named.join(', ')}. ${fillers.join(' ')}`
      out.push({
        record: {
          source: 'quality',
          externalId: `q-${n}`,
          title,
          company: { slug: company.toLowerCase().replace(/\W+/g, '-'), name: company },
          descriptionHtml: `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`,
          descriptionText: text,
          postedAt: new Date(Date.UTC(2026, 10, 20) - Math.floor(next() * 60) * 86_400_000 - n * 1000).toISOString(),
        },
        labels: { role: role.key, seniority: seniority.trim().toLowerCase() || 'mid', skills: new Set(skills), titleSkills: new Set(titleSkills), title },
      })
    }
  }
  return out
}
