import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import type { TestApp } from '../../../services/test/harness.ts';
import { waitFor } from '../../../services/test/wait-for.ts';
import { settled } from './browser.ts';
import { newCustomer } from './customer.ts';
import { explained, signInThroughPages } from './sign-in.ts';

/** A provider and its Provider Admin (the providers e2e makes them through the Super Admin's screens; here by the API). */
export const providerWithAdmin = async (app: TestApp, name: string) => {
  const headers = { authorization: `Bearer ${await app.signInAs('Super Admin')}` };
  const payload = { name, kind: 'Homebuilder', contact: { name: 'Pat Lee', email: 'pat@sunrise.example', phone: null }, address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' } };
  const created = await app.app.inject({ method: 'POST', url: '/api/v1/admin/providers', payload, headers });
  expect(created.statusCode, created.body).toBe(200);
  const providerId = String(created.json().data.id);
  const admin = await newCustomer(app, 'Quinn Builder');
  const appointed = await app.app.inject({ method: 'POST', url: `/api/v1/admin/providers/${providerId}/admins`, payload: { email: admin.email }, headers });
  expect(appointed.statusCode, appointed.body).toBe(200);
  const roles = async () => (await app.platform.eventStore.readStream(`identity-account-${admin.accountId}`)).some((e) => e.type === 'AccountRolesChanged');
  await waitFor(async () => ((await roles()) ? true : undefined), { what: 'the Provider Admin role given', timeoutMs: 15_000 });
  return { providerId, admin };
};

/** The invitation link emailed to `to` (dev outbox), as a path on the app. */
export const invitationLink = (app: TestApp, to: string) =>
  waitFor(
    async () => {
      const response = await fetch(`${app.url}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
      const body = (await response.json()) as { data: { items: { text: string }[] } };
      const url = body.data.items.map((m) => /(https?:\/\/\S+\/sign-up\?invitation=\S+)/.exec(m.text)?.[1]).find(Boolean);
      return url ? new URL(url).pathname + new URL(url).search : undefined;
    },
    { what: `an invitation to ${to}`, timeoutMs: 15_000 },
  );

/** The short code of the invitation emailed to `to`. */
export const invitationCode = (app: TestApp, to: string) =>
  waitFor(
    async () => {
      const response = await fetch(`${app.url}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
      const body = (await response.json()) as { data: { items: { text: string }[] } };
      return body.data.items.map((m) => /enter this code: ([A-Z0-9-]{11})/.exec(m.text)?.[1]).find(Boolean);
    },
    { what: `an invitation code for ${to}`, timeoutMs: 15_000 },
  );

/** Finds an address in the autocomplete named `label` (inside `scope`) and picks its first option into the properties to attach. */
export const pickAddress = async (page: Page, scope: ReturnType<Page['getByRole']>, label: string, address: { typed: string; line: string }) => {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  await box.pressSequentially(address.typed, { delay: 30 });
  await explained(page, () => page.getByRole('option', { name: new RegExp(address.line) }).waitFor({ timeout: 15_000 }));
  await box.press('ArrowDown');
  await box.press('Enter');
  await scope.getByRole('list', { name: 'Properties to attach' }).getByText(address.line, { exact: false }).waitFor({ timeout: 10_000 });
};

/** The Provider Admin signs in through the pages and lands on their provider's users (`/acpg-provider-users`), settled. */
export const signInToProviderUsers = async (page: Page, app: TestApp, admin: { email: string; password: string }, providerName: string) => {
  await signInThroughPages(page, app, admin.email, admin.password);
  await explained(page, () => page.waitForURL((url) => url.pathname === '/acpg-provider-users', { timeout: 20_000 }));
  await settled(page, `Provider Users of ${providerName}`);
};

/** Opens Invite user on the provider users page and fills the email and the role; answers the dialog. */
export const startInvitation = async (page: Page, email: string, role: string) => {
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('combobox', { name: 'Role' }).selectOption(role);
  return dialog;
};

/** Sends the invitation in `dialog`: answers the accepted response (200) once the dialog has closed. */
export const sendInvitation = async (page: Page, dialog: Locator): Promise<Response> => {
  const invited = page.waitForResponse((r) => r.url().endsWith('/api/v1/provider-users/invitations') && r.request().method() === 'POST', { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  const sent = await invited;
  expect(sent.status()).toBe(200);
  await dialog.waitFor({ state: 'detached', timeout: 20_000 });
  return sent;
};
