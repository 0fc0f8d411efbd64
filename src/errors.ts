/**
 * The expected failures of every module, domain and HTTP alike: code throws one of these and the
 * one error mapper (src/http/error-map.ts) answers `{ error, ...fields }` with the kind's status.
 * Domain modules stay free of h3. The message is the `error` body, so it never echoes secrets or
 * raw input; `fields` add documented members (an `allowance` on 402, a `code` on auth errors).
 */
const statusOf = {
  invalid: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  not_implemented: 501,
  bad_gateway: 502,
  unavailable: 503,
} as const

export type ErrorKind = keyof typeof statusOf

export interface ErrorOptions {
  headers?: Record<string, string>
  fields?: Record<string, unknown>
}

export class DomainError extends Error {
  override name = 'DomainError'
  constructor(readonly kind: ErrorKind, message: string, readonly options: ErrorOptions = {}) {
    super(message)
  }
  get status(): number {
    return statusOf[this.kind]
  }
}

export const badRequest = (message: string, options?: ErrorOptions) => new DomainError('invalid', message, options)
export const unauthorized = (message = 'authentication required', options?: ErrorOptions) => new DomainError('unauthorized', message, options)
export const paymentRequired = (message: string, options?: ErrorOptions) => new DomainError('payment_required', message, options)
export const forbidden = (message = 'not allowed', options?: ErrorOptions) => new DomainError('forbidden', message, options)
export const notFound = (message = 'not found') => new DomainError('not_found', message)
export const methodNotAllowed = (message: string, headers: Record<string, string>) => new DomainError('method_not_allowed', message, { headers })
export const requestTimeout = (message: string) => new DomainError('request_timeout', message)
export const conflict = (message: string, options?: ErrorOptions) => new DomainError('conflict', message, options)
export const gone = (message: string) => new DomainError('gone', message)
export const payloadTooLarge = (message = 'request body too large') => new DomainError('too_large', message)
export const unsupportedType = (message: string) => new DomainError('unsupported_type', message)
export const unprocessable = (message: string) => new DomainError('unprocessable', message)
export const tooManyRequests = (message: string, headers: Record<string, string>) => new DomainError('rate_limited', message, { headers })
export const notImplemented = (message: string) => new DomainError('not_implemented', message)
/** An outside service openroles relies on for this request failed (e.g. minting a voice token). */
export const badGateway = (message: string) => new DomainError('bad_gateway', message)
export const serviceUnavailable = (message: string) => new DomainError('unavailable', message)
