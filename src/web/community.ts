import { getJson, sendJson, whoAmI, type Me } from './api.ts'
import { announce, h, replaceChildren } from './dom.ts'
import { formatAge, humanize } from './format.ts'
import type { Feedback as Review } from '../community/feedback.ts'

/**
 * A company's reviews and discussions on its page, with forms for signed-in people. Everything
 * people wrote is inserted as text nodes (dom.ts `h`), never as HTML: bodies are stored as given.
 */
interface Thread {
  id: number
  title: string
  body: string
  author: string
  reply_count: number
  created_at: string
}

interface Counters {
  feedback_count: number
  feedback_rating_avg: number | null
}

const TYPES = ['interview', 'culture', 'compensation', 'management', 'work_life_balance', 'career_growth', 'other']

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating)

export function ratingText(counters: Counters): string {
  if (!counters.feedback_count || counters.feedback_rating_avg === null) return 'No reviews yet'
  return `★ ${counters.feedback_rating_avg.toFixed(1)} from ${counters.feedback_count} ${counters.feedback_count === 1 ? 'review' : 'reviews'}`
}

function reviewItem(review: Review): HTMLElement {
  return h(
    'li',
    { class: 'review' },
    h('p', { class: 'review-meta' }, h('span', { class: 'stars', 'aria-label': `${review.rating} out of 5` }, stars(review.rating)), ` ${humanize(review.feedback_type)} · ${review.author} · ${formatAge(review.created_at) ?? ''}`),
    h('p', { class: 'review-body' }, review.body),
  )
}

function threadItem(thread: Thread): HTMLElement {
  return h(
    'li',
    { class: 'thread' },
    h('p', { class: 'thread-title' }, thread.title),
    h('p', { class: 'thread-body' }, thread.body),
    h('p', { class: 'thread-meta' }, `${thread.author} · ${thread.reply_count} ${thread.reply_count === 1 ? 'reply' : 'replies'}`),
  )
}

/** A form whose submit runs `send`, shows its error in place, and resets on success. */
function writeForm(id: string, label: string, fields: HTMLElement[], send: (form: HTMLFormElement) => Promise<void>): HTMLFormElement {
  const error = h('p', { class: 'form-error', role: 'alert' })
  const form = h('form', { id, class: 'write-form', 'aria-label': label }, fields, h('button', { type: 'submit' }, label), error)
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    replaceChildren(error)
    send(form).then(() => form.reset(), (failure: Error) => replaceChildren(error, failure.message))
  })
  return form
}

const field = (label: string, control: HTMLElement) => h('label', { class: 'field' }, h('span', {}, label), control)
const value = (form: HTMLFormElement, name: string) => (form.elements.namedItem(name) as HTMLInputElement).value

/** The reviews and discussions of a company; `summary` is the rating line in the page header, kept current. */
export function companyCommunity(slug: string, summary: HTMLElement): HTMLElement {
  const reviews = h('ol', { class: 'review-list', 'aria-label': 'Reviews' })
  const threads = h('ol', { class: 'thread-list', 'aria-label': 'Discussions' })
  const reviewSlot = h('div')
  const threadSlot = h('div')
  const path = `/companies/${encodeURIComponent(slug)}`
  const loadReviews = () =>
    getJson<Review[]>(`${path}/feedback?limit=20`).then(({ data }) => replaceChildren(reviews, data.length ? data.map(reviewItem) : h('li', { class: 'empty' }, 'No reviews yet.')))
  const loadThreads = () =>
    getJson<Thread[]>(`/threads?subject_type=company&subject_slug=${encodeURIComponent(slug)}`).then(({ data }) =>
      replaceChildren(threads, data.length ? data.map(threadItem) : h('li', { class: 'empty' }, 'No discussions yet.')))
  void loadReviews()
  void loadThreads()
  whoAmI().then((me: Me | null) => {
    if (!me) {
      replaceChildren(reviewSlot, h('p', { class: 'hint' }, 'Sign in to write a review or start a discussion.'))
      return
    }
    const rating = h('select', { name: 'rating', id: 'review-rating' }, [5, 4, 3, 2, 1].map((n) => h('option', { value: n }, `${stars(n)} ${n}`)))
    const type = h('select', { name: 'feedback_type', id: 'review-type' }, TYPES.map((t) => h('option', { value: t }, humanize(t))))
    replaceChildren(reviewSlot, writeForm('review-form', 'Post review', [field('Rating', rating), field('About', type), field('Your review', h('textarea', { name: 'body', id: 'review-body', rows: 4, maxlength: 5000 }))], async (form) => {
      const answer = await sendJson<{ company: Counters }>('POST', `${path}/feedback`, { rating: Number(value(form, 'rating')), feedback_type: value(form, 'feedback_type'), body: value(form, 'body') })
      if (answer) replaceChildren(summary, ratingText(answer.company))
      await loadReviews()
      announce('Your review is posted.')
    }))
    replaceChildren(threadSlot, writeForm('thread-form', 'Start discussion', [field('Title', h('input', { name: 'title', id: 'thread-title', maxlength: 200 })), field('Message', h('textarea', { name: 'body', id: 'thread-body', rows: 3 }))], async (form) => {
      await sendJson('POST', '/threads', { subject_type: 'company', subject_slug: slug, title: value(form, 'title'), body: value(form, 'body') })
      await loadThreads()
      announce('Your discussion is started.')
    }))
  })
  return h('section', { class: 'community' }, h('h2', {}, 'Reviews'), reviews, reviewSlot, h('h2', {}, 'Discussions'), threads, threadSlot)
}
