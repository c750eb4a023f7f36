import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cpuSeconds } from './cpu-time.ts';
import { startScript } from './processes.ts';
import { distributedEnv } from './watch.ts';

/**
 * `node bench/idle-cpu.ts [--max-wait 10,100,500] [--seconds 10]`: the CPU the distributed profile (one process, every
 * consumer and worker, on the Kafka mock cluster and Redis) uses while nothing is asked of it, per KAFKA_MAX_WAIT_MS:
 * what its Kafka consumers' empty fetches and its BullMQ workers cost before any order.
 */
const { values } = parseArgs({ options: { 'max-wait': { type: 'string', default: '10,100,500' }, seconds: { type: 'string', default: '10' } } });
const seconds = Number(values.seconds);
for (const maxWait of values['max-wait'].split(',')) {
  const { env, engines } = await distributedEnv();
  const dataDir = mkdtempSync(join(tmpdir(), 'acpg-bench-idle-'));
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const app = await startScript('services/src/main.ts', { ...env, KAFKA_MAX_WAIT_MS: maxWait, DATA_DIR: dataDir, HOST: '127.0.0.1', WEB_DIST_DIR: join(dataDir, 'none'), JWT_PRIVATE_KEY: pem, LOG_LEVEL: 'warn' }, [], '/api/health', 180_000);
  try {
    await new Promise((resolve) => setTimeout(resolve, 3000)); // the start's own work settles
    const before = cpuSeconds(app.child.pid);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const after = cpuSeconds(app.child.pid);
    const percent = before === null || after === null ? '-' : (((after - before) / seconds) * 100).toFixed(1);
    console.log(`KAFKA_MAX_WAIT_MS=${maxWait}: idle CPU ${percent}% of a core (load average ${loadavg()[0]?.toFixed(1)})`);
  } finally {
    await app.stop();
    await Promise.all(engines.map((engine) => engine.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
