/** Business domains from a posting's and its company's text; several may apply. */
const DOMAIN_RULES: [string, RegExp][] = [
  ['fintech', /\b(fintech|payments?|banking|neobank|lending|credit card|insurtech|trading platform|wealth management|brokerage)\b/i],
  ['crypto', /\b(crypto(currency)?|web3|defi|blockchain|bitcoin|ethereum|nft|stablecoin)\b/i],
  ['ecommerce', /\b(e-?commerce|online (store|shop|retail)|marketplace|retail|checkout experience)\b/i],
  ['gambling', /\b(igaming|betting|sportsbook|casino|gambling|poker)\b/i],
  ['gamedev', /\b(game studio|video games?|gamedev|game development|mobile games|unreal engine|unity3d|aaa titles?)\b/i],
  ['media', /\b(streaming|media company|publishing|newsroom|podcasts?|music platform|video platform|broadcast)\b/i],
  ['travel', /\b(travel|hospitality|booking platform|airlines?|hotels?|vacation rentals?)\b/i],
  ['healthcare', /\b(health ?care|healthtech|medical|clinical|patients?|hospitals?|telemedicine|pharma|biotech)\b/i],
  ['edtech', /\b(edtech|education(al)? (platform|technology)|online learning|students|e-learning|learning platform)\b/i],
  ['govtech', /\b(govtech|public sector|government agencies|civic tech|federal agencies|municipalities)\b/i],
  ['devtools', /\b(developer tools?|devtools|developer platform|developer experience|sdks? for developers|open[- ]source tooling|ci\/cd platform)\b/i],
  ['cybersecurity', /\b(cyber ?security|threat detection|security platform|endpoint protection|zero trust|siem|identity security)\b/i],
  ['ai', /\b(ai[- ]native|ai[- ]first|generative ai|llms?|large language models?|ai platform|ai products?|foundation models?)\b/i],
  ['hrtech', /\b(hr ?tech|hr software|recruiting platform|payroll software|hiring platform|workforce management|people platform)\b/i],
  ['adtech', /\b(adtech|ad tech|advertising platform|programmatic|ad network|demand[- ]side platform|martech)\b/i],
  ['proptech', /\b(proptech|real estate|property management|mortgages?|rental platform)\b/i],
  ['logistics', /\b(logistics|supply chain|freight|shipping|last[- ]mile|warehouse management|fleet management|delivery platform)\b/i],
  ['mobility', /\b(mobility|ride[- ]hailing|autonomous (vehicles|driving)|electric vehicles?|\bev charging|automotive|micromobility)\b/i],
  ['climatetech', /\b(climate ?tech|renewable energy|carbon (removal|accounting|capture)|decarboni[sz]ation|solar|clean energy|energy transition|sustainability platform)\b/i],
]

export const DOMAINS = DOMAIN_RULES.map(([domain]) => domain)

/** One pass over the text with every rule at once; each hit is then attributed to its domain. */
const ANY_DOMAIN = new RegExp(DOMAIN_RULES.map(([, pattern]) => pattern.source).join('|'), 'gi')

export function detectDomains(text: string): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(ANY_DOMAIN)) {
    for (const [domain, pattern] of DOMAIN_RULES) if (pattern.test(match[0])) found.add(domain)
  }
  return DOMAIN_RULES.map(([domain]) => domain).filter((domain) => found.has(domain))
}
