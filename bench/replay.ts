import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { openSqlite } from '../services/src/platform/sqlite/open.ts';
import { createSqliteEventStore } from '../services/src/platform/event-store/sqlite.ts';
import { createSqliteProjectionStore } from '../services/src/platform/projections/sqlite.ts';
import { replayProjection } from '../services/src/platform/projections/runner.ts';
import { allProjections } from '../services/src/composition/modules.ts';

export interface ReplayFigures {
  events: number;
  readMs: number;
  readPerSecond: number;
  replayMs: number;
  replayPerSecond: number;
}

/** Replay of the interactions read model over `count` events, beside a plain read of the same log in the same run. */
export const benchReplay = async ({ count = 100_000 } = {}): Promise<ReplayFigures> => {
  const dir = mkdtempSync(join(tmpdir(), 'acpg-replay-'));
  const db = openSqlite(join(dir, 'bench.sqlite'));
  try {
    const store = createSqliteEventStore(db);
    const projection = allProjections().find((p) => p.name === 'interactions');
    if (!projection) throw new Error('the interactions projection is not registered');
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const pages = ['home', 'about-us', 'faq', 'contact-us', 'services-page'];
    // one interaction per stream, as the store route writes them
    for (let j = 0; j < count; j += 1) {
      await store.append(`insights-interaction-${uuidv7()}`, 0, [
              {
                id: uuidv7(),
                type: projection.handles[0] ?? 'UserInteractionRecorded',
                occurredAt: new Date(start + j * 1000).toISOString(),
                actor: null,
                correlationId: uuidv7(),
                causationId: null,
                data: { data_id: String(j), page_name: pages[j % pages.length], interaction_type: 'click', button_name: `button-${j % 20}`, user_id: null, location: null },
              },
      ]);
    }
    let t = performance.now();
    let read = 0;
    for (let after = 0; ; ) {
      const batch = await store.readAll({ after, limit: 5000 });
      if (batch.length === 0) break;
      read += batch.length;
      after = batch[batch.length - 1]?.position ?? after;
    }
    const readMs = performance.now() - t;
    t = performance.now();
    const projections = createSqliteProjectionStore(db);
    const { events } = await replayProjection({ eventStore: store, store: projections, projection });
    const replayMs = performance.now() - t;
    if (read !== count || events !== count) throw new Error(`expected ${count} events, read ${read}, replayed ${events}`);
    return {
      events: count,
      readMs,
      readPerSecond: Math.round((read / readMs) * 1000),
      replayMs,
      replayPerSecond: Math.round((events / replayMs) * 1000),
    };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
};
