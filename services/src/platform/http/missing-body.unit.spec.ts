import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from './error-handler.ts';
import { acceptMissingOptionalBody, jsonWithEmptyAsNone } from './missing-body.ts';

const app = async () => {
  const a = Fastify().withTypeProvider<ZodTypeProvider>();
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  a.setErrorHandler(errorHandler);
  jsonWithEmptyAsNone(a);
  acceptMissingOptionalBody(a);
  a.post('/needs', { schema: { body: z.object({ reason: z.string().min(3), note: z.string().optional() }) } }, async (request) => request.body);
  a.post('/optional', { schema: { body: z.object({ note: z.string().optional() }) } }, async (request) => ({ got: request.body }));
  await a.ready();
  return a;
};

describe('a POST sent without a body', () => {
  it('to a route that needs fields: VALIDATION_FAILED naming each, not the validator text', async () => {
    const a = await app();
    const res = await a.inject({ method: 'POST', url: '/needs' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'The request has no body: send a JSON object with reason (Content-Type: application/json).',
      errors: [{ path: 'reason', message: 'reason is required.' }],
    });
    expect(res.body).not.toMatch(/received null|expected object/);
    // Content-Type: application/json with an empty body (fetch with JSON headers and no body) answers the same.
    const emptyJson = await a.inject({ method: 'POST', url: '/needs', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(emptyJson.json()).toEqual(res.json());
    // Malformed JSON is still refused as such, and poisoned JSON too.
    expect((await a.inject({ method: 'POST', url: '/needs', headers: { 'content-type': 'application/json' }, payload: '{"reason":' })).json()).toMatchObject({ code: 'BAD_REQUEST', message: 'The body is not valid JSON.' });
    expect((await a.inject({ method: 'POST', url: '/needs', headers: { 'content-type': 'application/json' }, payload: '{"reason":"abc","__proto__":{"x":1}}' })).statusCode).toBe(400);
    // With a body, the field errors are as before.
    const short = await a.inject({ method: 'POST', url: '/needs', payload: { reason: 'x' } });
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'reason' }] });
    await a.close();
  });

  it('to a route whose fields are all optional: read as {}', async () => {
    const a = await app();
    const res = await a.inject({ method: 'POST', url: '/optional' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ got: {} });
    const emptyJson = await a.inject({ method: 'POST', url: '/optional', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(emptyJson.json()).toEqual({ got: {} });
    await a.close();
  });
});
