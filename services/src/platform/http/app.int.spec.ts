import { describe, expect, it } from 'vitest';
import { useTestAppWithWebBuild } from '../../../test/harness.ts';
import { apiRoutesOf } from './route-inventory.ts';

describe('http app', () => {
  const { t } = useTestAppWithWebBuild();

  it('answers health publicly with mode and role, and echoes a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok', mode: 'embedded', role: 'all' } });
    expect(res.headers['x-request-id']).toBe('trace-123');
  });

  it('replaces a request id that is not a plain token with a UUID', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown /api path with a 404 envelope, whatever the method', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/nothing-here?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: `No route ${method} /api/v1/nothing-here.` });
    }
  });

  it('serves the web app: files as they are, other paths fall back to index.html', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    for (const url of ['/', '/authentication/sign-in', '/user-interaction?page=2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('ACPG test shell');
    }
  });

  it('answers a malformed JSON body with 400 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-interaction/store',
      headers: { 'content-type': 'application/json' },
      payload: '{"page_name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
  });

  it('spells "enrollment" one way (US English) in the OpenAPI document: paths, fields, codes and descriptions', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).body;
    expect(doc).toContain('/api/v1/equity/enrollments');
    expect(doc).toContain('equity_enrollment_id');
    expect(doc.match(/enrolment/gi) ?? []).toEqual([]);
  });

  it('serves the docs UI and an OpenAPI document that lists every /api route', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)));
    const routes = apiRoutesOf(t.app).filter((r) => !r.hidden && !r.url.startsWith('/api/v1/docs'));
    const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    expect(routes.length).toBeGreaterThan(7);
    const missing = routes.map((r) => `${r.method} ${openApiPath(r.url)}`).filter((r) => !documented.has(r));
    expect(missing).toEqual([]);
    for (const route of [
      'GET /api/health',
      'GET /api/v1/states',
      'POST /api/v1/user-interaction/store',
      'GET /api/v1/admin/user-interactions',
      'GET /api/v1/admin/user-interactions/summary',
      'GET /api/v1/cms/content/{key}',
      'PUT /api/v1/cms/admin/content/{key}/draft',
      'GET /api/v1/events/stream',
    ]) {
      expect(documented, route).toContain(route);
    }
    const stream = doc.paths['/api/v1/events/stream']?.get as { parameters?: { name: string }[] };
    expect(stream.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['from', 'type', 'token']));
  });
});
