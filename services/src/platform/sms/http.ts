import type { SmsMessage, SmsSender } from './port.ts';

export interface HttpSmsSenderOptions {
  /** The provider's send endpoint. */
  url: string;
  token: string;
  /** Sender id or number. */
  from: string;
  fetch?: typeof globalThis.fetch;
  /** Default 10 000 ms. */
  timeoutMs?: number;
}

/** A refused send: the status tells retryable (5xx, 429) from not. */
export class SmsSendError extends Error {
  readonly status: number;
  constructor(status: number, body: string) {
    super(`SMS provider answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`);
    this.name = 'SmsSendError';
    this.status = status;
  }
}

/** Sends through a JSON-over-HTTP provider: POST { from, to, text } with a bearer token. */
export const createHttpSmsSender = (options: HttpSmsSenderOptions): SmsSender => {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    send: async (message: SmsMessage) => {
      const response = await fetchImpl(options.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ from: options.from, to: message.to, text: message.text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        const body = await response.text().catch(() => '');
        throw new SmsSendError(response.status, body);
      }
      // Drain the body so the connection is reused.
      await response.arrayBuffer().catch(() => undefined);
    },
  };
};
