import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.ts';
import { tooManyRequests } from './errors.ts';

const appThrowing = (error: () => unknown, header?: string) => {
  const app = Fastify();
  app.setErrorHandler(errorHandler);
  app.get('/x', async (_request, reply) => {
    if (header) reply.header('retry-after', header);
    throw error();
  });
  return app;
};

describe('429 answers', () => {
  it('a 429 raised outside our errors (a plugin) still carries retry_after_seconds and Retry-After', async () => {
    const app = appThrowing(() => Object.assign(new Error('Slow down.'), { statusCode: 429 }), '17');
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ success: false, code: 'TOO_MANY_REQUESTS', message: 'Slow down.', retry_after_seconds: 17 });
    expect(res.headers['retry-after']).toBe('17');
    await app.close();
  });

  it('a plugin 429 without a Retry-After says a minute', async () => {
    const app = appThrowing(() => Object.assign(new Error('Slow down.'), { statusCode: 429 }));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.json()).toMatchObject({ retry_after_seconds: 60 });
    expect(res.headers['retry-after']).toBe('60');
    await app.close();
  });

  it('tooManyRequests (the busy password hasher) answers its wait', async () => {
    const app = appThrowing(() => tooManyRequests('The server is busy. Try again in a moment.', 1));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', retry_after_seconds: 1 });
    expect(res.headers['retry-after']).toBe('1');
    await app.close();
  });
});
