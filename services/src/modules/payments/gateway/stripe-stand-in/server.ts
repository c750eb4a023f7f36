import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { parseForm, type FormObject } from './form.ts';
import { errorBody, eventObject, newId, type Json } from './objects.ts';
import { invalid, PARAMS, standInResources, type Answer } from './resources.ts';
import { STAND_IN_SCRIPT } from './script.ts';

/**
 * The local Stripe stand-in: a small HTTP server that answers the calls the Stripe adapter makes (customers,
 * payment_methods, payment_intents, setup_intents, refunds) in Stripe's shapes, keeps idempotency keys, and sends
 * signed webhooks (the `stripe` library's `generateTestHeaderString`) to the app. Cards: the test gateway's three
 * (4242… succeeds, 4000…0002 is declined, 4000 0027 6000 3184 asks for the second step, and off-session fails with
 * `authentication_required`). It serves a small Stripe.js at `/v3/` for the browser. State lives in memory.
 */

export interface StandInOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where signed events are POSTed; settable later (`setWebhookUrl`) when the app starts after the stand-in. */
  webhookUrl?: string;
  /** Send every event twice (the second a little later): Stripe delivers at least once. Default true. */
  deliverTwice?: boolean;
  port?: number;
  host?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: FormObject;
  idempotencyKey: string | null;
  /** Which key authenticated it. */
  key: 'secret' | 'publishable' | 'none';
}

export interface StandIn {
  url: string;
  requests: RecordedRequest[];
  /** Every event made, in order (what was sent). */
  events: Json[];
  setWebhookUrl(url: string): void;
  /** Resolves when no webhook delivery is under way. */
  idle(): Promise<void>;
  close(): Promise<void>;
}


export const startStripeStandIn = async (options: StandInOptions): Promise<StandIn> => {
  const signer = new Stripe(options.secretKey).webhooks;
  const deliverTwice = options.deliverTwice ?? true;
  let webhookUrl = options.webhookUrl ?? null;
  const requests: RecordedRequest[] = [];
  const events: Json[] = [];
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  const deliveries = new Set<Promise<void>>();


  const post = async (payload: string): Promise<boolean> => {
    if (!webhookUrl) return false;
    const header = signer.generateTestHeaderString({ payload, secret: options.webhookSecret });
    try {
      const response = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false;
    }
  };
  /** At least once: retried until a 2xx (a few times), and sent a second time later when `deliverTwice`. */
  const deliver = (event: Json) => {
    const payload = JSON.stringify(event, null, 2);
    const run = (async () => {
      for (let attempt = 0; attempt < 6 && !(await post(payload)); attempt++) await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
      if (deliverTwice) {
        await new Promise((r) => setTimeout(r, 150));
        await post(payload);
      }
    })();
    deliveries.add(run);
    void run.finally(() => deliveries.delete(run));
  };
  const emit = (type: string, object: Json, idempotencyKey: string | null) => {
    const event = eventObject(type, structuredClone(object), idempotencyKey);
    events.push(event);
    deliver(event);
  };


  const routes = standInResources(emit);

  const keyOf = (request: IncomingMessage): RecordedRequest['key'] => {
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    if (bearer && bearer === options.secretKey) return 'secret';
    if (bearer && bearer === options.publishableKey) return 'publishable';
    return 'none';
  };

  const send = (response: ServerResponse, answer: Answer, extra: Record<string, string> = {}) => {
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req'), ...extra });
    response.end(JSON.stringify(answer.body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, content-type', 'access-control-allow-methods': 'GET, POST' };
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors);
      return response.end();
    }
    if (request.method === 'GET' && (url.pathname === '/v3/' || url.pathname === '/v3')) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store', ...cors });
      return response.end(STAND_IN_SCRIPT);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = parseForm(raw);
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const key = keyOf(request);
    requests.push({ method: request.method ?? 'GET', path: url.pathname, body, idempotencyKey, key });

    const found = routes.find((r) => r.method === request.method && r.pattern.test(url.pathname));
    if (!found) return send(response, { status: 404, body: errorBody('invalid_request_error', `Unrecognized request URL (${request.method}: ${url.pathname}).`) }, cors);
    const { route } = found;
    if (key === 'none' || (key === 'publishable' && !route.publishable)) {
      return send(response, { status: 401, body: errorBody('invalid_request_error', 'Invalid API Key provided.') }, cors);
    }
    const allowed: ReadonlySet<string> = PARAMS[route.params];
    const unknown = Object.keys(body).find((name) => !allowed.has(name) && !(route.publishable && (name === 'client_secret' || name === 'approve')) && name !== 'expand');
    if (unknown) return send(response, invalid(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown'), cors);

    const id = decodeURIComponent(found.pattern.exec(url.pathname)?.[1] ?? '');
    if (request.method === 'POST' && idempotencyKey) {
      const fingerprint = createHash('sha256').update(`${key}:${url.pathname}:${raw}`).digest('hex');
      const scoped = `${key}:${idempotencyKey}`;
      const seen = idempotent.get(scoped);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          return send(response, {
            status: 400,
            body: errorBody('idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`),
          });
        }
        return send(response, seen.answer, { 'idempotent-replayed': 'true' });
      }
      const answer = route.run(body, idempotencyKey, id);
      idempotent.set(scoped, { fingerprint, answer: structuredClone(answer) });
      return send(response, answer, cors);
    }
    return send(response, route.run(body, idempotencyKey, id), cors);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, { status: 500, body: errorBody('api_error', error instanceof Error ? error.message : 'stand-in error') }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    requests,
    events,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    idle: async () => {
      while (deliveries.size > 0) await Promise.allSettled([...deliveries]);
    },
    close: async () => {
      await Promise.allSettled([...deliveries]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
