import { describe, expect, it } from 'vitest';
import type { CommandMeta } from '../../../platform/commands/handle-command.ts';
import { deadJobDecider, deadJobStream } from './decider.ts';

const metadata: CommandMeta = { now: new Date('2026-03-01T10:00:00Z'), actor: 'acc-op', correlationId: 'r1', causationId: 'r1', newId: () => 'id' };
const data = { queue: 'notifications', job_id: 'welcome:evt-1', job_name: 'notification', error: 'smtp down', attempts_made: 5, reason: 'SMTP is back' };

describe('dead job decider', () => {
  it('records who retried or discarded the job, why and when', () => {
    const state = deadJobDecider.initialState();
    expect(deadJobDecider.decide({ type: 'RecordRetry', data, metadata }, state)).toEqual([
      { type: 'DeadJobRetried', data: { ...data, by: 'acc-op', at: '2026-03-01T10:00:00.000Z' } },
    ]);
    const [discarded] = deadJobDecider.decide({ type: 'RecordDiscard', data, metadata }, state);
    expect(discarded?.type).toBe('DeadJobDiscarded');
    expect(deadJobDecider.evolve(state, discarded!)).toEqual({ retried: 0, discarded: true });
  });

  it('names one stream per queue and job id, a module stream whatever the id holds', () => {
    expect(deadJobStream('notifications', 'a:b')).toMatch(/^operations-deadjob-[0-9a-f]{32}$/);
    expect(deadJobStream('notifications', 'a:b')).toBe(deadJobStream('notifications', 'a:b'));
    expect(deadJobStream('notifications', 'a:b')).not.toBe(deadJobStream('notification', 's:a:b'));
  });
});
