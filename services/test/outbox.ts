import type { FastifyInstance } from 'fastify';
import { waitFor } from './wait-for.ts';

export interface OutboxItem {
  to: string;
  subject: string | null;
  text: string;
}

/** Messages in the dev outbox for `to`, newest first. */
export const outboxOf = async (app: FastifyInstance, to: string): Promise<OutboxItem[]> => {
  const response = await app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` });
  return (response.json() as { data?: { items: OutboxItem[] } }).data?.items ?? [];
};

/** The newest message for `to` whose subject matches and that differs from `previous` (delivery is asynchronous). */
export const waitForMessage = (app: FastifyInstance, to: string, subject: RegExp, previous?: OutboxItem) =>
  waitFor(
    async () => {
      const item = (await outboxOf(app, to)).find((m) => subject.test(m.subject ?? m.text));
      return item && item.text !== previous?.text ? item : undefined;
    },
    { timeoutMs: 15_000, what: `a message "${subject.source}" in the outbox of ${to}` },
  );

export const codeIn = (item: OutboxItem) => /\b(\d{6})\b/.exec(item.text)?.[1] ?? '';
export const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
