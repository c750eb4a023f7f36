import { validate, version } from 'uuid';
import { describe, expect, it } from 'vitest';
import { createUuidV7 } from './uuid-v7.ts';

describe('UUID v7 ids', () => {
  it('are valid v7 UUIDs, all distinct and increasing within the process, past one pool of random bytes', () => {
    const newId = createUuidV7();
    const ids = Array.from({ length: 2000 }, () => newId());
    expect(ids.every((id) => validate(id) && version(id) === 7)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('carry the current time in their first 48 bits', () => {
    const before = Date.now();
    const id = createUuidV7()();
    const msecs = parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(msecs).toBeGreaterThanOrEqual(before);
    expect(msecs).toBeLessThanOrEqual(Date.now() + 1);
  });
});
