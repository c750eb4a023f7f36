import type * as Crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

// Counts the scrypt derivations the hasher asks for (the real scrypt still runs).
const derivations = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof Crypto>();
  const scrypt = ((...args: Parameters<typeof real.scrypt>) => {
    derivations.count += 1;
    return real.scrypt(...args);
  }) as typeof real.scrypt;
  return { ...real, default: { ...real, scrypt }, scrypt };
});

const { createPasswordHasher } = await import('./passwords.ts');

describe('verifyDummy timing', () => {
  it('costs one scrypt on a fresh hasher, like a real verification: the dummy hash is made when the hasher is', async () => {
    const hasher = createPasswordHasher({ params: { ln: 10, r: 8, p: 1 } });
    const before = derivations.count;
    expect(await hasher.verifyDummy('an unknown account')).toBe(false);
    expect(derivations.count - before).toBe(1);

    const encoded = await hasher.hash('a real password here');
    const beforeVerify = derivations.count;
    await hasher.verify('a real password here', encoded);
    expect(derivations.count - beforeVerify).toBe(1);
  });
});
