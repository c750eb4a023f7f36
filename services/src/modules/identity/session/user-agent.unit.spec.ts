import { describe, expect, it } from 'vitest';
import { sessionUserAgent, USER_AGENT_MAX_LENGTH } from './user-agent.ts';

describe('the User-Agent a session records', () => {
  it('is trimmed, and absent when missing or blank', () => {
    expect(sessionUserAgent('  Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0 ')).toBe('Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0');
    expect(sessionUserAgent(undefined)).toBeUndefined();
    expect(sessionUserAgent('   ')).toBeUndefined();
    expect(sessionUserAgent([])).toBeUndefined();
  });

  it('is cut to its maximum length, and control characters do not reach the notice', () => {
    const recorded = sessionUserAgent(`Firefox/132.0 ${'x'.repeat(10_000)}`);
    expect(recorded).toHaveLength(USER_AGENT_MAX_LENGTH);
    expect(recorded?.startsWith('Firefox/132.0 x')).toBe(true);
    expect(sessionUserAgent('Firefox/132.0\r\nDevice: trust me\u0000')).toBe('Firefox/132.0  Device: trust me');
  });
});
