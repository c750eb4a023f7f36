import type { VerificationStarted } from '@acpg/contracts/properties';
import { registerReset } from '../../../lib/store-reset.ts';
import { startVerification } from './properties.ts';

/**
 * The open verification of each property in this tab. A start counts against the account's 3 a day, so a re-render,
 * React's development double mount or coming back to the step reuses the open one until it expires or ends.
 */
const open = new Map<string, Promise<VerificationStarted>>();

export function openVerification(propertyId: string, now = Date.now()): Promise<VerificationStarted> {
  const existing = open.get(propertyId);
  if (existing) {
    return existing.then((v) => (Date.parse(v.expires_at) - now > 30_000 ? v : restart(propertyId)));
  }
  return restart(propertyId);
}

function restart(propertyId: string): Promise<VerificationStarted> {
  const started = startVerification(propertyId);
  open.set(propertyId, started);
  // A refused start is not kept (unless another start replaced it meanwhile).
  started.catch(() => {
    if (open.get(propertyId) === started) open.delete(propertyId);
  });
  return started;
}

/** A wrong submission: a later visit shows the tries really left. */
export function rememberTriesLeft(propertyId: string, triesLeft: number): void {
  const existing = open.get(propertyId);
  if (existing) open.set(propertyId, existing.then((v) => ({ ...v, tries_left: triesLeft })));
}

/** The verification ended (verified, locked, expired): the next visit starts a new one. */
export function forgetVerification(propertyId: string): void {
  open.delete(propertyId);
}

// Another account may sign in next in this tab: its verifications are its own.
registerReset('property-verifications', () => open.clear());
