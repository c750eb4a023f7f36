import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

const SmsRequest = z.object({ from: z.string(), to: z.string(), text: z.string() });
export type CapturedSms = z.infer<typeof SmsRequest>;

export interface SmsCapture {
  /** Where `SMS_API_URL` points. */
  url: string;
  token: string;
  /** Messages accepted so far, oldest first. */
  messages: CapturedSms[];
  close(): Promise<void>;
}

/**
 * An HTTP SMS provider on 127.0.0.1 speaking what `platform/sms/http.ts` sends (POST JSON `{from, to, text}`, Bearer
 * token): it keeps what it accepts, answers 401 to a wrong token and 400 to a malformed body.
 */
export const startSmsCapture = async (token: string): Promise<SmsCapture> => {
  const messages: CapturedSms[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const answer = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.method !== 'POST') return answer(405, { error: 'POST only' });
      if (request.headers.authorization !== `Bearer ${token}`) return answer(401, { error: 'bad token' });
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const parsed = SmsRequest.safeParse(json);
      if (!parsed.success) return answer(400, { error: parsed.error.message });
      messages.push(parsed.data);
      answer(200, { id: String(messages.length) });
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/messages`,
    token,
    messages,
    close: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
};
