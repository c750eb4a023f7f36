import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { pdfText } from '../../../platform/pdf/read-text.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { registerAccount } from '../../../../test/accounts.ts';
import { payWithTestCard } from '../../../../test/payments.ts';
import { setClock } from '../../../../test/renewals.ts';
import { outboxOf } from '../../../../test/sign-in.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { receiptFileKey } from './issue.ts';

/**
 * DECISIONS.md "Time": what the server writes for a person is dated in the recipient's zone, kept on the account. A
 * payment at 9:30 PM in Los Angeles on June 2 is 04:30 UTC on June 3: the Los Angeles payer's receipt says June 2; a New
 * York payer paying at that instant (12:30 AM there) gets June 3.
 */
describe('receipts in the payer’s time zone', () => {
  const t = useTestApp();
  const EVENING_IN_LOS_ANGELES = '2026-06-03T04:30:00.000Z';

  const payer = async (timeZone?: string) => {
    const id = `acct-${randomUUID()}`;
    const email = `${id}@example.test`;
    await registerAccount(t, id, { email, full_name: 'Pat Payer', ...(timeZone ? { time_zone: timeZone } : {}) });
    return { id, email };
  };
  const receiptOf = async (who: { id: string; email: string }) => {
    const { checkoutId } = await payWithTestCard(t, who.id, TEST_CARDS.succeeds, 'yearly');
    const paid = (await t.platform.eventStore.readStream(`payments-checkout-${checkoutId}`)).find((e) => e.type === 'PaymentSucceeded');
    expect((paid?.data as { paid_at: string }).paid_at).toBe(EVENING_IN_LOS_ANGELES);
    const email = await waitFor(async () => (await outboxOf(t, who.email)).find((m) => m.subject?.startsWith('Your ACPG receipt')), { what: 'the receipt email' });
    const file = await waitFor(() => t.platform.files.get(receiptFileKey(checkoutId)).then((f) => f ?? undefined), { what: 'the stored receipt' });
    return { text: email.text ?? '', pdf: pdfText(file.bytes).join('\n') };
  };

  it('an evening payment in Los Angeles is that evening’s day; the same instant in New York is the next day', async () => {
    setClock(t, EVENING_IN_LOS_ANGELES);
    const losAngeles = await receiptOf(await payer('America/Los_Angeles'));
    expect(losAngeles.text).toContain('Date paid: June 2, 2026');
    expect(losAngeles.pdf).toContain('June 2, 2026');
    expect(losAngeles.pdf).not.toContain('June 3, 2026');

    const newYork = await receiptOf(await payer('America/New_York'));
    expect(newYork.text).toContain('Date paid: June 3, 2026');
    expect(newYork.pdf).toContain('June 3, 2026');

    // An account that never sent a zone (older accounts) is dated in the default one, Los Angeles.
    const older = await receiptOf(await payer());
    expect(older.text).toContain('Date paid: June 2, 2026');
  }, 60_000);
});
