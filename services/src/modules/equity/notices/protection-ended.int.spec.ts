import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { registerAccount } from '../../../../test/accounts.ts';
import { bearer, protectProperty } from '../../../../test/equity.ts';
import { outboxOf, waitForMessage } from '../../../../test/outbox.ts';

const t = useTestApp();

/** Issue 19: a protection ended is told to the member (a refund's end is covered in payments/refunds/refund-choice.int.spec.ts). */
describe('Equity Protect: a protection ended emails the member', () => {
  it('emails once when the member stops a protection, with the day it ended and until when it resumes free', async () => {
    const accountId = `acct-${randomUUID()}`;
    const email = `${accountId}@example.test`;
    await registerAccount(t, accountId, { email, full_name: 'Sam Stopper' });
    const enrolment = await protectProperty(t, accountId, 'ca-lax-00031');
    const stopped = await t.app.inject({ method: 'POST', url: `/api/v1/equity/enrollments/${enrolment.enrollment_id}/cancel`, payload: {}, headers: await bearer(t, accountId) });
    expect(stopped.statusCode, stopped.body).toBe(200);
    const mail = await waitForMessage(t.app, email, /^Equity Protect for .+, CA \d{5} has ended$/);
    const inLa = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'America/Los_Angeles' });
    expect(mail.text).toContain(`ended on ${inLa(new Date().toISOString())}.`);
    expect(mail.text).not.toContain('refunded');
    expect(mail.text).toContain(`You can protect it again free until ${inLa(String(enrolment.protected_until))}`);
    // A second stop is refused and sends nothing more.
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/equity/enrollments/${enrolment.enrollment_id}/cancel`, payload: {}, headers: await bearer(t, accountId) });
    expect(again.statusCode).toBe(409);
    expect((await outboxOf(t.app, email)).filter((m) => / has ended$/.test(m.subject ?? ''))).toHaveLength(1);
  });
});
