import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { io as connect } from 'socket.io-client';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { orderBody } from '../services/test/nhd.ts';
import { embeddedTarget, LOAD_ADMIN, rssMb, threeProcessTarget, type LoadTarget } from './load-targets.ts';
import { PUBLIC_PAGES } from './public-site.ts';

/**
 * `npm run bench:load [-- --rate 50 --seconds 300 --target embedded|three-process|both]`: a mixed workload at a fixed
 * offered rate (open loop: each operation's first request leaves when it is due, whatever the answers before it are
 * doing, and is timed from then). The mix, by share of operations: browsing 50% (public pages, content documents,
 * plans), interaction stores 30%, membership checkouts 10%, NHD orders paid with a socket.io watcher each 10%; beside
 * them the seeded Super Admin signs in (password, then the code read where it arrives) at the start and every 65 s,
 * as an account may ask for a new code once a minute. Prints each app process's memory every 10 s, then p50/p99/count/errors per route and the
 * watchers' p50/p99 and how many never saw their order paid. Loopback only; `npm run build` first for the pages.
 */
const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '300' },
    target: { type: 'string', default: 'both' },
  },
});
const TARGETS = { embedded: embeddedTarget, 'three-process': threeProcessTarget } as const;
const chosen = values.target === 'both' ? (['embedded', 'three-process'] as const) : [values.target];
for (const name of chosen) if (!(name in TARGETS)) throw new Error(`--target takes embedded, three-process or both, not ${name}`);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const CONTENT_KEYS = ['site', 'home', 'about-us', 'services', 'faq'];
const WATCH_DEADLINE_MS = 30_000;

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** Latencies and failures per route. */
class Figures {
  readonly routes = new Map<string, { ms: number[]; errors: number }>();
  readonly watch = { ms: [] as number[], neverSeen: 0 };
  private of(route: string) {
    let r = this.routes.get(route);
    if (!r) this.routes.set(route, (r = { ms: [], errors: 0 }));
    return r;
  }
  ok(route: string, ms: number) {
    this.of(route).ms.push(ms);
  }
  failed(route: string) {
    this.of(route).errors += 1;
  }
  /** An error counted under `from` belongs under `to`. */
  moveError(from: string, to: string) {
    this.of(from).errors -= 1;
    this.of(to).errors += 1;
  }
}

/** One timed request: `from` is when it was due (the operation's schedule) or now. Throws on a non-2xx. */
const timed = async (figures: Figures, route: string, url: string, init: RequestInit & { token?: string }, from = performance.now()) => {
  try {
    const response = await fetch(url, {
      ...init,
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${route}: ${response.status} ${text.slice(0, 200)}`);
    figures.ok(route, performance.now() - from);
    return text.startsWith('{') ? (JSON.parse(text) as { data?: Record<string, unknown> }) : {};
  } catch (error) {
    figures.failed(route);
    throw error;
  }
};
const json = (body: unknown) => JSON.stringify(body);

/** The operations of the mix; each starts at `due`. */
const operations = (target: LoadTarget, figures: Figures) => {
  const api = `${target.base}/api/v1`;
  let n = 0;
  const card = (number: string) => ({ number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Load Bench' });
  return {
    browse: async (due: number) => {
      const i = n++;
      if (i % 3 === 0) await timed(figures, 'GET page', `${target.base}${PUBLIC_PAGES[i % PUBLIC_PAGES.length]}`, {}, due);
      else if (i % 3 === 1) await timed(figures, 'GET /cms/content/:key', `${api}/cms/content/${CONTENT_KEYS[i % CONTENT_KEYS.length]}`, {}, due);
      else await timed(figures, 'GET /plans', `${api}/plans`, {}, due);
    },
    interaction: async (due: number) => {
      await timed(figures, 'POST /user-interaction/store', `${api}/user-interaction/store`, { method: 'POST', body: json({ page_name: 'load', button_name: `b-${n++ % 50}` }) }, due);
    },
    membership: async (due: number) => {
      const token = await target.issueToken(`acct-${randomUUID()}`);
      const method = await timed(figures, 'POST /payments/test-gateway/payment-methods', `${api}/payments/test-gateway/payment-methods`, { method: 'POST', token, body: json(card(TEST_CARDS.succeeds)) }, due);
      const checkout = { checkout_id: randomUUID(), plan_id: 'monthly', accept_terms: true, payment_method_id: method.data?.payment_method_id };
      await timed(figures, 'POST /payments/checkouts (plan)', `${api}/payments/checkouts`, { method: 'POST', token, body: json(checkout) });
    },
    order: async (due: number) => {
      const token = await target.issueToken(`acct-${randomUUID()}`);
      const body = orderBody();
      await timed(figures, 'POST /nhd/orders', `${api}/nhd/orders`, { method: 'POST', token, body: json(body) }, due);
      const socket = connect(target.base, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        let seen: (() => void) | undefined;
        const paidSeen = new Promise<void>((resolve) => (seen = resolve));
        socket.on('nhd-order.updated', (view: { status?: string }) => {
          if (view.status && view.status !== 'placed') seen?.();
        });
        const joined = (await socket.timeout(10_000).emitWithAck('subscribe', { entity: `nhd-order:${body.order_id}` })) as { ok: boolean };
        if (!joined.ok) throw new Error('joining the order room was refused');
        const method = await timed(figures, 'POST /payments/test-gateway/payment-methods', `${api}/payments/test-gateway/payment-methods`, { method: 'POST', token, body: json(card(TEST_CARDS.succeeds)) });
        const paying = performance.now();
        const checkout = { checkout_id: randomUUID(), nhd_order_id: body.order_id, accept_terms: true, payment_method_id: method.data?.payment_method_id };
        // Payments reads the order from its copy of nhd's events, waiting for it at most 2 s: a projector further behind
        // answers 429 STILL_BEING_RECORDED (or, distributed, 404 NHD_ORDER_NOT_FOUND: its copy's checkpoint runs ahead across partitions), and the payer tries again (each such answer counted in a row of its own).
        for (;;) {
          try {
            await timed(figures, 'POST /payments/checkouts (NHD order)', `${api}/payments/checkouts`, { method: 'POST', token, body: json(checkout) }, paying);
            break;
          } catch (error) {
            const waiting = String(error).includes('STILL_BEING_RECORDED') || String(error).includes('NHD_ORDER_NOT_FOUND');
            if (!waiting || performance.now() - paying > WATCH_DEADLINE_MS) throw error;
            figures.moveError('POST /payments/checkouts (NHD order)', `POST /payments/checkouts (NHD order) ${String(error).includes('STILL_BEING_RECORDED') ? '429' : '404'} not yet payable, sent again`);
            await settle(250);
          }
        }
        const outcome = await Promise.race([paidSeen.then(() => true), settle(WATCH_DEADLINE_MS).then(() => false)]);
        if (outcome) figures.watch.ms.push(performance.now() - paying);
        else figures.watch.neverSeen += 1;
      } finally {
        socket.disconnect();
      }
    },
    signIn: async () => {
      const started = await timed(figures, 'POST /auth/sign-in', `${api}/auth/sign-in`, { method: 'POST', body: json({ email: LOAD_ADMIN.email, password: LOAD_ADMIN.password }) });
      const challenge_id = started.data?.challenge_id;
      const delivery = target.codeChannel();
      await timed(figures, 'POST /auth/sign-in/otp', `${api}/auth/sign-in/otp`, { method: 'POST', body: json({ challenge_id, channel: delivery.channel }) });
      const sent = performance.now();
      let code: string | undefined;
      while (!(code = await delivery.next())) {
        if (performance.now() - sent > 30_000) {
          figures.failed('sign-in code delivered');
          throw new Error('no sign-in code within 30 s');
        }
        await settle(50);
      }
      figures.ok('sign-in code delivered', performance.now() - sent);
      await timed(figures, 'POST /auth/sign-in/verify', `${api}/auth/sign-in/verify`, { method: 'POST', body: json({ challenge_id, code }) });
    },
  };
};

/** The mix, one slot in twenty each: browse 50%, interaction 30%, membership checkout 10%, NHD order with a watcher 10%. */
const MIX = ['browse', 'interaction', 'browse', 'interaction', 'browse', 'membership', 'browse', 'interaction', 'browse', 'order', 'browse', 'interaction', 'browse', 'interaction', 'browse', 'order', 'browse', 'interaction', 'browse', 'membership'] as const;

const runOn = async (target: LoadTarget) => {
  const figures = new Figures();
  const ops = operations(target, figures);
  const errors: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    const tracked = p.catch((error: unknown) => void (errors.length < 5 && errors.push(String(error)))).finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };
  const start = performance.now();
  const memory = setInterval(() => {
    const rss = Object.entries(target.pids()).map(([name, pid]) => `${name} ${rssMb(pid) ?? '-'} MB`);
    const elapsed = Math.round((performance.now() - start) / 1000);
    console.log(`[${target.name} ${String(elapsed).padStart(4)} s] RSS ${rss.join(', ')}; in flight ${inFlight.size}`);
  }, 10_000);
  // One account asks for a new code at most once a minute (OTP_RESEND_TOO_SOON): the seeded admin signs in every 65 s.
  track(ops.signIn());
  const signIns = setInterval(() => track(ops.signIn()), 65_000);
  try {
    const total = Math.round(RATE * SECONDS);
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await settle(wait);
      const kind = MIX[i % MIX.length] ?? 'browse';
      track(ops[kind](Math.min(due, performance.now())));
    }
  } finally {
    clearInterval(signIns);
    while (inFlight.size > 0) await Promise.all([...inFlight]);
    clearInterval(memory);
  }
  return { figures, errors, seconds: (performance.now() - start) / 1000 };
};

const print = (name: string, { figures, errors, seconds }: Awaited<ReturnType<typeof runOn>>) => {
  const round = (ms: number) => (Number.isNaN(ms) ? '-' : String(Math.round(ms * 10) / 10));
  console.log(`\n${name}: ${RATE} operations/s offered for ${SECONDS} s (ran ${seconds.toFixed(0)} s); ms from when each operation was due`);
  console.log('route                                                |  count | errors | p50 ms | p99 ms');
  let requests = 0;
  for (const [route, r] of [...figures.routes].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...r.ms].sort((a, b) => a - b);
    requests += r.ms.length + r.errors;
    console.log(`${route.padEnd(52)} | ${String(r.ms.length).padStart(6)} | ${String(r.errors).padStart(6)} | ${round(quantile(sorted, 0.5)).padStart(6)} | ${round(quantile(sorted, 0.99)).padStart(6)}`);
  }
  const watch = [...figures.watch.ms].sort((a, b) => a - b);
  console.log(`requests: ${requests} (${Math.round(requests / seconds)}/s)`);
  console.log(`NHD order watchers (ms from the checkout request to the watcher seeing the order paid): p50 ${round(quantile(watch, 0.5))}, p99 ${round(quantile(watch, 0.99))}, seen ${watch.length}, never seen ${figures.watch.neverSeen}`);
  if (errors.length > 0) console.log(`first errors:\n  ${errors.join('\n  ')}`);
};

for (const name of chosen) {
  const target = await TARGETS[name as keyof typeof TARGETS]();
  try {
    print(name, await runOn(target));
  } finally {
    await target.stop();
  }
}
