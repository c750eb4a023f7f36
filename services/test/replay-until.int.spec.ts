import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sqliteFile } from '../src/composition/embedded.ts';
import { MODULES } from '../src/composition/modules.ts';
import { loadConfig } from '../src/platform/config/load.ts';
import type { Module } from '../src/platform/module.ts';
import { openSqlite } from '../src/platform/sqlite/open.ts';
import { replayReadModels } from '../src/cli/replay-read-models.ts';
import { positionAsOf, UntilDate } from '../src/cli/replay-as-of.ts';
import { listNamespaces, namespaceFile, openNamespace } from '../src/cli/replay-namespace.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { waitFor } from './wait-for.ts';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

const replay = (dataDir: string, args: string[]) =>
  run(process.execPath, ['services/src/cli/replay.ts', ...args], { cwd: root, env: { ...process.env, MODE: 'embedded', DATA_DIR: dataDir } });

/** The exit code and standard error of a replay that must fail. */
const refused = async (dataDir: string, args: string[]) =>
  replay(dataDir, args).then(
    () => ({ code: 0, stderr: '' }),
    (error: unknown) => error as { code: number; stderr: string },
  );

const store = async (t: TestApp, dataId: string) => {
  const response = await fetch(`${t.url}/api/v1/user-interaction/store`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data_id: dataId, page_name: 'home', button_name: 'b', user_id: null }),
  });
  expect(response.status).toBe(200);
};

/** The interactions' data ids and their projection's checkpoint in a database file (live or a namespace). */
const interactionsIn = (file: string) => {
  const db = openSqlite(file);
  try {
    const rows = db.prepare('SELECT body FROM documents WHERE collection = ? ORDER BY id').all('interactions') as { body: string }[];
    const checkpoint = db.prepare(`SELECT position FROM projection_checkpoints WHERE name = 'interactions'`).get() as { position: number } | undefined;
    return { dataIds: rows.map((r) => (JSON.parse(r.body) as { data_id: string }).data_id).sort(), checkpoint: checkpoint?.position ?? 0 };
  } finally {
    db.close();
  }
};

describe('npm run replay -- --until DATE --namespace NAME', () => {
  it('rebuilds the read models as of an instant into a namespace while the app runs, leaving the live ones untouched', async () => {
    const t = await startTestApp();
    try {
      const before = ['a0', 'a1', 'a2', 'a3'];
      const after = ['b0', 'b1', 'b2'];
      for (const id of before) await store(t, id);
      const lastBefore = await t.platform.eventStore.headPosition();
      const until = new Date(Date.parse((await t.platform.eventStore.readAll({ after: lastBefore - 1, limit: 1 }))[0]!.occurredAt));
      // The next events are recorded at least a millisecond after the instant.
      await waitFor(() => (Date.now() > until.getTime() + 1 ? true : undefined), { what: 'a later millisecond' });
      for (const id of after) await store(t, id);
      const live = sqliteFile(loadConfig({ DATA_DIR: t.dataDir }));
      await waitFor(() => (interactionsIn(live).dataIds.length === before.length + after.length ? true : undefined), { what: 'every interaction projected live' });
      const liveBefore = interactionsIn(live);

      // The app keeps running: the replay reads its log and writes only DATA_DIR/replay-audit.db.
      const { stdout } = await replay(t.dataDir, ['--all', '--until', until.toISOString(), '--namespace', 'audit']);
      expect(stdout).toMatch(/^interactions: \d+ events in \d+ ms \(\d+ events\/s\)$/m);
      expect(stdout).toMatch(/^replayed \d+ projection\(s\): \d+ events in \d+ ms \(\d+ events\/s\)$/m);
      const asOf = interactionsIn(namespaceFile({ DATA_DIR: t.dataDir }, 'audit'));
      expect(asOf.dataIds).toEqual(before);
      expect(asOf.checkpoint).toBeGreaterThanOrEqual(lastBefore);
      expect(interactionsIn(live)).toEqual(liveBefore);

      // Still answering, and its live read model still follows new writes.
      await store(t, 'c0');
      await waitFor(() => (interactionsIn(live).dataIds.includes('c0') ? true : undefined), { what: 'a new write projected live' });

      // A namespace per question: a second one beside the first (the end of a day far ahead: every event), listed, then dropped.
      const config = loadConfig({ MODE: 'embedded', DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' });
      const later = await openNamespace(config, 'later');
      try {
        await replayReadModels(later, MODULES, ['interactions'], () => {}, { untilPosition: await positionAsOf(later.eventStore, UntilDate.parse('2999-12-31')) });
      } finally {
        await later.close();
      }
      expect(interactionsIn(namespaceFile(config, 'later')).dataIds).toEqual([...before, ...after, 'c0'].sort());
      expect(await listNamespaces(config)).toEqual(['audit', 'later']);
      expect((await replay(t.dataDir, ['--drop-namespace', 'later'])).stdout).toMatch(/dropped namespace later/);
      expect(existsSync(namespaceFile(config, 'later'))).toBe(false);
      expect(await listNamespaces(config)).toEqual(['audit']);

      // Refusals in words.
      const badDate = await refused(t.dataDir, ['--all', '--until', '2026-13-45']);
      expect(badDate.code).toBe(1);
      expect(badDate.stderr).toMatch(/--until must be a day \(YYYY-MM-DD/);

      // Into a namespace as into the live store, a replay runs no reaction: given one that would react to every event.
      const reacted: string[] = [];
      const everything = [...new Set(MODULES.flatMap((m) => [...(m.projections ?? []).flatMap((p) => p.handles), ...(m.reactions ?? []).flatMap((r) => r.handles)]))];
      const spy: Module = { name: 'spy', reactions: [{ name: 'spy.everything', handles: everything, jobs: async (event) => (reacted.push(event.type), []) }] };
      const target = await openNamespace(config, 'spied');
      try {
        const untilPosition = await positionAsOf(target.eventStore, until.getTime());
        expect(untilPosition).toBeGreaterThanOrEqual(lastBefore);
        const replayed = await replayReadModels(target, [...MODULES, spy], 'all', () => {}, { untilPosition });
        expect(replayed.find((r) => r.projection === 'interactions')?.events).toBe(before.length);
      } finally {
        await target.close();
      }
      expect(reacted).toEqual([]);
      expect(interactionsIn(live).dataIds).toEqual([...before, ...after, 'c0'].sort());
    } finally {
      await t.close();
    }
  }, 60_000);
});
