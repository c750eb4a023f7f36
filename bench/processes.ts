import { rmSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..');
export const nodeBin = process.execPath; // Node 24 from node@24 when run through npm scripts

export interface Started {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Starts a Node script on a free port and resolves once `readyPath` answers 2xx. */
export const startScript = async (script: string, env: Record<string, string>, nodeArgs: string[] = [], readyPath = '/api/health', readyWithinMs = 30_000): Promise<Started> => {
  const port = await freePort();
  // The app keeps its keys in a folder beside its data folder (KEYS_DIR); a bench's is removed when the app stops.
  const keysDir = env.DATA_DIR && !env.KEYS_DIR ? `${env.DATA_DIR}-keys` : undefined;
  const child = spawn(nodeBin, [...nodeArgs, script], { cwd: repoRoot, env: { ...process.env, MODE: 'embedded', ...env, ...(keysDir ? { KEYS_DIR: keysDir } : {}), PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  child.once('exit', () => keysDir && rmSync(keysDir, { recursive: true, force: true }));
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}${readyPath}`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${script} did not answer ${readyPath} in ${readyWithinMs / 1000} s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    port,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
};

/**
 * Starts `services/src/main.ts` as a role without HTTP (ROLE=projector|worker) and resolves once it logged its start
 * (`"msg":"started"`, at LOG_LEVEL info or lower).
 */
export const startRoleScript = async (env: Record<string, string>, nodeArgs: string[] = [], readyWithinMs = 180_000): Promise<Omit<Started, 'port'>> => {
  const child = spawn(nodeBin, [...nodeArgs, 'services/src/main.ts'], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    // Only the start is looked for; the rest is dropped so a long run does not grow the string.
    if (output.length < 200_000) output += chunk.toString();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const deadline = Date.now() + readyWithinMs;
  while (!/"msg":"started"/.test(output)) {
    if (child.exitCode !== null) throw new Error(`${env.ROLE ?? 'role'} exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${env.ROLE ?? 'role'} did not start in ${readyWithinMs / 1000} s:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  output = '';
  child.stdout.removeListener('data', keep);
  child.stdout.resume();
  return {
    child,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
};
