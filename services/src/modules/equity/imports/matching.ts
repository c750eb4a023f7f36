import { RECORDING_LOOKBACK_DAYS, RecordingsImported, type ProtectedProperty, type RecordedDocument } from '@acpg/contracts/equity';
import { z } from 'zod';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import type { Doc } from '../../../platform/documents/port.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { uuidFrom } from '../enrolment/commands.ts';
import { ENROLMENTS_COLLECTION } from '../enrolments/view.ts';
import { runAlertCommand } from '../alert/commands.ts';
import { matchKey } from '../recorder-feed/port.ts';
import { handleCommand, loadStream } from '../../../platform/commands/handle-command.ts';
import { importDecider, importStream } from './decider.ts';

export const MATCHING_QUEUE = 'equity-matching';
const matchingJob = defineJob({ queue: MATCHING_QUEUE, name: 'match', data: z.object({ import_id: z.string() }), attempts: 5, backoffMs: 2000, what: 'matching job' });
/** Recordings looked up per query of the protected properties. */
const CHUNK = 1000;
/** Alerts raised at once within a chunk (the embedded store commits concurrent appends together). */
const PARALLEL = 32;

/** One alert per recording and enrolment: a recording imported twice (or a job run again) raises it once. */
export const alertIdOf = (recording: RecordedDocument, enrolmentId: string) => uuidFrom(`equity-alert:${matchKey(recording.county, recording.apn)}:${recording.document_number}:${enrolmentId}`);

/** Each import of recordings is matched by a job on the worker role, away from the Super Admin's request. */
export const matchingReaction: Reaction = {
  name: 'equity.matching',
  handles: ['RecordingsImported'],
  async jobs(event) {
    const imported = RecordingsImported.safeParse(event.data);
    if (!imported.success) return [];
    return [matchingJob.job({ import_id: imported.data.import_id })];
  },
};

const protectedOf = (doc: Doc) => ({ enrolment_id: String(doc.enrolment_id), account_id: String(doc.account_id), property: doc.property as ProtectedProperty, since: String(doc.protected_since ?? '') });
/** The first recording day that alerts for a protection started at `since` (ISO time). */
const firstDay = (since: string) => new Date(Date.parse(since) - RECORDING_LOOKBACK_DAYS * 86_400_000).toISOString().slice(0, 10);

/**
 * Matches an import's accepted recordings to the properties protected now, by county and APN only (`matchKey`):
 * never by a party's name, so a namesake's deed raises nothing. Each match raises an alert; a run killed mid-way
 * is run again and raises only the alerts still missing.
 */
export const matchImport = async (platform: Platform, importId: string): Promise<{ matched: number; alerts: number }> => {
  const { state } = await loadStream(platform.eventStore, importStream(importId), importDecider);
  if (state.status === 'none') throw new PermanentJobError(`no import ${importId}`);
  if (state.status === 'matched') return { matched: 0, alerts: 0 };
  const sample = state.imported.source === 'sample';
  const now = platform.clock().toISOString();
  const file = await platform.files.get(state.imported.file_key);
  if (!file) throw new PermanentJobError(`import ${importId} has no file of recordings`);
  // Written by recordImport from rows the contract's schema accepted: read back as they are.
  // Parsed a chunk at a time (never 200,000 lines in one turn of the event loop).
  const lines = file.bytes.toString('utf8').split('\n').filter((line) => line !== '');
  // Every alert of an import shares its correlation id: the import's id.
  const metadata = () => ({ ...systemMeta(platform, { actor: 'system' }), correlationId: importId });
  let matched = 0;
  let alerts = 0;
  for (let start = 0; start < lines.length; start += CHUNK) {
    const chunk = lines.slice(start, start + CHUNK).map((line) => JSON.parse(line) as RecordedDocument);
    const keys = [...new Set(chunk.map((r) => matchKey(r.county, r.apn)))];
    const byKey = new Map<string, ReturnType<typeof protectedOf>[]>();
    // Protected now (a year's protection that ran out raises nothing), by county and APN only.
    for (const doc of await platform.documents.find(ENROLMENTS_COLLECTION, { status: 'active', protected_until: { $gt: now }, match_key: { $in: keys } })) {
      const key = String(doc.match_key);
      byKey.set(key, [...(byKey.get(key) ?? []), protectedOf(doc)]);
    }
    const raises = chunk.flatMap((recording) => {
      const hits = (byKey.get(matchKey(recording.county, recording.apn)) ?? []).filter((hit) => recording.recorded_at >= firstDay(hit.since));
      if (hits.length > 0) matched += 1;
      return hits.map((hit) => ({ recording, hit }));
    });
    alerts += raises.length;
    for (let i = 0; i < raises.length; i += PARALLEL) {
      await Promise.all(
        raises.slice(i, i + PARALLEL).map(({ recording, hit }) => {
          const alertId = alertIdOf(recording, hit.enrolment_id);
          const { since: _since, ...who } = hit;
          return runAlertCommand(platform, alertId, { type: 'RaiseAlert', data: { alert_id: alertId, ...who, recording, import_id: importId, ...(sample ? { sample } : {}) }, metadata: metadata() });
        }),
      );
    }
  }
  await handleCommand(platform.eventStore, importStream(importId), importDecider, { type: 'RecordMatching', data: { matched_count: matched, alert_count: alerts }, metadata: metadata() }, { retries: 3 });
  return { matched, alerts };
};

export const matchingWorker = matchingJob.worker(async (platform, { import_id }) => void (await matchImport(platform, import_id)), { concurrency: 1 });
