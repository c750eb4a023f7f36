import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import type { EnrolmentView } from '@acpg/contracts/equity';
import { markVerified } from '../../services/test/equity.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { currentSessionVersion } from '../../services/src/modules/identity/module.ts';
import { useE2e } from './support/app.ts';
import { checkWidths } from './support/axe.ts';
import { settled } from './support/browser.ts';
import { agreeToTerms, useNewCard } from './support/checkout.ts';
import { newCustomer } from './support/customer.ts';
import { invitationCode, providerWithAdmin, signInToProviderUsers } from './support/provider.ts';
import { explained } from './support/sign-in.ts';

const PROPERTY_ID = 'ca-scl-00011';

/** A provider, its Provider Admin (through the Super Admin's API) and a user who joined it with a verified property. */
const providerWithMember = async (app: TestApp) => {
  const { providerId, admin } = await providerWithAdmin(app, 'Harbor Homes');
  // The member: invited by the Provider Admin, accepting with the emailed code; their property verified.
  const member = await newCustomer(app, 'Mira Member');
  const adminToken = await app.platform.tokens.issueAccessToken({ userId: admin.accountId, roles: ['Provider Admin'], providerId, sessionVersion: await currentSessionVersion(app.platform.eventStore, admin.accountId) });
  const invited = await app.app.inject({ method: 'POST', url: '/api/v1/provider-users/invitations', payload: { email: member.email, role: 'Owner' }, headers: { authorization: `Bearer ${adminToken}` } });
  expect(invited.statusCode, invited.body).toBe(200);
  const code = await invitationCode(app, member.email);
  const accepted = await app.app.inject({ method: 'POST', url: '/api/v1/provider-invitations/accept', payload: { code }, headers: { authorization: `Bearer ${await app.signInAs('Customer', member.accountId)}` } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await markVerified(app, member.accountId, PROPERTY_ID);
  return { admin, member };
};

describe('Provider Admin: protects a user’s property from /acpg-provider-users and pays for it', () => {
  const e2e = useE2e();

  it('picks the user’s verified property, the provider pays with the card form, and the user’s property is protected', async () => {
    const { app, page } = e2e();
    const { admin, member } = await providerWithMember(app);
    await signInToProviderUsers(page, app, admin, 'Harbor Homes');
    const row = page.getByRole('table', { name: 'Provider users' }).getByRole('row').filter({ hasText: member.email });
    await explained(page, () => row.filter({ hasText: 'Active' }).waitFor({ timeout: 20_000 }));
    await checkWidths(page, 'provider-users-act-for-links');
    await row.getByRole('link', { name: `Protect a property of ${member.email}` }).click();

    await settled(page, 'Services for Mira Member');
    const form = page.getByRole('form', { name: 'Services for Mira Member' });
    await form.waitFor({ timeout: 20_000 });
    expect(await form.getByRole('radio', { name: 'Protect it with Equity Protect' }).isChecked()).toBe(true);
    // Nothing chosen: the form says so and focus lands on the property choice.
    await form.getByRole('button', { name: 'Protect this property' }).click();
    await form.getByText('Choose one of the user’s verified properties').waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('radio');
    await checkWidths(page, 'act-for-user-refused');

    // The keyboard picks the property (arrow keys within the radio group), the provider pays.
    await page.keyboard.press('Space');
    await expect.poll(() => form.getByRole('radio', { name: /APN/ }).first().isChecked()).toBe(true);
    expect(await form.getByRole('radio', { name: /The provider pays/ }).isChecked()).toBe(true);
    const enrolled = page.waitForResponse((r) => r.url().includes(`/api/v1/equity/members/${member.accountId}/enrollments`) && r.request().method() === 'POST', { timeout: 20_000 });
    await form.getByRole('button', { name: 'Protect this property' }).click();
    const answer = await enrolled;
    expect(answer.status()).toBe(201);
    const enrolment = ((await answer.json()) as { data: EnrolmentView }).data;
    expect(enrolment.account_id).toBe(member.accountId);

    await page.getByRole('heading', { name: 'Pay for Mira Member with your card' }).waitFor({ timeout: 20_000 });
    const pay = page.locator('form').filter({ has: page.getByLabel('Card number').or(page.getByRole('radio', { name: 'Use a new card' })) });
    await useNewCard(pay);
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel('Expiry date (MM/YY)').fill('12/34');
    await pay.getByLabel('Security code (CVC)').fill('123');
    await pay.getByLabel('Name on card').fill('Quinn Harbor');
    await agreeToTerms(pay);
    await checkWidths(page, 'act-for-user-pay');
    await pay.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByText('Payment received').waitFor({ timeout: 30_000 });
    await checkWidths(page, 'act-for-user-paid');

    // The enrollment is the member's, and protected.
    const memberHeaders = { authorization: `Bearer ${await app.signInAs('Customer', member.accountId)}` };
    await waitFor(
      async () => {
        const r = await app.app.inject({ method: 'GET', url: `/api/v1/equity/enrollments/${enrolment.enrollment_id}`, headers: memberHeaders });
        return r.statusCode === 200 && (r.json().data as EnrolmentView).status === 'active' ? true : undefined;
      },
      { what: 'the member’s enrollment active', timeoutMs: 30_000 },
    );
  }, 180_000);
});
