import { describe, expect, it } from 'vitest';
import { useE2e } from './support/app.ts';
import { checkWidths } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { invitationLink, pickAddress, providerWithAdmin, sendInvitation, signInToProviderUsers, startInvitation } from './support/provider.ts';
import { explained } from './support/sign-in.ts';
import { newApplicant, onScreen, signUpInvited } from './support/sign-up.ts';

const MANZANITA = { typed: '427 Manzanita', line: '427 Manzanita Drive' };
const BAY = { typed: '3352 Bay Co', line: '3352 Bay Court' };

describe('Properties through the provider: attached to an invitation, confirmed at sign-up, seen by the Provider Admin', () => {
  const e2e = useE2e();

  it('invites with a property, attaches another, the invitee confirms one at sign-up (the property step is skipped), the admin sees it verified', async () => {
    const { app, browser, page } = e2e();
    const { admin } = await providerWithAdmin(app, 'Closing Homes');
    await signInToProviderUsers(page, app, admin, 'Closing Homes');

    // Invite with one property found by its address.
    const invitee = { ...newApplicant('Bea Buyer'), role: 'Owner' as const };
    const dialog = await startInvitation(page, invitee.email, 'Owner');
    await pickAddress(page, dialog, 'Add a property (optional)', MANZANITA);
    await checkWidths(page, 'provider-users-invite-with-property');
    const sent = await sendInvitation(page, dialog);
    expect((sent.request().postDataJSON() as { properties?: string[] }).properties).toHaveLength(1);
    const row = page.getByRole('table', { name: 'Provider users' }).getByRole('row').filter({ hasText: invitee.email });
    await explained(page, () => row.filter({ hasText: 'Invited' }).waitFor({ timeout: 20_000 }));

    // Attach a second one on the waiting invitation.
    await row.getByRole('button', { name: `Attach properties for ${invitee.email}` }).click();
    const attach = page.getByRole('dialog', { name: `Attach properties for ${invitee.email}` });
    await attach.getByText(`Attached already: ${MANZANITA.line}`, { exact: false }).waitFor({ timeout: 15_000 });
    await pickAddress(page, attach, 'Add a property (optional)', BAY);
    await checkWidths(page, 'provider-users-attach-properties');
    const attached = page.waitForResponse((r) => r.url().endsWith('/attach-properties'), { timeout: 20_000 });
    await attach.getByRole('button', { name: 'Attach' }).click();
    expect((await attached).status()).toBe(200);
    await attach.waitFor({ state: 'detached', timeout: 20_000 });

    // The invitee signs up from the link: both properties listed, checked; they uncheck the one that is not theirs.
    const link = await invitationLink(app, invitee.email);
    const { context: theirs, page: newcomer } = await newPage(browser, app.url);
    try {
      await newcomer.goto(link);
      await onScreen(newcomer, '/authentication/sign-up', 'Create your account');
      const form = newcomer.getByRole('form', { name: 'Create your account' });
      const group = form.getByRole('group', { name: 'Your provider added these properties' });
      await group.waitFor({ timeout: 20_000 });
      const manzanita = group.getByRole('checkbox', { name: new RegExp(MANZANITA.line) });
      const bay = group.getByRole('checkbox', { name: new RegExp(BAY.line) });
      expect(await manzanita.isChecked()).toBe(true);
      expect(await bay.isChecked()).toBe(true);
      await bay.uncheck();
      await checkWidths(newcomer, 'sign-up-with-provider-properties');
      const answer = await signUpInvited(newcomer, app, invitee);
      expect(answer.status()).toBe(200);
      expect((answer.request().postDataJSON() as { properties?: string[] }).properties).toHaveLength(1);
      // The provider covered the property step: the wizard goes on to the next one.
      await onScreen(newcomer, '/sign-up/face-signature', 'Your face and signature');
    } finally {
      await theirs.close();
    }

    // The Provider Admin opens the user: the confirmed property is verified, confirmed by the provider; the other is only attached.
    await explained(page, () => row.filter({ hasText: 'Active' }).filter({ hasText: invitee.fullName }).waitFor({ timeout: 20_000 }));
    await row.getByRole('button', { name: invitee.fullName }).click();
    const details = page.getByRole('dialog', { name: invitee.fullName });
    const verified = details.getByRole('list', { name: 'Verified properties' });
    await explained(page, () => verified.getByText(MANZANITA.line, { exact: false }).waitFor({ timeout: 20_000 }));
    expect(await verified.textContent()).toContain('confirmed by provider Closing Homes');
    expect(await verified.textContent()).not.toContain(BAY.line);
    expect(await details.getByRole('list', { name: 'Attached properties' }).textContent()).toContain(BAY.line);
    await checkWidths(page, 'provider-user-details');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached', timeout: 10_000 });
  }, 300_000);
});
