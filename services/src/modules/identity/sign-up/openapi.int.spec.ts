import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

type Operation = { description?: string; security?: unknown[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, { description?: string }> } }> } };
type OpenApi = { components: { securitySchemes: Record<string, unknown> }; paths: Record<string, Record<string, Operation>> };

/** An integrator signs up from the OpenAPI document alone: the human check and the sign-up cookie are described there. */
describe('sign-up in the OpenAPI document', () => {
  const t = useTestApp();
  let doc: OpenApi;
  beforeAll(async () => {
    doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as OpenApi;
  }, 60_000);

  it('declares the sign-up cookie as a security scheme (apiKey in cookie) and names it on the code steps', () => {
    expect(doc.components.securitySchemes.signUpCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'acpg_signup' });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const path of ['/api/v1/auth/sign-up/otp', '/api/v1/auth/sign-up/verify']) expect(doc.paths[path]?.post?.security, path).toEqual([{ signUpCookie: [] }]);
    expect(doc.paths['/api/v1/auth/sign-up']?.post?.description).toContain('acpg_signup');
  });

  it('says how to get the ALTCHA challenge, what to send back and in which field', () => {
    const challenge = doc.paths['/api/v1/auth/sign-up/challenge']?.get?.description ?? '';
    expect(challenge).toMatch(/ALTCHA v2/);
    expect(challenge).toContain('captcha: base64(JSON.stringify({ challenge: data, solution: { counter, derivedKey } }))');
    const body = doc.paths['/api/v1/auth/sign-up']?.post?.requestBody?.content['application/json']?.schema.properties;
    expect(body?.captcha?.description).toMatch(/base64 of the JSON .*"challenge".*"solution".*counter.*derivedKey/s);
    expect(body?.captcha?.description).toContain('GET /auth/sign-up/challenge');
  });
});
