import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { authGuard } from './guard.ts';
import type { TokenService } from './port.ts';
import { createTokenService } from './tokens.ts';

let dataDir: string;
let tokens: TokenService;
let app: FastifyInstance;

const build = async () => {
  const instance = Fastify();
  // The shape of the app's error handler: AppError → its status and envelope.
  instance.setErrorHandler((error, _request, reply) => {
    if (error instanceof AppError) return reply.code(error.status).send({ success: false, message: error.message, code: error.code });
    return reply.code(500).send({ success: false, message: String(error), code: 'INTERNAL' });
  });
  await instance.register(authGuard, { tokens });
  return instance;
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'guard-'));
  tokens = await createTokenService({ keys: { keysDir: dataDir }, ttlSeconds: 900 });
  app = await build();
  await app.register(
    async (module) => {
      module.get('/open', { config: { auth: 'public' } }, async (request) => ({ principal: request.principal }));
      module.get('/admin', { config: { auth: { capability: 'plans.manage' } } }, async (request) => ({ principal: request.principal }));
      module.get('/anyone', { config: { auth: { capability: 'account' } } }, async (request) => ({ principal: request.principal }));
    },
    { prefix: '/api/v1' },
  );
  app.get('/not-api', async (request) => ({ principal: request.principal }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const bearer = async (roles: Parameters<TokenService['issueAccessToken']>[0]['roles']) => ({
  authorization: `Bearer ${await tokens.issueAccessToken({ userId: 'u1', roles })}`,
});

describe('auth guard', () => {
  it('refuses to register an /api/ route without config.auth', async () => {
    const instance = await build();
    expect(() => instance.get('/api/v1/forgotten', async () => 'x')).toThrow(/GET \/api\/v1\/forgotten declares no config\.auth/);
    // In a module plugin under a prefix, the start fails.
    const other = await build();
    await expect(other.register(async (module) => void module.post('/forgotten', async () => 'x'), { prefix: '/api/v1' })).rejects.toThrow(
      /POST \/api\/v1\/forgotten declares no config\.auth/,
    );
  });

  it('refuses a malformed config.auth', async () => {
    const instance = await build();
    // @ts-expect-error: a route names a capability of the role table, never roles
    expect(() => instance.get('/api/v1/bad', { config: { auth: { roles: ['Super Admin'] } } }, async () => 'x')).toThrow(/declares no config\.auth/);
    // @ts-expect-error: a capability the table does not hold
    expect(() => instance.get('/api/v1/worse', { config: { auth: { capability: 'everything' } } }, async () => 'x')).toThrow(/declares no config\.auth/);
  });

  it('lets routes outside /api/ go undeclared (web app, static files)', async () => {
    const response = await app.inject({ method: 'GET', url: '/not-api' });
    expect(response.statusCode).toBe(200);
  });

  it('public route: principal null without a token, set with a valid one, null with a bad one', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/open' })).json()).toEqual({ principal: null });
    expect((await app.inject({ method: 'GET', url: '/api/v1/open', headers: await bearer(['Customer']) })).json()).toEqual({
      principal: { userId: 'u1', roles: ['Customer'] },
    });
    const bad = await app.inject({ method: 'GET', url: '/api/v1/open', headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toEqual({ principal: null });
  });

  it('guarded route: 401 without a token, with a bad one, or with another scheme', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic dTpw' }]) {
      const response = await app.inject({ method: 'GET', url: '/api/v1/admin', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('guarded route: 403 when no role has the capability, 200 when one has', async () => {
    for (const roles of [['Customer', 'Owner'], ['Admin']] as const) {
      const refused = await app.inject({ method: 'GET', url: '/api/v1/admin', headers: await bearer([...roles]) });
      expect(refused.statusCode, roles.join()).toBe(403);
    }
    const refused = await app.inject({ method: 'GET', url: '/api/v1/admin', headers: await bearer(['Customer', 'Owner']) });
    expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const allowed = await app.inject({ method: 'GET', url: '/api/v1/admin', headers: await bearer(['Customer', 'Super Admin']) });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ principal: { userId: 'u1', roles: ['Customer', 'Super Admin'] } });
  });

  it('capability account: any signed-in caller', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/anyone' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/anyone', headers: await bearer(['Sub User']) })).statusCode).toBe(200);
  });

  it('guards the HEAD route Fastify adds to a GET', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/api/v1/admin' })).statusCode).toBe(401);
  });
});
