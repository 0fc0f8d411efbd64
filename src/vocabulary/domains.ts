/**
 * Business domains from a posting's and its company's text; several may apply. Keywords are whole
 * words or phrases looked up in the text's set of words (much cheaper than a large regular
 * expression over every posting).
 */
const DOMAIN_KEYWORDS: [string, string[]][] = [
  ['fintech', ['fintech', 'payment', 'payments', 'banking', 'neobank', 'lending', 'credit card', 'insurtech', 'trading platform', 'wealth management', 'brokerage']],
  ['crypto', ['crypto', 'cryptocurrency', 'web3', 'defi', 'blockchain', 'bitcoin', 'ethereum', 'nft', 'stablecoin']],
  ['ecommerce', ['e-commerce', 'ecommerce', 'online store', 'online shop', 'online retail', 'marketplace', 'retail', 'checkout experience']],
  ['gambling', ['igaming', 'betting', 'sportsbook', 'casino', 'gambling', 'poker']],
  ['gamedev', ['game studio', 'video game', 'video games', 'gamedev', 'game development', 'mobile games', 'unreal engine', 'unity3d', 'aaa title', 'aaa titles']],
  ['media', ['streaming', 'media company', 'publishing', 'newsroom', 'podcast', 'podcasts', 'music platform', 'video platform', 'broadcast']],
  ['travel', ['travel', 'hospitality', 'booking platform', 'airline', 'airlines', 'hotel', 'hotels', 'vacation rental', 'vacation rentals']],
  ['healthcare', ['healthcare', 'health care', 'healthtech', 'medical', 'clinical', 'clinicians', 'patient', 'patients', 'hospital', 'hospitals', 'telemedicine', 'pharma', 'biotech']],
  ['edtech', ['edtech', 'educational platform', 'education platform', 'education technology', 'online learning', 'students', 'e-learning', 'learning platform']],
  ['govtech', ['govtech', 'public sector', 'government agencies', 'civic tech', 'federal agencies', 'municipalities']],
  ['devtools', ['developer tools', 'developer tool', 'devtools', 'developer platform', 'developer experience', 'open-source tooling', 'ci/cd platform']],
  ['cybersecurity', ['cybersecurity', 'cyber security', 'threat detection', 'security platform', 'endpoint protection', 'zero trust', 'siem', 'identity security']],
  ['ai', ['ai-native', 'ai native', 'ai-first', 'generative ai', 'llm', 'llms', 'large language model', 'large language models', 'ai platform', 'ai product', 'ai products', 'foundation model', 'foundation models']],
  ['hrtech', ['hrtech', 'hr tech', 'hr software', 'recruiting platform', 'payroll software', 'hiring platform', 'workforce management', 'people platform']],
  ['adtech', ['adtech', 'ad tech', 'advertising platform', 'programmatic', 'ad network', 'demand-side platform', 'martech']],
  ['proptech', ['proptech', 'real estate', 'property management', 'mortgage', 'mortgages', 'rental platform']],
  ['logistics', ['logistics', 'supply chain', 'freight', 'shipping', 'last-mile', 'last mile', 'warehouse management', 'fleet management', 'delivery platform']],
  ['mobility', ['mobility', 'ride-hailing', 'ride hailing', 'autonomous vehicles', 'autonomous driving', 'electric vehicle', 'electric vehicles', 'ev charging', 'automotive', 'micromobility']],
  ['climatetech', ['climate tech', 'climatetech', 'climate', 'renewable energy', 'carbon removal', 'carbon accounting', 'carbon capture', 'decarbonization', 'decarbonisation', 'solar', 'clean energy', 'energy transition']],
]

const words = (text: string) => text.toLowerCase().split(/[^a-z0-9\u00c0-\u024f\u0400-\u04ff]+/).filter(Boolean)
const RULES = DOMAIN_KEYWORDS.map(([domain, keywords]) => [domain, keywords.map((keyword) => words(keyword))] as const)

export function detectDomains(text: string): string[] {
  const list = words(text)
  const present = new Set(list)
  let joined: string | undefined
  // A phrase can only be there when its first word is; only then is the text searched for it.
  const has = (keyword: string[]) => {
    if (!present.has(keyword[0]!)) return false
    if (keyword.length === 1) return true
    joined ??= ` ${list.join(' ')} `
    return joined.includes(` ${keyword.join(' ')} `)
  }
  return RULES.filter(([, keywords]) => keywords.some(has)).map(([domain]) => domain)
}
