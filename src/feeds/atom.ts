/**
 * Atom 1.0 (RFC 4287) documents of job lists, so a feed reader can follow any search. Everything
 * interpolated is XML-escaped; job text comes from the API's own encoder (the preview is already
 * plain text).
 */
export interface FeedJob {
  public_slug: string
  title: string
  company: string
  location?: string | null
  description?: string
  skills?: string[]
  posted_at?: string | null
  created_at?: string
  updated_at?: string
}

export interface Feed {
  /** Absolute URL of this feed (its id and rel=self). */
  selfUrl: string
  /** Absolute URL of the same list on the search page (rel=alternate). */
  pageUrl: string
  /** Absolute origin the job links are made from. */
  origin: string
  title: string
  jobs: FeedJob[]
  /** Used as `updated` when the list is empty. */
  now: string
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    // Characters XML 1.0 forbids (a posting could carry them) are dropped.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')

export function atomFeed(feed: Feed): string {
  const updatedOf = (job: FeedJob) => job.updated_at ?? job.created_at ?? job.posted_at ?? feed.now
  const updated = feed.jobs.map(updatedOf).sort().at(-1) ?? feed.now
  const entries = feed.jobs.map((job) => {
    const url = `${feed.origin}/jobs/${encodeURIComponent(job.public_slug)}`
    const title = job.location ? `${job.title} at ${job.company} (${job.location})` : `${job.title} at ${job.company}`
    return [
      '  <entry>',
      `    <id>${escapeXml(url)}</id>`,
      `    <title>${escapeXml(title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <updated>${escapeXml(updatedOf(job))}</updated>`,
      job.posted_at ? `    <published>${escapeXml(job.posted_at)}</published>` : '',
      `    <author><name>${escapeXml(job.company)}</name></author>`,
      ...(job.skills ?? []).map((skill) => `    <category term="${escapeXml(skill)}"/>`),
      job.description ? `    <summary type="text">${escapeXml(job.description)}</summary>` : '',
      '  </entry>',
    ].filter(Boolean).join('\n')
  })
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(feed.selfUrl)}</id>`,
    `  <title>${escapeXml(feed.title)}</title>`,
    `  <updated>${escapeXml(updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(feed.pageUrl)}"/>`,
    '  <generator>openroles</generator>',
    ...entries,
    '</feed>',
    '',
  ].join('\n')
}
