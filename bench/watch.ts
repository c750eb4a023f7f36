import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { createTokenService } from '../services/src/platform/auth/tokens.ts';
import { startKafkaMock, startRedis, type RunningEngine } from '../test/engines.ts';
import { cpuSeconds } from './cpu-time.ts';
import { startRoleScript, startScript, type Started } from './processes.ts';
import { startSmtpSink } from './smtp-sink.ts';

/**
 * Watch benchmarks (payments, NHD orders): `watchers` socket.io clients, each following one entity's room; the event
 * that moves each entity is set off at a fixed rate (open loop), and the time from then to the watcher seeing the
 * pushed change is the figure. Beside it, a bare socket.io server pushing the same message to the same clients when
 * asked over HTTP: the floor of HTTP in, socket.io out on this machine.
 */

/** What one watch benchmark follows: how to prepare one entity in the app, the message, and when a watcher has seen it. */
export interface WatchSpec {
  /** Room kind (`checkout`, `nhd-order`) and socket.io message (`payment.updated`, `nhd-order.updated`). */
  roomKind: string;
  message: string;
  /** The pushed view shows the change being timed. */
  seen: (view: Record<string, unknown>) => boolean;
  /** Makes one entity for a fresh account (`token`) and answers its id and the request that moves it. */
  prepare: (base: string, token: string) => Promise<{ id: string; fire: () => Promise<unknown> }>;
}

export interface WatchFigures {
  target: string;
  payments: number;
  /** Offered confirmations per second. */
  rate: number;
  p50: number;
  p99: number;
  max: number;
  /** Payments seen succeeded per second, from the first confirmation to the last watcher seeing its payment. */
  sustained: number;
  /** Watchers that never saw their payment succeed within the deadline. */
  missed: number;
  /**
   * CPU milliseconds the target's processes (every role; not Kafka, Redis or the SMTP sink) spent per entity seen moved,
   * from the first confirmation until they went idle again (so with each paid order's report and emails).
   */
  cpuMsPerEntity: number | null;
  /** `cpuMsPerEntity` less what the processes use idle over the same window (the orders' own CPU). */
  netCpuMsPerEntity: number | null;
  /** The processes' CPU use before the first confirmation, in % of a core (polling consumers and timers). */
  idleCpuPercent: number | null;
  /** The engines' CPU over the same window, in % of a core (`kafka-mock 40%, redis 12%`), empty for none. */
  engineCpu: string;
  /** Seconds from the first confirmation until the processes were back near idle (the CPU figure's window). */
  cpuWindowSeconds: number;
  /** The machine's 1-minute load average when the measurement ended (the machine may be shared). */
  load: number;
}

interface Target {
  name: string;
  base: string;
  /** The rooms to follow and, per room, the request that makes its entity move. */
  payments: { room: string; token: string; fire: () => Promise<unknown> }[];
  /** The target's processes, for their CPU time. */
  pids: number[];
  stop(): Promise<void>;
}

export const CONFIRM_CARD = '4000002760003184'; // the test card that waits for the card holder's confirmation
const SEEN_DEADLINE_MS = 30_000;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const round = (n: number) => Math.round(n * 10) / 10;

/** Runs `task` over `items`, `width` at a time. */
export const inBatches = async <T>(items: readonly T[], width: number, task: (item: T, index: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index] as T, index);
      }
    }),
  );
};

export const post = async (url: string, token: string | null, body: unknown) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
  return JSON.parse(text) as { data: Record<string, unknown> };
};

/** The app with `count` entities prepared by `spec`, one account each. */
const appTarget = async (spec: WatchSpec, name: string, count: number, env: Record<string, string>, engines: RunningEngine[], threeProcesses = false): Promise<Target> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'acpg-bench-pay-'));
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  let app: Started | undefined;
  const roles: Omit<Started, 'port'>[] = [];
  const stopRoles = () => Promise.all(roles.map((role) => role.stop()));
  try {
    // The distributed profile joins a Kafka consumer group per read model and reaction before it answers.
    const appEnv = { DATA_DIR: dataDir, HOST: '127.0.0.1', WEB_DIST_DIR: join(dataDir, 'none'), JWT_PRIVATE_KEY: pem, LOG_LEVEL: 'warn', ...env };
    // BENCH_CPU_PROF_DIR=dir: every app process writes a V8 CPU profile there when it stops (`node bench/cpu-profile.ts dir`).
    const profiled = (role: string) => (process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', join(process.env.BENCH_CPU_PROF_DIR, `${name.split(' ')[0] ?? 'app'}-${role}`)] : []);
    if (threeProcesses) {
      // The api seeds first (the shared SQLite file's tables and seed data), then the projector and the worker join.
      app = await startScript('services/src/main.ts', { ...appEnv, ROLE: 'api' }, profiled('api'), '/api/health', 180_000);
      // They log their start at info; nothing of theirs is request-logged.
      for (const role of ['projector', 'worker']) roles.push(await startRoleScript({ ...appEnv, MODE: 'distributed', ROLE: role, LOG_LEVEL: 'info' }, profiled(role)));
    } else {
      app = await startScript('services/src/main.ts', appEnv, profiled('all'), '/api/health', 180_000);
    }
    const base = `http://127.0.0.1:${app.port}`;
    const tokens = await createTokenService({ privateKeyPem: pem, keys: { keysDir: `${dataDir}-keys` }, ttlSeconds: 3600 });
    const payments: Target['payments'] = [];
    await inBatches(Array.from({ length: count }), 16, async () => {
      const token = await tokens.issueAccessToken({ userId: randomUUID(), roles: ['Customer'] });
      const { id, fire } = await spec.prepare(base, token);
      payments.push({ room: `${spec.roomKind}:${id}`, token, fire });
    });
    const running = app;
    return {
      name,
      base,
      payments,
      pids: [running.child.pid, ...roles.map((role) => role.child.pid)].filter((pid): pid is number => pid !== undefined),
      stop: async () => {
        await Promise.all([running.stop(), stopRoles()]);
        await Promise.all(engines.map((engine) => engine.stop()));
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all([app?.stop(), stopRoles()]);
    await Promise.all(engines.map((engine) => engine.stop()));
    throw error;
  }
};

const bareTarget = async (spec: WatchSpec, count: number): Promise<Target> => {
  const server = await startScript('bench/bare-socket-server.ts', { BARE_ROOM_KIND: spec.roomKind, BARE_MESSAGE: spec.message });
  const base = `http://127.0.0.1:${server.port}`;
  const payments = Array.from({ length: count }, () => {
    const id = randomUUID();
    return { room: `${spec.roomKind}:${id}`, token: '', fire: () => post(`${base}/push/${id}`, null, {}) };
  });
  return { name: 'bare socket.io push', base, payments, pids: server.child.pid === undefined ? [] : [server.child.pid], stop: () => server.stop() };
};

/** The engines this bench process started (the Kafka mock cluster, redis-server), by command name, from /proc. */
const engineChildren = (): { name: string; pid: number }[] => {
  const found: { name: string; pid: number }[] = [];
  for (const entry of readdirSync('/proc', { withFileTypes: true })) {
    if (!entry.isDirectory() || !/^\d+$/.test(entry.name)) continue;
    try {
      const stat = readFileSync(`/proc/${entry.name}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === process.pid && (name === 'kcat' || name.startsWith('redis-server'))) found.push({ name: name.startsWith('redis') ? 'redis' : 'kafka-mock', pid: Number(entry.name) });
    } catch {
      // gone meanwhile
    }
  }
  return found;
};

/** CPU seconds the processes used so far, summed; null where /proc is not there. */
const cpuOf = (pids: readonly number[]): number | null => {
  let sum = 0;
  for (const pid of pids) {
    const seconds = cpuSeconds(pid);
    if (seconds === null) return null;
    sum += seconds;
  }
  return sum;
};

/** The processes' CPU use while nothing is asked of them, in CPU seconds per second (consumers polling, timers). */
const idleCpuRate = async (pids: readonly number[]): Promise<number | null> => {
  const before = cpuOf(pids);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = cpuOf(pids);
  return before === null || after === null ? null : (after - before) / ((performance.now() - started) / 1000);
};

/**
 * The processes' CPU seconds once their use over half a second is back near their idle rate (the paid orders' jobs
 * done), within 60 s.
 */
const cpuOnceIdle = async (pids: readonly number[], idleRate: number): Promise<number | null> => {
  const deadline = performance.now() + 60_000;
  let last = cpuOf(pids);
  while (last !== null && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuOf(pids);
    if (now === null) return null;
    const busy = now - last;
    last = now;
    if (busy < idleRate * 0.5 * 1.5 + 0.025) break;
  }
  return last;
};

/** Connects one client per payment, joins its room, fires the payments at `rate` per second, times each watcher. */
const measure = async (spec: WatchSpec, target: Target, rate: number): Promise<WatchFigures> => {
  const sockets: Socket[] = [];
  try {
    const seenAt = new Array<number>(target.payments.length).fill(NaN);
    const firedAt = new Array<number>(target.payments.length).fill(NaN);
    await inBatches(target.payments, 50, async (payment, index) => {
      const socket = connect(target.base, { path: '/socket.io', transports: ['websocket'], auth: { token: payment.token }, reconnection: false, forceNew: true });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      socket.on(spec.message, (view: Record<string, unknown>) => {
        if (Number.isNaN(seenAt[index]) && spec.seen(view)) seenAt[index] = performance.now();
      });
      const answer = (await socket.timeout(10_000).emitWithAck('subscribe', { entity: payment.room })) as { ok: boolean; message?: string };
      if (!answer.ok) throw new Error(`joining ${payment.room} was refused: ${answer.message ?? ''}`);
    });

    const idleRate = await idleCpuRate(target.pids);
    const engines = engineChildren();
    const enginesBefore = engines.map((engine) => cpuSeconds(engine.pid) ?? 0);
    const cpuBefore = cpuOf(target.pids);
    const start = performance.now();
    const fired: Promise<unknown>[] = [];
    await new Promise<void>((done) => {
      let index = 0;
      const tick = () => {
        // Open loop: every confirmation that is due by now leaves now, whatever the answers before it are doing.
        const due = Math.min(target.payments.length, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
        for (; index < due; index += 1) {
          firedAt[index] = performance.now();
          fired.push((target.payments[index] as Target['payments'][number]).fire().catch((error: unknown) => error));
        }
        if (index < target.payments.length) setTimeout(tick, 1);
        else done();
      };
      tick();
    });
    const deadline = performance.now() + SEEN_DEADLINE_MS;
    while (seenAt.some(Number.isNaN) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const failures = (await Promise.all(fired)).filter((result) => result instanceof Error);
    if (failures.length > 0) console.log(`WARNING: ${failures.length} of ${target.name}'s requests failed: ${String(failures[0])}`);

    const cpuAfter = await cpuOnceIdle(target.pids, idleRate ?? 0);
    const cpuWindow = (performance.now() - start) / 1000;
    const engineCpu = engines.map((engine, i) => `${engine.name} ${round(((cpuSeconds(engine.pid) ?? 0) - (enginesBefore[i] ?? 0)) * 100 / cpuWindow)}%`);
    const latencies = seenAt.map((seen, i) => seen - (firedAt[i] ?? NaN)).filter((ms) => !Number.isNaN(ms)).sort((a, b) => a - b);
    const lastSeen = Math.max(...seenAt.filter((ms) => !Number.isNaN(ms)));
    return {
      target: target.name,
      payments: target.payments.length,
      rate,
      p50: round(quantile(latencies, 0.5)),
      p99: round(quantile(latencies, 0.99)),
      max: round(latencies[latencies.length - 1] ?? NaN),
      sustained: Math.round((latencies.length * 1000) / Math.max(lastSeen - start, 1)),
      missed: target.payments.length - latencies.length,
      load: round(loadavg()[0] ?? NaN),
      cpuMsPerEntity: cpuBefore === null || cpuAfter === null || latencies.length === 0 ? null : round(((cpuAfter - cpuBefore) * 1000) / latencies.length),
      idleCpuPercent: idleRate === null ? null : round(idleRate * 100),
      netCpuMsPerEntity:
        cpuBefore === null || cpuAfter === null || idleRate === null || latencies.length === 0
          ? null
          : round(((cpuAfter - cpuBefore - idleRate * cpuWindow) * 1000) / latencies.length),
      cpuWindowSeconds: round(cpuWindow),
      engineCpu: engineCpu.join(', '),
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
};

export const distributedEnv = async (): Promise<{ env: Record<string, string>; engines: RunningEngine[] }> => {
  const [redis, kafka, smtp] = await Promise.all([startRedis(), startKafkaMock(), startSmtpSink()]);
  const run = `bench${randomBytes(4).toString('hex')}`;
  return {
    engines: [redis, kafka, { address: smtp.url, stop: smtp.stop }],
    env: {
      MODE: 'distributed',
      STORE: 'sqlite',
      KAFKA_BROKERS: kafka.address,
      KAFKA_TOPIC_PREFIX: run,
      KAFKA_CLIENT_ID: run,
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      // The mock cluster answers a fetch only when its wait ends (a real broker answers when an event arrives).
      // BENCH_KAFKA_MAX_WAIT_MS sets another wait, to see what share of a watcher's time the mock cluster's waits are.
      KAFKA_MAX_WAIT_MS: process.env.BENCH_KAFKA_MAX_WAIT_MS ?? '100',
      REDIS_URL: redis.address,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      // Emails (NHD reports to their recipients) go to a sink that accepts and drops them; nothing here sends SMS.
      SMTP_URL: smtp.url,
      SMS_API_URL: 'http://127.0.0.1:9',
      SMS_API_TOKEN: 'bench',
      SMS_FROM: 'ACPG',
      PAYMENTS_GATEWAY: 'test', // the distributed profile must name its gateway; the bench pays with test cards
    },
  };
};

/** Every target at each rate, in one run: the bare push, the embedded profile, then Kafka (the mock cluster) and Redis. */
export const WATCH_TARGETS = ['bare', 'embedded', 'distributed', 'three-process'] as const;
export type WatchTarget = (typeof WATCH_TARGETS)[number];
export interface WatchOptions {
  watchers?: number;
  rates?: number[];
  only?: readonly WatchTarget[];
}

export const benchWatch = async (spec: WatchSpec, { watchers = 1000, rates = [100, 250], only = [...WATCH_TARGETS] }: WatchOptions = {}): Promise<WatchFigures[]> => {
  const figures: WatchFigures[] = [];
  const targets: Record<WatchTarget, () => Promise<Target>> = {
    bare: () => bareTarget(spec, watchers),
    embedded: () => appTarget(spec, 'embedded (SQLite, in-process bus)', watchers, {}, []),
    distributed: async () => {
      const { env, engines } = await distributedEnv();
      return appTarget(spec, 'distributed (Kafka mock, Redis)', watchers, env, engines);
    },
    'three-process': async () => {
      const { env, engines } = await distributedEnv();
      return appTarget(spec, 'three processes (api, projector, worker)', watchers, env, engines, true);
    },
  };
  for (const make of WATCH_TARGETS.filter((name) => only.includes(name)).map((name) => targets[name])) {
    for (const rate of rates) {
      // A fresh target per rate: each entity moves once.
      const target = await make();
      try {
        const figure = await measure(spec, target, rate);
        figures.push(figure);
        // Printed as it comes, so a later target's failure does not lose it.
        console.log(`  ${figure.target} at ${rate}/s: ${JSON.stringify(figure)}`);
      } finally {
        await target.stop();
      }
    }
  }
  return figures;
};

/** Prints the figures of `benchWatch`, with `title` (what is watched and timed) above them. */
export const printWatchFigures = (title: string, figures: readonly WatchFigures[], rates: readonly number[]) => {
  console.log(`\n${title}`);
  console.log('target                                   | offered/s | sustained/s | p50 ms | p99 ms | max ms | missed | CPU ms/entity | net of idle | idle CPU % | load');
  for (const f of figures) {
    console.log(
      `${f.target.padEnd(40)} | ${String(f.rate).padStart(9)} | ${String(f.sustained).padStart(11)} | ${String(f.p50).padStart(6)} | ${String(f.p99).padStart(6)} | ${String(f.max).padStart(6)} | ${String(f.missed).padStart(6)} | ${String(f.cpuMsPerEntity ?? '-').padStart(13)} | ${String(f.netCpuMsPerEntity ?? '-').padStart(11)} | ${String(f.idleCpuPercent ?? '-').padStart(10)} | ${f.load}`,
    );
  }
  for (const rate of rates) {
    const bare = figures.find((f) => f.rate === rate && f.target.startsWith('bare'));
    for (const f of figures.filter((x) => x.rate === rate && x !== bare)) {
      if (bare) console.log(`ratio p99 at ${rate}/s (${f.target} / bare): ${(f.p99 / Math.max(bare.p99, 0.1)).toFixed(1)}`);
    }
    const embedded = figures.find((f) => f.rate === rate && f.target.startsWith('embedded'));
    for (const f of figures.filter((x) => x.rate === rate && (x.target.startsWith('distributed') || x.target.startsWith('three')))) {
      if (!embedded) continue;
      const cpu = f.netCpuMsPerEntity !== null && embedded.netCpuMsPerEntity ? (f.netCpuMsPerEntity / embedded.netCpuMsPerEntity).toFixed(1) : '-';
      console.log(`ratio at ${rate}/s (${f.target} / embedded): p99 ${(f.p99 / Math.max(embedded.p99, 0.1)).toFixed(1)} (goal at most 3), CPU per entity net of idle ${cpu} (goal at most 2)`);
    }
  }
};
