import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NotificationDeliveryFailed, type NotificationJob } from '@acpg/contracts/notifications';
import type { NewEvent } from '../../platform/event-store/port.ts';
import type { JobRecord } from '../../platform/jobs/port.ts';
import type { Platform } from '../../platform/module.ts';
import { PermanentJobError } from '../../platform/jobs/errors.ts';
import { createTemplateRegistry } from '../../platform/templates/registry.ts';
import { defineEmailTemplate, defineSmsTemplate } from '../../platform/templates/template.ts';
import type { MailMessage } from '../../platform/mail/port.ts';
import { deliverNotification, deliveryIdOf } from './deliver.ts';

const code = defineSmsTemplate({ key: 'test.code', description: 'A code', text: 'Your code is {{ code }}', variables: z.object({ code: z.string() }), sample: { code: '123456' } });
const message: NotificationJob = { channel: 'sms', to: '+15555550100', template: 'test.code', variables: { code: '654321' } };
const job: JobRecord<NotificationJob> = { id: 'sign-in:e1', queue: 'notification-codes', name: 'send', data: message, attemptsMade: 1 };

const platformWith = (send: () => Promise<void>) => {
  const appended: { stream: string; events: readonly NewEvent[] }[] = [];
  const platform = {
    templates: createTemplateRegistry([code]),
    sms: { send },
    mailer: { send },
    clock: () => new Date('2026-11-28T10:00:00.000Z'),
    newId: () => 'id-1',
    log: { info: () => undefined, warn: () => undefined },
    eventStore: { append: async (stream: string, _v: unknown, events: readonly NewEvent[]) => (appended.push({ stream, events }), { version: 1, position: 1 }) },
  } as unknown as Platform;
  return { platform, appended };
};

describe('deliverNotification records a failed attempt', () => {
  it('appends NotificationDeliveryFailed (no recipient, no text) and rethrows the error for the retry', async () => {
    const { platform, appended } = platformWith(async () => {
      throw new Error('connection reset');
    });
    await expect(deliverNotification(platform, message, job)).rejects.toThrow('connection reset');
    expect(appended).toHaveLength(1);
    expect(appended[0]?.stream).toBe(`notifications-delivery-${deliveryIdOf(job)}`);
    const event = appended[0]?.events[0];
    expect(event?.type).toBe('NotificationDeliveryFailed');
    expect(NotificationDeliveryFailed.parse(event?.data)).toEqual({ delivery_id: deliveryIdOf(job), queue: 'notification-codes', channel: 'sms', template: 'test.code', attempt: 2, final: false, at: '2026-11-28T10:00:00.000Z' });
    expect(JSON.stringify(event)).not.toMatch(/654321|5555550100/);
  });

  it('a refusal for good is final; a sent message records nothing', async () => {
    const refused = platformWith(async () => {
      throw Object.assign(new Error('bad number'), { status: 400 });
    });
    await expect(deliverNotification(refused.platform, message, job)).rejects.toBeInstanceOf(PermanentJobError);
    expect(NotificationDeliveryFailed.parse(refused.appended[0]?.events[0]?.data).final).toBe(true);
    const sent = platformWith(async () => undefined);
    await deliverNotification(sent.platform, message, job);
    expect(sent.appended).toEqual([]);
  });
});

describe('deliverNotification sends an email under one Message-ID per job', () => {
  it('gives every attempt of a job the same Message-ID, and another job another', async () => {
    const hello = defineEmailTemplate({ key: 'test.hello', description: 'Hello', subject: 'Hello {{ name }}', html: '<p>Hello {{ name }}</p>', text: 'Hello {{ name }}', variables: z.object({ name: z.string() }), sample: { name: 'Pat' } });
    const sent: MailMessage[] = [];
    const { platform } = platformWith(async () => undefined);
    Object.assign(platform, { templates: createTemplateRegistry([hello]), mailer: { send: async (m: MailMessage) => void sent.push(m) } });
    const email: NotificationJob = { channel: 'email', to: 'pat@example.test', template: 'test.hello', variables: { name: 'Pat' } };
    const first = { ...job, id: 'report:o1:r1', queue: 'notifications', data: email, attemptsMade: 0 };
    await deliverNotification(platform, email, first);
    await deliverNotification(platform, email, { ...first, attemptsMade: 1 }); // the same job again, after a crash
    await deliverNotification(platform, email, { ...first, id: 'report:o1:r2' });
    expect(sent.map((m) => m.messageId)).toEqual([`<${deliveryIdOf(first)}@notifications.acpg>`, `<${deliveryIdOf(first)}@notifications.acpg>`, `<${deliveryIdOf({ ...first, id: 'report:o1:r2' })}@notifications.acpg>`]);
    expect(sent[0]?.messageId).not.toBe(sent[2]?.messageId);
  });
});

