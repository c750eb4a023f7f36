import { describe, expect, it } from 'vitest';
import { useE2e } from './support/app.ts';
import { checkWidths } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { newCustomer } from './support/customer.ts';
import { invitationCode, invitationLink, providerWithAdmin, sendInvitation, signInToProviderUsers } from './support/provider.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';
import { newApplicant, onScreen, signUpInvited } from './support/sign-up.ts';

describe('Provider Admin: /acpg-provider-users invites a user who signs up through the invitation and turns active live', () => {
  const e2e = useE2e();

  it('lands on Provider Users, invites, sees the invitee sign up and turn active live, then suspends and removes them', async () => {
    const { app, browser, page } = e2e();
    const { admin } = await providerWithAdmin(app, 'Sunrise Homes');
    // A Provider Admin lands on their users (spec section 2).
    await signInToProviderUsers(page, app, admin, 'Sunrise Homes');
    await page.getByText('No one has been invited yet.', { exact: false }).waitFor({ timeout: 20_000 });
    await checkWidths(page, 'provider-users-empty');

    // Invite: the form's own messages first, then an invitation.
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a user' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Enter a valid email address').waitFor();
    await checkWidths(page, 'provider-users-invite-errors');
    const invitee = { ...newApplicant('Nia Newcomer'), role: 'Owner' as const };
    await dialog.getByRole('textbox', { name: 'Email' }).fill(invitee.email);
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption('Owner');
    await sendInvitation(page, dialog);
    const row = page.getByRole('table', { name: 'Provider users' }).getByRole('row').filter({ hasText: invitee.email });
    await explained(page, () => row.filter({ hasText: 'Invited' }).waitFor({ timeout: 20_000 }));
    await checkWidths(page, 'provider-users-invited');

    // Searching, then clearing, keeps the focus on the control used (the filter form is not drawn anew).
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(invitee.email.slice(0, 10));
    await search.press('Enter');
    await page.waitForURL(/[?&]q=/, { timeout: 20_000 });
    await row.waitFor({ timeout: 20_000 });
    expect(await search.evaluate((el) => el === document.activeElement), 'the focus stays in the search box').toBe(true);
    const clear = page.locator('main form[data-filter-form]').getByRole('button', { name: 'Clear' });
    await clear.click();
    await page.waitForURL((url) => !url.searchParams.has('q'), { timeout: 20_000 });
    expect(await search.inputValue()).toBe('');
    expect(await clear.evaluate((el) => el === document.activeElement), 'the focus stays on Clear').toBe(true);

    // The invitee opens the emailed link in a browser of their own and signs up: email fixed, role set.
    const link = await invitationLink(app, invitee.email);
    const { context: theirs, page: newcomer } = await newPage(browser, app.url);
    try {
      await newcomer.goto(link);
      await onScreen(newcomer, '/authentication/sign-up', 'Create your account');
      await newcomer.getByText('Sunrise Homes invited you as Owner.', { exact: false }).waitFor({ timeout: 20_000 });
      const form = newcomer.getByRole('form', { name: 'Create your account' });
      const email = form.getByRole('textbox', { name: 'Email' });
      expect(await email.inputValue()).toBe(invitee.email);
      expect(await email.getAttribute('readonly')).not.toBeNull();
      expect(await form.getByRole('radio', { name: 'Owner', exact: true }).isChecked()).toBe(true);
      await checkWidths(newcomer, 'sign-up-with-invitation');
      expect((await signUpInvited(newcomer, app, invitee)).status()).toBe(200);
      await newcomer.locator('.fui-ToastBody').filter({ hasText: 'You joined Sunrise Homes.' }).waitFor({ timeout: 20_000 });
    } finally {
      await theirs.close();
    }

    // The Provider Admin's list took it live: no reload.
    await explained(page, () => row.filter({ hasText: 'Active' }).filter({ hasText: invitee.fullName }).waitFor({ timeout: 20_000 }));
    await checkWidths(page, 'provider-users-active');

    // Suspend asks first; the keyboard confirms (the dialog opens on the safe button).
    await row.getByRole('button', { name: `Suspend ${invitee.email}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Suspend ${invitee.fullName}?` });
    await confirm.waitFor();
    await checkWidths(page, 'provider-users-suspend-confirm');
    expect(await confirm.getByRole('button', { name: 'Keep active' }).evaluate((b) => b === document.activeElement)).toBe(true);
    const suspended = page.waitForResponse((r) => r.url().endsWith('/suspend'), { timeout: 20_000 });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect((await suspended).status()).toBe(200);
    await explained(page, () => row.filter({ hasText: 'Suspended' }).waitFor({ timeout: 20_000 }));

    // Remove from provider asks first too; confirmed, the row stays, marked removed (live).
    await row.getByRole('button', { name: `Remove from provider ${invitee.email}` }).click();
    const removeConfirm = page.getByRole('alertdialog', { name: `Remove ${invitee.fullName} from the provider?` });
    await removeConfirm.waitFor();
    expect(await removeConfirm.getByRole('button', { name: 'Keep user' }).evaluate((b) => b === document.activeElement)).toBe(true);
    const removed = page.waitForResponse((r) => r.url().endsWith('/remove'), { timeout: 20_000 });
    await removeConfirm.getByRole('button', { name: 'Remove from provider' }).click();
    expect((await removed).status()).toBe(200);
    await explained(page, () => row.filter({ hasText: 'Removed' }).waitFor({ timeout: 20_000 }));
    await expect(row.getByRole('button', { name: `Reactivate ${invitee.email}` }).count()).resolves.toBe(0);

    // Someone with an account already: invited, they sign in and type the emailed code on /sign-up, and join at once.
    const existing = await newCustomer(app, 'Eli Existing');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const second = page.getByRole('dialog', { name: 'Invite a user' });
    await second.getByRole('textbox', { name: 'Email' }).fill(existing.email);
    await second.getByRole('combobox', { name: 'Role' }).selectOption('Sub User');
    await second.getByRole('button', { name: 'Send invitation' }).click();
    await second.waitFor({ state: 'detached', timeout: 20_000 });
    const existingRow = page.getByRole('table', { name: 'Provider users' }).getByRole('row').filter({ hasText: existing.email });
    await explained(page, () => existingRow.filter({ hasText: 'Invited' }).waitFor({ timeout: 20_000 }));
    const code = await invitationCode(app, existing.email);
    const { context: theirs2, page: member } = await newPage(browser, app.url);
    try {
      await signInThroughPages(member, app, existing.email, existing.password);
      await member.goto('/sign-up');
      await member.getByRole('heading', { level: 1, name: 'Accept an invitation' }).waitFor({ timeout: 20_000 });
      const codeForm = member.getByRole('form', { name: 'Invitation code' });
      await codeForm.getByRole('button', { name: 'Continue' }).click();
      await codeForm.getByText('Enter the 10-character code from the invitation email.').waitFor();
      await checkWidths(member, 'invitation-code-errors');
      await codeForm.getByRole('textbox', { name: 'Invitation code' }).fill(code.toLowerCase());
      const joined = member.waitForResponse((r) => r.url().endsWith('/api/v1/provider-invitations/accept'), { timeout: 20_000 });
      await codeForm.getByRole('textbox', { name: 'Invitation code' }).press('Enter');
      expect((await joined).status()).toBe(200);
      await member.locator('.fui-ToastBody').filter({ hasText: 'You joined Sunrise Homes.' }).waitFor({ timeout: 20_000 });
    } finally {
      await theirs2.close();
    }
    await explained(page, () => existingRow.filter({ hasText: 'Active' }).filter({ hasText: 'Eli Existing' }).waitFor({ timeout: 20_000 }));
  }, 300_000);
});
