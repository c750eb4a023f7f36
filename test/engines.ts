import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningEngine {
  address: string;
  stop(): Promise<void>;
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

const stopProcess = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });

/** Waits until `output` of the child matches, or fails with what it printed. */
const waitForOutput = (child: ChildProcess, pattern: RegExp, what: string, timeoutMs = 20_000): Promise<RegExpMatchArray> =>
  new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start in ${timeoutMs} ms:\n${seen}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = seen.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${what} could not be started (${error.message}); install it: apt-get install -y redis-server kcat`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}:\n${seen}`));
    });
  });

export const startRedis = async (): Promise<RunningEngine> => {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'redis-'));
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForOutput(child, /Ready to accept connections/, 'redis-server');
  return {
    address: `redis://127.0.0.1:${port}`,
    stop: async () => {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/**
 * librdkafka's mock cluster, started through kcat (ARCHITECTURE.md): it speaks the Kafka protocol,
 * auto-creates topics, and has no CreateTopics API nor idempotent producer.
 */
export const startKafkaMock = async (): Promise<RunningEngine> => {
  const child = spawn('kcat', ['-X', 'test.mock.num.brokers=1', '-b', 'localhost:1', '-P', '-t', 'warmup', '-d', 'mock'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const match = await waitForOutput(child, /bootstrap\.servers=(\S+)/, 'kcat mock cluster');
  const servers = match[1] ?? '';
  return {
    address: servers.replace(/,$/, ''),
    stop: async () => {
      child.stdin?.end();
      await stopProcess(child);
    },
  };
};
