import type { Adapter, Listing } from './adapter.ts'
import { asArray, collect, dateOf, isObject, parseXml, str, text, type Obj } from './fields.ts'
import { CrawlError } from '../board-url.ts'

/**
 * An RSS 2.0 or Atom feed of jobs. RSS: `rss/channel/item` with title, link, guid, description
 * (or content:encoded), pubDate. Atom: `feed/entry` with id, title, link[@href], content or
 * summary, published/updated; an Atom feed paged as RFC 5005 says (`<link rel="next">`) is read to
 * its end. The id is the guid / Atom id, made unique by the feed's host when it is not a URL.
 *
 * What job feeds add to RSS is read too: Teamtailor's `<remoteStatus>` (fully, hybrid, none) and
 * `<tt:locations>` (city, country); a remote-job board's `<region>` (where applicants may live,
 * "Anywhere in the World", "USA Only"), which makes its items remote; and a multi-employer feed's
 * "Company: Title" items (most items of the feed written so, by several employers) are split into
 * employer and title.
 */
function linkOf(entry: Obj, rel: string): string | undefined {
  for (const link of asArray(entry.link)) {
    if (isObject(link) && (str(link['@_rel']) ?? 'alternate') === rel && str(link['@_href'])) return str(link['@_href'])
    if (!isObject(link) && rel === 'alternate' && str(link)) return str(link)
  }
  return undefined
}

const REMOTE_STATUS: Record<string, string> = { fully: 'remote', hybrid: 'hybrid', none: 'onsite' }

/** Teamtailor's `<tt:locations>`: "City, Country" each, with the cities and countries apart. */
function teamtailorPlaces(item: Obj): { location?: string; cities?: string[]; countries?: string[] } {
  const holder = item['tt:locations']
  const places = (isObject(holder) ? asArray(holder['tt:location']) : []).filter(isObject)
  const cities = places.map((p) => text(p['tt:city'])).filter((c): c is string => Boolean(c))
  const countries = places.map((p) => text(p['tt:country'])).filter((c): c is string => Boolean(c))
  const labels = places.map((p) => [text(p['tt:city']), text(p['tt:country'])].filter(Boolean).join(', ')).filter(Boolean)
  return labels.length ? { location: labels.join(' / '), cities, countries } : {}
}

const EMPLOYER_TITLE = /^([^:]{2,80}?):\s+(\S.*)$/

/**
 * A feed lists several employers' jobs as "Company: Title" when most of its titles are so written,
 * by many names (at least two, and half as many as such titles). One employer's feed that prefixes
 * its departments ("Engineering: Backend Developer") names few, each many times.
 */
function multiEmployer(titles: (string | undefined)[]): boolean {
  const written = titles.map((t) => (t ? EMPLOYER_TITLE.exec(t)?.[1] : undefined)).filter(Boolean)
  const names = new Set(written).size
  return written.length >= 2 && written.length >= 0.8 * titles.length && names >= 2 && names >= written.length / 2
}

const idWithin = (feed: URL, value: string | undefined) => (value ? (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `${feed.host}:${value}`) : undefined)

export const feed: Adapter = {
  kind: 'feed',
  label: 'Job feed (RSS/Atom)',
  tokenHelp: 'feed URL (https://…)',
  defaultUrl: (token) => token,
  async list(board, { http, signal, maxPages }) {
    const all: Listing = { entries: [], malformed: [] }
    let next: string | undefined = board.url
    for (let page = 0; next && page < maxPages; page++) {
      const url: URL = new URL(next)
      const doc = parseXml(await http.get(url.href, { signal, accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml' }), 'the feed')
      next = undefined
      let listing: Listing
      if (isObject(doc.rss)) {
        const channel = isObject(doc.rss.channel) ? doc.rss.channel : {}
        const items = asArray(channel.item)
        const split = multiEmployer(items.map((item) => (isObject(item) ? text(item.title) : undefined)))
        listing = collect(items, 'item', (item) => {
          const whole = text(item.title)
          const parts = split && whole ? EMPLOYER_TITLE.exec(whole) : null
          const region = text(item.region)
          const places = teamtailorPlaces(item)
          return {
            id: idWithin(url, text(item.guid) ?? linkOf(item, 'alternate')),
            record: {
              title: parts ? parts[2] : whole,
              company: text(item.company) ?? parts?.[1] ?? board.company,
              url: linkOf(item, 'alternate'),
              description: text(item['content:encoded']) ?? text(item.description),
              posted_at: dateOf(text(item.pubDate)),
              location: places.location ?? region,
              cities: places.cities,
              countries: places.countries,
              work_mode: REMOTE_STATUS[text(item.remoteStatus)?.toLowerCase() ?? ''] ?? (region ? 'remote' : undefined),
            },
          }
        })
      } else if (isObject(doc.feed)) {
        listing = collect(asArray(doc.feed.entry), 'entry', (entry) => ({
          id: idWithin(url, text(entry.id) ?? linkOf(entry, 'alternate')),
          record: {
            title: text(entry.title),
            company: board.company,
            url: linkOf(entry, 'alternate'),
            description: text(entry.content) ?? text(entry.summary),
            posted_at: dateOf(text(entry.published)) ?? dateOf(text(entry.updated)),
          },
        }))
        const more = linkOf(doc.feed, 'next')
        next = more ? new URL(more, url).href : undefined
      } else {
        throw new CrawlError('the feed is neither RSS (<rss>) nor Atom (<feed>)')
      }
      all.entries.push(...listing.entries)
      all.malformed.push(...listing.malformed)
    }
    if (next) throw new CrawlError(`the feed has more than ${maxPages} pages`)
    return all
  },
}
