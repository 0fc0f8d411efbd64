import type { Adapter, Listing } from './adapter.ts'
import { asArray, collect, dateOf, isObject, parseXml, str, text, type Obj } from './fields.ts'
import { CrawlError } from '../board-url.ts'

/**
 * An RSS 2.0 or Atom feed of jobs. RSS: `rss/channel/item` with title, link, guid, description
 * (or content:encoded), pubDate. Atom: `feed/entry` with id, title, link[@href], content or
 * summary, published/updated; an Atom feed paged as RFC 5005 says (`<link rel="next">`) is read to
 * its end. The id is the guid / Atom id, made unique by the feed's host when it is not a URL.
 */
function linkOf(entry: Obj, rel: string): string | undefined {
  for (const link of asArray(entry.link)) {
    if (isObject(link) && (str(link['@_rel']) ?? 'alternate') === rel && str(link['@_href'])) return str(link['@_href'])
    if (!isObject(link) && rel === 'alternate' && str(link)) return str(link)
  }
  return undefined
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
        listing = collect(asArray(channel.item), 'item', (item) => ({
          id: idWithin(url, text(item.guid) ?? linkOf(item, 'alternate')),
          title: text(item.title),
          record: {
            title: text(item.title),
            company: board.company,
            url: linkOf(item, 'alternate'),
            description: text(item['content:encoded']) ?? text(item.description),
            posted_at: dateOf(text(item.pubDate)),
          },
        }))
      } else if (isObject(doc.feed)) {
        listing = collect(asArray(doc.feed.entry), 'entry', (entry) => ({
          id: idWithin(url, text(entry.id) ?? linkOf(entry, 'alternate')),
          title: text(entry.title),
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
