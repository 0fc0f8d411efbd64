import { HTTPError } from 'h3'

/** Typed HTTP errors. Their message is the `{ error }` body, so it must never echo secrets or raw input. */
export const badRequest = (message: string) => new HTTPError({ status: 400, message })
export const unauthorized = (message = 'authentication required') => new HTTPError({ status: 401, message })
export const forbidden = (message = 'not allowed') => new HTTPError({ status: 403, message })
export const notFound = (message = 'not found') => new HTTPError({ status: 404, message })
export const methodNotAllowed = (message: string, headers: Record<string, string>) => new HTTPError({ status: 405, message, headers })
export const conflict = (message: string) => new HTTPError({ status: 409, message })
export const payloadTooLarge = (message = 'request body too large') => new HTTPError({ status: 413, message })
export const tooManyRequests = (message: string, headers: Record<string, string>) =>
  new HTTPError({ status: 429, message, headers })
export const serviceUnavailable = (message: string) => new HTTPError({ status: 503, message })

export { HTTPError }
