import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { MAX_PATH_PARAMETER_LENGTH } from './error-handler.ts';

/** Errors the router raises itself answer in the error envelope `{ success: false, message, code }`, never Fastify's shape. */
describe('router errors', () => {
  const t = useTestApp();

  /** Through the real server too: the router's errors are raised before `inject` and a socket differ in nothing, but prove it. */
  const both = async (url: string) => {
    const injected = await t.app.inject({ method: 'GET', url });
    const fetched = await fetch(`${t.url}${url}`);
    const body = (await fetched.json()) as unknown;
    expect(fetched.status, url).toBe(injected.statusCode);
    expect(body, url).toEqual(injected.json());
    expect(fetched.headers.get('content-type')).toMatch(/^application\/json/);
    return { status: injected.statusCode, body };
  };

  it('answers a malformed percent-encoding with 400 in the envelope', async () => {
    for (const url of ['/api/v1/cms/content/%ZZ', '/api/v1/cms/content/%E0%A4%A', '/%ZZ']) {
      const { status, body } = await both(url);
      expect(status, url).toBe(400);
      expect(body).toEqual({
        success: false,
        code: 'BAD_URL',
        message: 'The address holds a malformed percent-encoding (such as %ZZ). Check the link and try again.',
      });
    }
  });

  it(`answers a path parameter longer than ${MAX_PATH_PARAMETER_LENGTH} characters with 400 in the envelope`, async () => {
    const { status, body } = await both(`/api/v1/cms/content/${'a'.repeat(MAX_PATH_PARAMETER_LENGTH + 1)}`);
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      code: 'PATH_PARAMETER_TOO_LONG',
      message: `A value in the address is longer than ${MAX_PATH_PARAMETER_LENGTH} characters. Check the link and try again.`,
    });
  });

  it('lets a parameter of every length a route accepts reach the route (a blog post key with a 120-character slug is a 404 of the content, not a router error)', async () => {
    const { status, body } = await both(`/api/v1/cms/content/blog.${'a'.repeat(120)}`);
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, code: 'NOT_FOUND', message: 'This page was not found.' });
    const atLimit = await both(`/api/v1/cms/content/${'a'.repeat(MAX_PATH_PARAMETER_LENGTH)}`);
    expect(atLimit.status).toBe(404);
  });

  it('answers unknown API routes and methods with 404 in the envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api'],
      ['GET', '/api/v2/cms/blogs'],
      ['DELETE', '/api/v1/cms/blogs'],
      ['PUT', '/api/v1/cms/blogs/a-post'],
      ['GET', '/api/v1/cms/pages/home'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: `No route ${method} ${url}.` });
    }
  });

  it('answers the framework\'s body errors with a code and a sentence of ours, never its internal names', async () => {
    const post = (payload: string, contentType: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload, headers: { 'content-type': contentType } });
    const cases = [
      { res: await post('<email>a@b.c</email>', 'application/xml'), status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      // An empty JSON body is no body: the fields it needs are named (see missing-body.unit.spec.ts).
      { res: await post('', 'application/json'), status: 400, code: 'VALIDATION_FAILED' },
      { res: await post('{"email":', 'application/json'), status: 400, code: 'BAD_REQUEST' },
    ];
    for (const { res, status, code } of cases) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ success: false, code });
      expect(res.json().code).not.toMatch(/^FST_/);
      expect(res.json().message).not.toMatch(/FST_/);
    }
  });
});
