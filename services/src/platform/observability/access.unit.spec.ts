import { describe, expect, it } from 'vitest';
import { PermanentJobError } from '../jobs/errors.ts';
import { mayScrape } from './http.ts';
import { correlationInData, wasLastAttempt } from './observed-jobs.ts';
import { Recent } from './tracing.ts';

describe('who may read /metrics', () => {
  const token = 'a-metrics-token-of-16+';
  it('with METRICS_TOKEN: exactly that bearer token, from anywhere', () => {
    expect(mayScrape(token, { remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${token}` } })).toBe(true);
    expect(mayScrape(token, { remoteAddress: '127.0.0.1', headers: {} })).toBe(false);
    expect(mayScrape(token, { remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${token}x` } })).toBe(false);
    expect(mayScrape(token, { remoteAddress: '127.0.0.1', headers: { authorization: token } })).toBe(false);
  });
  it('without it: only a direct request from this host, never one a proxy forwarded', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(mayScrape(undefined, { remoteAddress: address, headers: {} })).toBe(true);
    expect(mayScrape(undefined, { remoteAddress: '10.0.0.7', headers: {} })).toBe(false);
    expect(mayScrape(undefined, { remoteAddress: undefined, headers: {} })).toBe(false);
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) expect(mayScrape(undefined, { remoteAddress: '127.0.0.1', headers: { [header]: '203.0.113.9' } })).toBe(false);
  });
});

describe('job outcomes', () => {
  it('a failure is the last when refused for good or when its attempts are spent (the port default when unknown)', () => {
    expect(wasLastAttempt(new PermanentJobError('no'), { attemptsMade: 0 }, 8)).toBe(true);
    expect(wasLastAttempt(new Error('away'), { attemptsMade: 0 }, 8)).toBe(false);
    expect(wasLastAttempt(new Error('away'), { attemptsMade: 7 }, 8)).toBe(true);
    expect(wasLastAttempt(new Error('away'), { attemptsMade: 3 }, undefined)).toBe(false);
    expect(wasLastAttempt(new Error('away'), { attemptsMade: 4 }, undefined)).toBe(true);
  });
  it('the correlation id a job’s data carries in an event envelope', () => {
    expect(correlationInData({ payment: { id: 'e1', correlationId: 'req-1' } })).toBe('req-1');
    expect(correlationInData({ to: 'a@example.test', variables: {} })).toBeUndefined();
    expect(correlationInData(null)).toBeUndefined();
  });
});

describe('Recent', () => {
  it('forgets the oldest entries past its size; a set refreshes an entry', () => {
    const recent = new Recent<number>(2);
    recent.set('a', 1);
    recent.set('b', 2);
    recent.set('a', 3);
    recent.set('c', 4);
    expect([recent.get('a'), recent.get('b'), recent.get('c'), recent.size]).toEqual([3, undefined, 4, 2]);
  });
});
