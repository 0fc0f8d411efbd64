/**
 * Business domains from a posting's and its company's text; several may apply. Keywords are phrases
 * of up to three words, looked up among the text's own phrases (much cheaper than a large regular
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

const MAX_WORDS = 3
const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)
const RULES = DOMAIN_KEYWORDS.map(([domain, keywords]) => [domain, keywords.map((k) => words(k).join(' '))] as const)

/** Every phrase of one to three words in the text ("e-commerce" reads as "e commerce"). */
function phrasesOf(text: string): Set<string> {
  const list = words(text)
  const phrases = new Set<string>()
  for (let i = 0; i < list.length; i++) {
    let phrase = list[i]!
    phrases.add(phrase)
    for (let n = 1; n < MAX_WORDS && i + n < list.length; n++) {
      phrase += ' ' + list[i + n]
      phrases.add(phrase)
    }
  }
  return phrases
}

export function detectDomains(text: string): string[] {
  const phrases = phrasesOf(text)
  return RULES.filter(([, keywords]) => keywords.some((keyword) => phrases.has(keyword))).map(([domain]) => domain)
}
