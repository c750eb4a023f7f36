import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import type { Platform } from '../../../platform/module.ts';
import { contactMessageReaction } from './reaction.ts';

const event = (data: unknown) => ({ id: 'evt-1', type: 'ContactMessageReceived', data, occurredAt: '2026-11-23T16:35:00.000Z' }) as unknown as StoredEvent;
const platform = { log: { error: () => undefined } } as unknown as Platform;
const data = {
  message_id: 'm1',
  name: 'Jane Visitor',
  email: 'jane@example.net',
  phone: null,
  topic: 'nhd-report',
  message: 'When will my report arrive?',
  to: 'help@acpg.example',
  received_at: '2026-11-23T16:35:00.000Z',
};

describe('contact message reaction', () => {
  it('emails the team (reply-to the visitor) and confirms to the visitor, keyed apart', async () => {
    const jobs = await contactMessageReaction.jobs(event(data), platform);
    expect(jobs.map((j) => [j.key, (j.data as { to: string }).to, (j.data as { reply_to?: string }).reply_to])).toEqual([
      ['team', 'help@acpg.example', 'jane@example.net'],
      ['sender', 'jane@example.net', undefined],
    ]);
    expect(jobs[0]?.data).toMatchObject({ template: 'content.contact-message', variables: { topic: 'NHD report', received_at: 'Monday, November 23, 2026 at 4:35 PM UTC' } });
    expect((jobs[0]?.data as { variables: Record<string, unknown> }).variables).not.toHaveProperty('phone');
  });

  it('sends nothing for an event it cannot read', async () => {
    expect(await contactMessageReaction.jobs(event({ ...data, topic: 'bogus' }), platform)).toEqual([]);
  });
});
