/** A delivery failure that retrying cannot fix (the account, the link or the device is gone): the outbox row fails at once. */
export class PermanentDeliveryError extends Error {}
