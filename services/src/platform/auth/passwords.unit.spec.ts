import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { createPasswordHasher, passwordProblem, Semaphore } from './passwords.ts';

describe('password policy (8..128, no composition rules, common passwords refused)', () => {
  it('accepts a long passphrase of lower-case words', () => {
    expect(passwordProblem('correct horse battery staple 7')).toBeNull();
  });
  it('refuses fewer than 8 characters, accepts exactly 8', () => {
    expect(passwordProblem('Zq9!xT2')).toBe('Use at least 8 characters.');
    expect(passwordProblem('Zq9!xT2w')).toBeNull();
  });
  it('refuses more than 128 characters, accepts exactly 128', () => {
    expect(passwordProblem('x7'.repeat(64) + 'y')).toBe('Use at most 128 characters.');
    expect(passwordProblem('x7'.repeat(64))).toBeNull();
  });
  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('😀😀😀😀😀😀😀')).toBe('Use at least 8 characters.');
  });
  it('refuses common passwords, whatever their case', () => {
    expect(passwordProblem('password')).toMatch(/too common/);
    expect(passwordProblem('Password1')).toMatch(/too common/);
    expect(passwordProblem('iloveyou')).toMatch(/too common/);
    expect(passwordProblem('12345678')).toMatch(/too common/);
  });
  it('imposes no composition rule', () => {
    expect(passwordProblem('lowercase only words here')).toBeNull();
  });
});

describe('scrypt hasher', { timeout: 30_000 }, () => {
  // The production parameters (N = 2^17): one hash takes 128 MiB and from 0.1 s to over 1 s depending on the machine.
  const hasher = createPasswordHasher();

  it('hashes into a PHC string with parameters and salt, and verifies', async () => {
    const encoded = await hasher.hash('correct horse battery staple');
    expect(encoded).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(await hasher.verify('correct horse battery staple', encoded)).toBe(true);
    expect(await hasher.verify('correct horse battery stapl', encoded)).toBe(false);
    expect(hasher.needsRehash(encoded)).toBe(false);
  });

  it('salts: the same password twice gives two hashes', async () => {
    const [a, b] = await Promise.all([hasher.hash('same password here'), hasher.hash('same password here')]);
    expect(a).not.toBe(b);
  });

  it('answers false for a malformed or tampered hash', async () => {
    expect(await hasher.verify('x', 'not a hash')).toBe(false);
    expect(await hasher.verify('x', '$scrypt$ln=30,r=8,p=1$AAAA$AAAA')).toBe(false);
  });

  it('verifies hashes made with other parameters and asks for a rehash', async () => {
    const light = createPasswordHasher({ params: { ln: 10, r: 8, p: 1 } });
    const encoded = await light.hash('an older password hash');
    expect(await hasher.verify('an older password hash', encoded)).toBe(true);
    expect(hasher.needsRehash(encoded)).toBe(true);
  });

  it('verifyDummy costs a verification and always answers false', async () => {
    expect(await hasher.verifyDummy('anything')).toBe(false);
  });

  it('treats composed and decomposed Unicode as the same password', async () => {
    const encoded = await hasher.hash('caf\u00e9 au lait');
    expect(await hasher.verify('cafe\u0301 au lait', encoded)).toBe(true);
  });
});

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once and refuses beyond the queue', async () => {
    const semaphore = new Semaphore(2, 1);
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const task = () =>
      semaphore.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
      });
    const tasks = [task(), task(), task()];
    await expect(task()).rejects.toBeInstanceOf(AppError);
    expect(semaphore.active).toBe(2);
    expect(semaphore.waiting).toBe(1);
    expect(releases).toHaveLength(2); // the third waits
    releases.shift()?.();
    await new Promise((r) => setImmediate(r));
    expect(releases).toHaveLength(2); // the third took the freed slot
    expect(semaphore.waiting).toBe(0);
    releases.splice(0).forEach((r) => r());
    await Promise.all(tasks);
    expect(peak).toBe(2);
    expect(semaphore.active).toBe(0);
  });
});

describe('hashing lanes: anonymous callers cannot starve signed-in ones', () => {
  it('refuses anonymous work beyond its share while a signed-in hash still gets the next free slot', async () => {
    const semaphore = new Semaphore(1, 10, 3);
    const releases: (() => void)[] = [];
    const hold = () => new Promise<void>((resolve) => releases.push(resolve));
    const order: string[] = [];
    const anonymous = [1, 2, 3].map((n) => semaphore.run(async () => { order.push(`anonymous ${n}`); await hold(); }, 'anonymous'));
    // The anonymous share (3 running or waiting) is full: a 4th anonymous caller is told the server is busy.
    await expect(semaphore.run(async () => undefined, 'anonymous')).rejects.toMatchObject({ status: 429 });
    expect(semaphore.anonymous).toBe(3);
    // A signed-in caller is admitted, and takes the slot freed next, ahead of the anonymous ones waiting before it.
    const signedIn = semaphore.run(async () => { order.push('signed-in'); }, 'signed-in');
    releases.shift()?.();
    await signedIn;
    expect(order.slice(0, 2)).toEqual(['anonymous 1', 'signed-in']);
    while (releases.length > 0 || order.length < 4) {
      releases.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(anonymous);
    expect(semaphore.anonymous).toBe(0);
    expect(semaphore.active).toBe(0);
  });

  it('a hasher whose anonymous share is full still hashes and verifies a signed-in password change', async () => {
    const hasher = createPasswordHasher({ params: { ln: 14, r: 8, p: 1 }, concurrency: 1, maxQueue: 50, maxAnonymous: 4 });
    // Sign-in, sign-up and reset floods: more anonymous hashes than the share holds.
    const flood = Array.from({ length: 12 }, (_, i) => hasher.hash(`anonymous guess ${i}`).then(() => 'hashed', () => 'refused'));
    const signedIn = (async () => {
      const current = await hasher.hash('the current password', 'signed-in');
      expect(await hasher.verify('the current password', current, 'signed-in')).toBe(true);
      return hasher.hash('the new password', 'signed-in');
    })();
    await expect(signedIn).resolves.toMatch(/^\$scrypt\$/);
    const outcomes = await Promise.all(flood);
    expect(outcomes.filter((o) => o === 'refused').length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o === 'hashed').length).toBeLessThan(4); // the share, one place of which the dummy hash made at creation holds
  });
});
