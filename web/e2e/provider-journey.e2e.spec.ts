import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { placeOrder } from '../../services/test/nhd.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { closeE2e, openSignedIn } from './support/app.ts';
import { checkWidths } from './support/axe.ts';
import { newPage, settled } from './support/browser.ts';
import { newCustomer } from './support/customer.ts';
import { invitationLink, pickAddress, sendInvitation, signInToProviderUsers, startInvitation } from './support/provider.ts';
import { explained } from './support/sign-in.ts';
import { newApplicant, onScreen, signUpInvited } from './support/sign-up.ts';

const MANZANITA = { typed: '427 Manzanita', line: '427 Manzanita Drive' };
const BAY = { typed: '3352 Bay Co', line: '3352 Bay Court' };
const GLENDALE = { typed: '8357 Santa R', line: '8357 Santa Rosa Avenue' };

/**
 * Issue 21 item 8, the whole journey in three browsers: a Super Admin creates a provider and appoints its Provider
 * Admin on /acpg-provider; the Provider Admin invites a user with two properties; the user signs up through the
 * invitation and finds both properties theirs; the Provider Admin watches that user's NHD order appear on their NHD
 * Order List without a reload.
 */
describe('A provider from its creation to its user’s first order', () => {
  let app: TestApp;
  let browser: Browser;
  let superAdmin: Page;

  beforeAll(async () => {
    ({ app, browser, page: superAdmin } = await openSignedIn('admin'));
  }, 120_000);
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('Super Admin creates it, its admin invites a user with two properties, the user signs up, the admin sees their order live', async () => {
    // The Super Admin adds the provider and appoints an existing account as its Provider Admin.
    const providerAdmin = await newCustomer(app, 'Quinn Builder');
    await superAdmin.goto('/acpg-provider');
    await settled(superAdmin, 'Providers');
    await superAdmin.getByRole('button', { name: 'Add provider' }).click();
    const add = superAdmin.getByRole('dialog', { name: 'Add a provider' });
    await add.getByRole('textbox', { name: 'Name', exact: true }).fill('Meadow Homes');
    await add.getByRole('combobox', { name: 'Kind' }).selectOption('Homebuilder');
    await add.getByLabel('Contact name').fill('Pat Lee');
    await add.getByLabel('Contact email').fill('pat@meadow.example');
    const office = add.getByRole('combobox', { name: 'Find the office address (optional)' });
    await office.click();
    await office.pressSequentially(GLENDALE.typed, { delay: 30 });
    await explained(superAdmin, () => superAdmin.getByRole('option', { name: new RegExp(GLENDALE.line) }).waitFor({ timeout: 15_000 }));
    await office.press('ArrowDown');
    await office.press('Enter');
    expect(await add.getByLabel('Street address').inputValue()).toBe(GLENDALE.line);
    const created = superAdmin.waitForResponse((r) => r.url().endsWith('/api/v1/admin/providers') && r.request().method() === 'POST', { timeout: 20_000 });
    await add.getByRole('button', { name: 'Add provider' }).click();
    expect((await created).status()).toBe(200);
    const provider = superAdmin.getByRole('table', { name: 'Providers' }).getByRole('row').filter({ hasText: 'Meadow Homes' });
    await explained(superAdmin, () => provider.waitFor({ timeout: 20_000 }));
    await provider.getByRole('button', { name: 'Open Meadow Homes' }).click();
    const detail = superAdmin.getByRole('dialog', { name: 'Meadow Homes' });
    await detail.getByLabel('Email of an existing account').fill(providerAdmin.email);
    const appointed = superAdmin.waitForResponse((r) => r.url().includes('/admins') && r.request().method() === 'POST', { timeout: 20_000 });
    await detail.getByRole('button', { name: 'Appoint' }).click();
    expect((await appointed).status()).toBe(200);
    await explained(superAdmin, () => detail.getByText('Quinn Builder').waitFor({ timeout: 20_000 }));
    await checkWidths(superAdmin, 'journey-provider-with-admin');
    const given = async () => (await app.platform.eventStore.readStream(`identity-account-${providerAdmin.accountId}`)).some((e) => e.type === 'AccountRolesChanged');
    await waitFor(async () => ((await given()) ? true : undefined), { what: 'the Provider Admin role given', timeoutMs: 15_000 });

    // The Provider Admin signs in, lands on their users and invites one with two properties.
    const { context: adminContext, page: admin } = await newPage(browser, app.url);
    try {
      await signInToProviderUsers(admin, app, providerAdmin, 'Meadow Homes');
      const invitee = { ...newApplicant('Bea Buyer'), role: 'Owner' as const };
      const invite = await startInvitation(admin, invitee.email, 'Owner');
      await pickAddress(admin, invite, 'Add a property (optional)', MANZANITA);
      await pickAddress(admin, invite, 'Add a property (optional)', BAY);
      await checkWidths(admin, 'journey-invite-two-properties');
      const sent = await sendInvitation(admin, invite);
      expect((sent.request().postDataJSON() as { properties?: string[] }).properties).toHaveLength(2);

      // The user signs up through the emailed link: both properties listed and kept; the provider covered the property step.
      const link = await invitationLink(app, invitee.email);
      const { context: userContext, page: user } = await newPage(browser, app.url);
      try {
        await user.goto(link);
        await onScreen(user, '/authentication/sign-up', 'Create your account');
        const group = user.getByRole('form', { name: 'Create your account' }).getByRole('group', { name: 'Your provider added these properties' });
        await group.waitFor({ timeout: 20_000 });
        for (const address of [MANZANITA, BAY]) expect(await group.getByRole('checkbox', { name: new RegExp(address.line) }).isChecked()).toBe(true);
        await checkWidths(user, 'journey-sign-up-with-properties');
        const accepted = await signUpInvited(user, app, invitee);
        expect(accepted.status()).toBe(200);
        expect((accepted.request().postDataJSON() as { properties?: string[] }).properties).toHaveLength(2);
        await onScreen(user, '/sign-up/face-signature', 'Your face and signature');
      } finally {
        await userContext.close();
      }

      // The user's account holds both properties, verified through the provider.
      const row = admin.getByRole('table', { name: 'Provider users' }).getByRole('row').filter({ hasText: invitee.email });
      await explained(admin, () => row.filter({ hasText: 'Active' }).filter({ hasText: invitee.fullName }).waitFor({ timeout: 20_000 }));
      const users = await app.app.inject({ method: 'GET', url: `/api/v1/provider-users?q=${encodeURIComponent(invitee.email)}`, headers: { authorization: `Bearer ${await app.signInAs('Super Admin')}` } });
      const accountId = String(users.json().data.items[0].account_id);
      const asUser = { authorization: `Bearer ${await app.signInAs('Owner', accountId)}` };
      const verified = await waitFor(
        async () => {
          const r = await app.app.inject({ method: 'GET', url: '/api/v1/properties/verified', headers: asUser });
          const items = (r.json().data.items ?? []) as { address_line: string }[];
          return items.length === 2 ? items.map((i) => i.address_line).sort() : undefined;
        },
        { what: 'both properties verified for the user', timeoutMs: 20_000 },
      );
      expect(verified).toEqual([BAY.line, MANZANITA.line]);

      // The Provider Admin opens their NHD Order List; the user's order appears there live.
      await admin.getByRole('navigation').getByRole('link', { name: 'NHD Order List' }).click();
      await settled(admin, 'NHD Order List');
      const orders = admin.getByRole('table', { name: 'NHD orders' });
      expect(await orders.getByRole('row').filter({ hasText: invitee.fullName }).count()).toBe(0);
      await placeOrder(app, accountId);
      await explained(admin, () => orders.getByRole('row').filter({ hasText: invitee.fullName }).first().waitFor({ timeout: 20_000 }));
      await checkWidths(admin, 'journey-provider-admin-sees-order');
    } finally {
      await adminContext.close();
    }
  }, 300_000);
});
