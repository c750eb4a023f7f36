import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@acpg/contracts/envelope';
import type { Module } from '../platform/module.ts';
import { REFRESH_COOKIE_NAME } from '../platform/auth/refresh-cookie.ts';
import { useTestApp } from '../../test/harness.ts';
import { signInWithOutboxCode } from '../../test/sign-in.ts';
import { MODULES } from './modules.ts';
import { eventTypeOwners, StreamOwnershipError, streamProblem } from './module-streams.ts';
import { managedContent, saveContentDraft } from '../../test/content.ts';

type Written = Pick<EventEnvelope, 'stream' | 'type'>;

/** Every reason the events would land on the wrong Kafka topic (see `streamProblem`). */
const streamProblems = (events: readonly Written[], modules: readonly Pick<Module, 'name' | 'eventTypes'>[]): string[] => {
  let owners: ReadonlyMap<string, string>;
  try {
    owners = eventTypeOwners(modules);
  } catch (error) {
    return [(error as Error).message];
  }
  return [...new Set(events.map(({ stream, type }) => streamProblem(owners, modules, stream, type)).filter((p): p is string => p !== null))];
};

describe('streams map to their module topic', () => {
  it('the check finds a stream of no module, an undeclared type and a type written by another module', () => {
    const modules = [
      { name: 'content', eventTypes: ['FaqItemAdded'] },
      { name: 'identity', eventTypes: ['AccountRegistered'] },
    ];
    expect(streamProblems([{ stream: 'content-faq', type: 'FaqItemAdded' }], modules)).toEqual([]);
    expect(streamProblems([{ stream: 'orders-1', type: 'OrderPlaced' }], modules)).toEqual(['stream orders-1 (OrderPlaced) starts with no module\'s name']);
    expect(streamProblems([{ stream: 'content', type: 'FaqItemAdded' }], modules)).toHaveLength(1);
    expect(streamProblems([{ stream: 'content-faq', type: 'FaqItemMoved' }], modules)).toEqual(['FaqItemMoved (stream content-faq) is declared by no module\'s eventTypes']);
    expect(streamProblems([{ stream: 'content-faq', type: 'AccountRegistered' }], modules)).toEqual([
      'AccountRegistered is declared by identity but written on content-faq',
    ]);
    expect(streamProblems([], [...modules, { name: 'insights', eventTypes: ['FaqItemAdded'] }])).toEqual([
      'FaqItemAdded is declared by both content and insights',
    ]);
  });

  describe('on the running app', () => {
    const t = useTestApp();

    const post = (url: string, payload?: object, headers: Record<string, string> = {}, cookie?: string): Promise<LightMyRequestResponse> =>
      t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}), ...(cookie ? { cookies: { [REFRESH_COOKIE_NAME]: cookie } } : {}) });

    /** A real sign-in, with one wrong code first (SignInCodeRejected is written too). */
    const signIn = () =>
      signInWithOutboxCode(t, {
        beforeVerify: async (challenge_id, code) => {
          expect((await post('/auth/sign-in/verify', { challenge_id, code: code === '000000' ? '000001' : '000000' })).statusCode).toBe(400);
        },
      });

    it('refuses, before writing anything, an append of a module to a stream or with a type that is not its own', async () => {
      const event = (type: string) => ({ id: randomUUID(), type, data: {}, occurredAt: new Date().toISOString(), actor: null, correlationId: randomUUID(), causationId: null });
      const head = await t.platform.eventStore.headPosition();
      for (const [stream, type] of [['orders-1', 'OrderPlaced'], ['content-faq-x', 'AccountRegistered'], ['content-faq-x', 'FaqItemMoved'], ['contentfaq', 'FaqItemAdded']] as const) {
        await expect(t.platform.eventStore.append(stream, 'any', [event(type)]), `${stream} ${type}`).rejects.toBeInstanceOf(StreamOwnershipError);
      }
      await expect(t.platform.eventStore.append('content-faq-x', 'any', [event('FaqItemAdded'), event('AccountRegistered')])).rejects.toThrow(
        'AccountRegistered is declared by identity but written on content-faq-x',
      );
      expect(await t.platform.eventStore.headPosition()).toBe(head);
    });

    it('every event written by seeds, sign-in, a session, a content edit and an interaction is on its module stream', async () => {
      const { token, cookie } = await signIn();
      const refreshed = await post('/auth/refresh', undefined, {}, cookie);
      expect(refreshed.statusCode).toBe(200);
      const newCookie = refreshed.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)?.value ?? '';
      // Edited before the sign-out: signing out refuses the session's access tokens from then on.
      const contact = await managedContent(t, token, 'contact');
      const edit = await saveContentDraft(t, token, 'contact', { ...contact.draft, hours: 'Mon-Fri 9-5' }, contact.revision);
      expect(edit.statusCode).toBe(200);
      expect((await post('/auth/sign-out', undefined, {}, newCookie)).statusCode).toBeLessThan(300);
      const stored = await post('/user-interaction/store', { page_name: '/faq', button_name: 'Expand' });
      expect(stored.statusCode).toBeLessThan(300);

      const events = await t.platform.eventStore.readAll({ after: 0, limit: 100_000 });
      expect(streamProblems(events, MODULES)).toEqual([]);
      const types = new Set(events.map((e) => e.type));
      for (const type of ['AccountRegistered', 'SignInCompleted', 'SessionRefreshed', 'SessionEnded', 'ContentDraftSaved', 'UserInteractionRecorded']) {
        expect(types).toContain(type);
      }
    });
  });
});
