import { DELIVERY_CHANNELS } from '../channels/notifications.ts'
import { object, ref } from './openapi-shapes.ts'
import { str, strings, type JsonObject } from './openapi-json.ts'

/**
 * Response shapes of the signed-in operations whose payloads follow the reference service's web
 * app (profile, saved searches, subscriptions, notification settings, password change): JSON
 * Schema components of the OpenAPI document, like the public ones in openapi-shapes.ts.
 */

const timestamp: JsonObject = { type: 'string', format: 'date-time' }
const orNull = (schema: JsonObject): JsonObject => ({ oneOf: [schema, { type: 'null' }] })
const channel: JsonObject = { type: 'string', enum: DELIVERY_CHANNELS }
const places = object({ countries: strings, regions: strings, cities: strings })

export const ME_SCHEMAS: Record<string, JsonObject> = {
  Profile: object(
    {
      headline: { type: ['string', 'null'] },
      skills: { ...strings, description: 'canonical skill slugs (the `skills` facet vocabulary), the reference service\'s shape' },
      skill_details: { type: 'array', description: 'the same skills with the name as sent and the level', items: object({ name: str, slug: str, level: { type: ['string', 'null'], enum: ['beginner', 'intermediate', 'advanced', 'expert', null] } }) },
      years_experience: { type: ['integer', 'null'] },
      desired_roles: strings,
      locations: strings,
      work_modes: strings,
      salary_expectation: orNull(object({ amount: { type: 'integer' }, currency: str, period: str })),
      languages: { type: 'array', items: object({ language: str, level: str }) },
      specializations: { ...strings, description: 'job categories, at most 5' },
      excluded_skills: { ...strings, description: 'canonical skill slugs' },
      location_preferences: orNull(
        object({
          work_modes: strings,
          remote: object({ regions: strings, countries: strings }),
          base: object({ country: { type: ['string', 'null'] }, city: { type: ['string', 'null'] } }),
          relocation: object({ open: { type: 'boolean' }, regions: strings, countries: strings, cities: strings }),
        }),
      ),
      derived_location: { ...orNull(places), description: 'every country, region and city the location preferences name' },
      cv: { type: 'null', description: 'the reference service\'s résumé view; no résumé is kept with the profile here' },
      created_at: timestamp,
      updated_at: timestamp,
    },
    undefined,
    "The caller's profile.",
  ),
  JobList: object({
    id: { type: 'integer' },
    name: str,
    description: str,
    public_slug: { ...str, description: 'the slug of the public page while shared, "" while private' },
    job_count: { type: 'integer' },
    created_at: timestamp,
    updated_at: timestamp,
  }),
  JobListWithJobs: object({
    id: { type: 'integer' },
    name: str,
    description: str,
    public_slug: str,
    job_count: { type: 'integer' },
    created_at: timestamp,
    updated_at: timestamp,
    jobs: { type: 'array', items: ref('Job') },
  }),
  SharedJobList: object({
    name: str,
    description: str,
    public_slug: str,
    job_count: { type: 'integer' },
    shared_at: timestamp,
    updated_at: timestamp,
    jobs: { type: 'array', items: ref('Job'), description: 'a job that closed since it was listed stays, with `closed_at` set' },
  }),
  Webhook: object(
    {
      url: str,
      enabled: { type: 'boolean' },
      created_at: timestamp,
      updated_at: timestamp,
      disabled_at: { type: ['string', 'null'], format: 'date-time' },
      last_attempt_at: { type: ['string', 'null'], format: 'date-time' },
      last_success_at: { type: ['string', 'null'], format: 'date-time' },
      last_status: { type: ['integer', 'null'], description: 'HTTP status of the last attempt; null when it got no answer' },
      last_error: { type: ['string', 'null'], description: 'why the last attempt failed; null after a success' },
      failures: { type: 'integer', description: 'failed attempts since the last success' },
      secret: { ...str, description: 'the signing secret: present only in the answer that created or rotated it' },
    },
    ['url', 'enabled', 'created_at', 'updated_at', 'disabled_at', 'last_attempt_at', 'last_success_at', 'last_status', 'last_error', 'failures'],
  ),
  SavedSearch: object({
    id: { type: 'integer' },
    name: str,
    query: str,
    public_slug: { type: ['string', 'null'], description: 'always null: saved searches are private here' },
    author_label: { type: ['string', 'null'], description: 'always null: saved searches are private here' },
    subscriptions: { type: 'array', items: object({ id: { type: 'integer' }, channel, active: { type: 'boolean' } }) },
    created_at: timestamp,
    updated_at: timestamp,
  }),
  Subscription: object({
    id: { type: 'integer' },
    active: { type: 'boolean' },
    saved_search_id: { type: 'integer' },
    saved_search_name: str,
    channel,
    name: { ...str, description: 'the saved search name (earlier spelling of saved_search_name)' },
    query: str,
    last_digest_at: { type: ['string', 'null'], format: 'date-time' },
    created_at: timestamp,
    updated_at: timestamp,
  }),
  NotificationSettings: object({
    enabled: { type: 'boolean' },
    channels: { type: 'array', items: channel },
    digest_in_app: { type: 'boolean' },
    digest_push: { type: 'boolean', description: 'earlier spelling: push is among the channels' },
  }),
  PasswordChanged: object({ ok: { type: 'boolean', const: true }, changed: { type: 'boolean', const: true } }),
  Notification: object({
    id: { type: 'integer' },
    kind: str,
    title: str,
    body: str,
    public_slug: { type: ['string', 'null'], description: 'the posting it is about, if one' },
    jobs: {
      type: 'array',
      description: 'the postings a digest lists',
      items: object({ public_slug: str, title: str, company: str, location: { type: ['string', 'null'] }, work_mode: { type: ['string', 'null'] }, created_at: timestamp }),
    },
    created_at: timestamp,
    read_at: { type: ['string', 'null'], format: 'date-time', description: 'null while unread' },
  }),
}
