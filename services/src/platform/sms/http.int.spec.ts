import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpSmsSender, SmsSendError } from './http.ts';

interface Received {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** A stand-in SMS provider on a free local port, answering `status` to every request. */
const startProvider = async (status: number, answer = '{"ok":true}') => {
  const received: Received[] = [];
  const server: Server = createServer(async (request, response) => {
    const raw = await readBody(request);
    received.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: JSON.parse(raw) as unknown,
    });
    response.writeHead(status, { 'content-type': 'application/json' }).end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1/messages`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

describe('HTTP SMS sender', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  it('POSTs { from, to, text } as JSON with the bearer token', async () => {
    const provider = await startProvider(202);
    closers.push(provider.close);
    const sms = createHttpSmsSender({ url: provider.url, token: 'secret-token', from: 'ACPG' });
    await sms.send({ to: '+15551234567', text: 'Your code is 123456' });
    expect(provider.received).toEqual([
      {
        method: 'POST',
        url: '/v1/messages',
        authorization: 'Bearer secret-token',
        contentType: 'application/json',
        body: { from: 'ACPG', to: '+15551234567', text: 'Your code is 123456' },
      },
    ]);
  });

  it.each([400, 401, 429, 503])('throws with the status when the provider answers %i', async (status) => {
    const provider = await startProvider(status, '{"error":"nope"}');
    closers.push(provider.close);
    const sms = createHttpSmsSender({ url: provider.url, token: 't', from: 'ACPG' });
    const failure = await sms.send({ to: '+15551234567', text: 'hi' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SmsSendError);
    expect(failure).toMatchObject({ status, message: expect.stringContaining(String(status)) });
  });

  it('uses the fetch it is given', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const sms = createHttpSmsSender({
      url: 'https://sms.example/send',
      token: 'tok',
      from: '+15550000000',
      fetch: async (input, init) => {
        calls.push({ url: String(input), init });
        return new Response(null, { status: 204 });
      },
    });
    await sms.send({ to: '+15551112222', text: 'x' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://sms.example/send');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ from: '+15550000000', to: '+15551112222', text: 'x' });
  });
});
