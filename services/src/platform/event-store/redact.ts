import type { StoredEvent } from './port.ts';

/**
 * Events whose data holds secrets (password hashes, code and token digests) leave the system without their data:
 * the analysts' event stream and exports show that they happened, not what they hold.
 */
export const redactSensitive = (event: StoredEvent, sensitiveTypes: ReadonlySet<string>): StoredEvent =>
  sensitiveTypes.has(event.type) ? { ...event, data: { redacted: true } } : event;
