import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.spec.') ? [path] : [];
  });

/**
 * Every email and SMS comes from a managed template: the one place that hands a message to the mailer or the SMS
 * sender is the notifications worker (`deliver.ts`), which renders it through the registry (with an admin's edit).
 */
describe('every message from a managed template', () => {
  it('only the notifications worker sends mail or text messages', () => {
    const senders = sources(SRC)
      .filter((file) => /\b(mailer|sms)\.send\(|\.sendMail\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
      .filter((file) => !file.startsWith('platform/mail/') && !file.startsWith('platform/sms/'));
    expect(senders).toEqual(['modules/notifications/deliver.ts']);
  });
});
