import { randomUUID } from 'node:crypto';
import type { MembershipView } from '@acpg/contracts/memberships';
import type { StoredEvent } from '../src/platform/event-store/port.ts';
import { tickSchedules } from '../src/platform/schedules/start.ts';
import type { TestApp } from './harness.ts';
import { testPaymentMethod } from './payments.ts';
import { registerAccount } from './accounts.ts';
import { waitFor } from './wait-for.ts';

/** Moves the app's clock (`platform.clock`, the one time source of routes, commands and schedules) to `at`. */
export const setClock = (t: TestApp, at: string | number) => {
  const fixed = typeof at === 'number' ? at : Date.parse(at);
  t.platform.clock = () => new Date(fixed);
};

/** A registered customer (the dunning emails' recipient), for `accountId`. */
export const customerWithEmail = async (t: TestApp, accountId = `acct-${randomUUID()}`) => {
  const email = `${accountId}@example.test`;
  await registerAccount(t, accountId, { email, full_name: 'Pat Member' });
  const token = await t.signInAs('Customer', accountId);
  return { accountId, email, headers: { authorization: `Bearer ${token}` } };
};

/** Saves a test card for `accountId` (POST /payments/saved-cards) and answers its payment method id. */
export const savedCard = async (t: TestApp, accountId: string, cardNumber: string): Promise<string> => {
  const paymentMethodId = await testPaymentMethod(t, accountId, cardNumber);
  const headers = { authorization: `Bearer ${await t.signInAs('Customer', accountId)}` };
  const saved = await t.app.inject({ method: 'POST', url: '/api/v1/payments/saved-cards', payload: { payment_method_id: paymentMethodId }, headers });
  if (saved.statusCode !== 200) throw new Error(`saved card: ${saved.statusCode} ${saved.body}`);
  return paymentMethodId;
};

/**
 * One tick of `schedules` at the app's clock: their slot jobs run on the app's worker. A slot runs once: two ticks in
 * one minute of the moved clock (two tests' dates a few seconds apart) run it once; `runNow` does not wait for a slot.
 */
export const tick = (t: TestApp, schedules: Parameters<typeof tickSchedules>[1]) => tickSchedules(t.platform, schedules);
/** What a slot's job does, run here at the app's clock. */
export const runNow = async (t: TestApp, schedules: Parameters<typeof tickSchedules>[1]) => {
  for (const schedule of schedules) await schedule.run(t.platform, { at: t.platform.clock() });
};

/** The membership's events once `until` holds for them (a deadline poller). */
export const membershipEvents = (t: TestApp, stream: string, until: (events: StoredEvent[]) => boolean, what: string) =>
  waitFor(async () => {
    const events = await t.platform.eventStore.readStream(stream);
    return until(events) ? events : undefined;
  }, { timeoutMs: 15_000, what });

export const countOf = (events: readonly StoredEvent[], type: string) => events.filter((e) => e.type === type).length;

/** The member's row of GET /memberships/mine once `until` holds. */
export const myMembership = (t: TestApp, headers: Record<string, string>, id: string, until: (m: MembershipView) => boolean, what: string) =>
  waitFor(async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/memberships/mine?page_size=50', headers });
    const found = (response.json().data.items as MembershipView[]).find((m) => m.id === id);
    return found && until(found) ? found : undefined;
  }, { timeoutMs: 15_000, what });
