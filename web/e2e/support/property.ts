import type { Locator, Page } from 'playwright-core';
import type { TestApp } from '../../../services/test/harness.ts';
import { waitFor } from '../../../services/test/wait-for.ts';

/** A property's mailing address on one line, as the postal-mail port's dev outbox keys its letters. */
export const mailingAddressOf = async (app: TestApp, propertyId: string): Promise<string> => {
  const response = await fetch(`${app.url}/api/v1/properties/${encodeURIComponent(propertyId)}`);
  if (!response.ok) throw new Error(`GET /properties/${propertyId} answered ${response.status}`);
  const p = ((await response.json()) as { data: { address_line: string; city: string; state: string; zip: string } }).data;
  return `${p.address_line}, ${p.city}, ${p.state} ${p.zip}`;
};

/** The code of the newest letter mailed to the property at or after `after` (epoch ms), read from the dev outbox. */
export const letterCode = async (app: TestApp, propertyId: string, after: number): Promise<string> => {
  const address = await mailingAddressOf(app, propertyId);
  return waitFor(
    async () => {
      const response = await fetch(`${app.url}/api/v1/dev/outbox?to=${encodeURIComponent(address)}`);
      if (!response.ok) throw new Error(`GET /dev/outbox answered ${response.status}`);
      const body = (await response.json()) as { data: { items: { channel: string; text: string; sent_at: string }[] } };
      const letter = body.data.items.find((m) => m.channel === 'letter' && Date.parse(m.sent_at) >= after);
      return letter ? /Your code: ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(letter.text)?.[1] : undefined;
    },
    { timeoutMs: 20_000, what: `a letter to ${address}` },
  );
};

/**
 * On a property verification form showing "Mail me a code": mails the code, reads the letter from the dev outbox,
 * enters the code and presses Verify property. `check` runs with the code form showing (axe at several widths).
 */
export async function verifyByMailedCode(page: Page, app: TestApp, propertyId: string, options: { within?: Locator; check?: (where: string) => Promise<void> } = {}): Promise<void> {
  const scope = options.within ?? page.locator('body');
  const after = Date.now();
  const mailed = page.waitForResponse((r) => r.url().endsWith(`/api/v1/properties/${encodeURIComponent(propertyId)}/verifications/letters`) && r.request().method() === 'POST');
  await scope.getByRole('button', { name: 'Mail me a code' }).click();
  const response = await mailed;
  if (!response.ok()) throw new Error(`mailing the code answered ${response.status()}: ${await response.text()}`);
  const form = scope.getByRole('form', { name: 'Enter the code from the letter' });
  await form.waitFor();
  if (options.check) await options.check('the code from the letter');
  const code = await letterCode(app, propertyId, after);
  await form.getByRole('textbox', { name: 'Code from the letter' }).fill(code);
  await form.getByRole('button', { name: 'Verify property' }).click();
}
