import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INTERACTION_RECORDED_MESSAGE, INTERACTION_STREAM_PREFIX, USER_INTERACTION_RECORDED } from '@acpg/contracts/insights';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config/load.ts';
import type { Projection } from '../platform/projections/port.ts';
import type { Realtime } from '../platform/realtime/port.ts';
import { interactionsProjection, INTERACTIONS_COLLECTION } from '../modules/insights/interactions/projection.ts';
import type { Adapters } from './adapters.ts';
import { createEmbeddedAdapters } from './embedded.ts';

interface Push {
  method: string;
  target: string;
  message: string;
  payload: unknown;
}

describe('embedded projections in a worker thread', () => {
  const opened: { adapters: Adapters; dir: string; stop: () => Promise<void> }[] = [];
  afterEach(async () => {
    for (const { adapters, dir, stop } of opened.splice(0)) {
      await stop();
      await adapters.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const start = async (projections: readonly Projection[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'acpg-projection-thread-'));
    const adapters = await createEmbeddedAdapters(loadConfig({ DATA_DIR: dir }), pino({ level: 'silent' }));
    const pushes: Push[] = [];
    const realtime: Realtime = {
      toUser: (target, message, payload) => pushes.push({ method: 'toUser', target, message, payload }),
      toRole: (target, message, payload) => pushes.push({ method: 'toRole', target, message, payload }),
      toEntity: (target, message, payload) => pushes.push({ method: 'toEntity', target, message, payload }),
    };
    const errors: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => errors.push(line) });
    let fellBack = 0;
    const { startProjections } = adapters;
    if (!startProjections) throw new Error('the embedded profile runs projections in a thread');
    const running = await startProjections({
      projections,
      realtime,
      log,
      inThread: async () => {
        fellBack += 1;
        return { stop: async () => {} };
      },
    });
    opened.push({ adapters, dir, stop: () => running.stop() });
    return { adapters, pushes, errors, fellBack: () => fellBack };
  };

  const record = (adapters: Adapters, id: string) =>
    adapters.eventStore.append(`${INTERACTION_STREAM_PREFIX}${id}`, 0, [
      {
        id: `event-${id}`,
        type: USER_INTERACTION_RECORDED,
        occurredAt: '2026-11-23T12:00:00.000Z',
        actor: null,
        correlationId: `correlation-${id}`,
        causationId: null,
        data: { data_id: 'd', page_name: '/faq', interaction_type: 'click', button_name: 'Open', user_id: null, location: null },
      },
    ]);

  it('writes the read model from its own connection, woken by the commits here, and pushes here after the write', async () => {
    const { adapters, pushes, errors, fellBack } = await start([interactionsProjection]);
    await record(adapters, 'one');
    await record(adapters, 'two');
    await expect.poll(() => pushes.length, { timeout: 5000 }).toBe(2);
    expect(pushes.map((push) => [push.method, push.target, push.message])).toEqual([
      ['toRole', 'Super Admin', INTERACTION_RECORDED_MESSAGE],
      ['toRole', 'Super Admin', INTERACTION_RECORDED_MESSAGE],
    ]);
    // Each push reflects a document already written (read here through the main thread's connection).
    for (const push of pushes) {
      const { id } = push.payload as { id: string };
      expect(await adapters.documents.get(INTERACTIONS_COLLECTION, id)).toMatchObject({ id, _stream: `${INTERACTION_STREAM_PREFIX}${id}` });
    }
    expect(fellBack()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('runs the projections on the main thread, and says so, when the thread cannot run them', async () => {
    const unknown: Projection = { ...interactionsProjection, name: 'not-in-the-module-list' };
    const { fellBack, errors } = await start([unknown]);
    expect(fellBack()).toBe(1);
    expect(errors.join('')).toMatch(/projection thread .*running projections on the main thread/);
    expect(errors.join('')).toMatch(/not-in-the-module-list is not in the module list/);
  });
});
