import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { createTokenService, JWT_KEY_FILE } from './tokens.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tokens-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const expectUnauthorized = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(401);
};

describe('access tokens (EdDSA)', () => {
  it('issues a token that verifies to the same principal', async () => {
    const tokens = await createTokenService({ keys: { keysDir: tempDir() }, ttlSeconds: 900 });
    const token = await tokens.issueAccessToken({ userId: 'u1', roles: ['Super Admin', 'Customer'] });
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toMatchObject({ alg: 'EdDSA', typ: 'at+jwt' });
    expect(await tokens.verifyAccessToken(token)).toEqual({ userId: 'u1', roles: ['Super Admin', 'Customer'] });
  });

  it("carries a Provider Admin's provider (pid) with the session and its version", async () => {
    const tokens = await createTokenService({ keys: { keysDir: tempDir() }, ttlSeconds: 900 });
    const principal = { userId: 'u1', roles: ['Provider Admin' as const], sessionId: 's1', sessionVersion: 2, providerId: 'p1' };
    expect(await tokens.verifyAccessToken(await tokens.issueAccessToken(principal))).toEqual(principal);
  });

  it('generates a key once into the data folder (mode 0600) and keeps it across restarts', async () => {
    const dataDir = tempDir();
    const first = await createTokenService({ keys: { keysDir: dataDir }, ttlSeconds: 900 });
    const file = join(dataDir, JWT_KEY_FILE);
    expect(readFileSync(file, 'utf8')).toContain('BEGIN PRIVATE KEY');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const token = await first.issueAccessToken({ userId: 'u1', roles: ['Customer'] });
    const second = await createTokenService({ keys: { keysDir: dataDir }, ttlSeconds: 900 });
    expect(await second.verifyAccessToken(token)).toEqual({ userId: 'u1', roles: ['Customer'] });
  });

  it('uses a configured key, including one with escaped newlines', async () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const a = await createTokenService({ privateKeyPem: pem, keys: { keysDir: tempDir() }, ttlSeconds: 900 });
    const b = await createTokenService({ privateKeyPem: pem.replaceAll('\n', '\\n'), keys: { keysDir: tempDir() }, ttlSeconds: 900 });
    expect(await b.verifyAccessToken(await a.issueAccessToken({ userId: 'u1', roles: ['Owner'] }))).toEqual({ userId: 'u1', roles: ['Owner'] });
  });

  it('refuses a key that is not Ed25519', async () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await expect(createTokenService({ privateKeyPem: pem, keys: { keysDir: tempDir() }, ttlSeconds: 900 })).rejects.toThrow(/Ed25519/);
  });

  it('refuses an expired token (injected time)', async () => {
    let now = new Date('2025-01-01T00:00:00Z');
    const tokens = await createTokenService({ keys: { keysDir: tempDir() }, ttlSeconds: 900, clock: () => now });
    const token = await tokens.issueAccessToken({ userId: 'u1', roles: ['Customer'] });
    now = new Date('2025-01-01T00:14:59Z');
    await expect(tokens.verifyAccessToken(token)).resolves.toEqual({ userId: 'u1', roles: ['Customer'] });
    now = new Date('2025-01-01T00:15:00Z');
    await expectUnauthorized(tokens.verifyAccessToken(token));
  });

  it('refuses a tampered token (claims changed, signature kept)', async () => {
    const tokens = await createTokenService({ keys: { keysDir: tempDir() }, ttlSeconds: 900 });
    const [header, payload, signature] = (await tokens.issueAccessToken({ userId: 'u1', roles: ['Customer'] })).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, roles: ['Super Admin'] })).toString('base64url');
    await expectUnauthorized(tokens.verifyAccessToken(`${header}.${forged}.${signature}`));
  });

  it('refuses a token signed by another key, an unsigned token and garbage', async () => {
    const tokens = await createTokenService({ keys: { keysDir: tempDir() }, ttlSeconds: 900 });
    const other = await createTokenService({ keys: { keysDir: tempDir() }, ttlSeconds: 900 });
    await expectUnauthorized(tokens.verifyAccessToken(await other.issueAccessToken({ userId: 'u1', roles: ['Customer'] })));
    const none = `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${Buffer.from('{"sub":"u1","roles":["Super Admin"]}').toString('base64url')}.`;
    await expectUnauthorized(tokens.verifyAccessToken(none));
    await expectUnauthorized(tokens.verifyAccessToken('not-a-jwt'));
  });

  it('refuses a token with an unknown role', async () => {
    const tokens = await createTokenService({ keys: { keysDir: tempDir() }, ttlSeconds: 900 });
    // @ts-expect-error: a role outside the list, as a forged issuer would write it
    await expectUnauthorized(tokens.verifyAccessToken(await tokens.issueAccessToken({ userId: 'u1', roles: ['Lennar'] })));
  });
});
