import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** One app process (`services/src/main.ts`) started as a role, its output kept for the failure messages. */
export interface RoleProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves when a line of its output matches, or rejects when it exits first or the deadline passes. */
  waitForLine(pattern: RegExp, what: string, timeoutMs: number): Promise<void>;
  /** Resolves once the process has exited. */
  readonly exited: Promise<void>;
  alive(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when it is gone. */
  stop(graceMs?: number): Promise<void>;
}

/** The last lines of a process's output, to say why a step failed. */
export const tail = (text: string, lines = 40): string => text.split('\n').slice(-lines).join('\n');

export const startRole = (name: string, env: Record<string, string>): RoleProcess => {
  // vitest sets MODE=test in its environment; each variable of the app's configuration is set by the caller.
  const child = spawn(process.execPath, ['services/src/main.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let running = true;
  // Should the test runner end without the suite's afterAll (a crash, a kill), the child must not outlive it.
  const killWithParent = () => child.kill('SIGKILL');
  process.once('exit', killWithParent);
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      running = false;
      process.off('exit', killWithParent);
      for (const listener of listeners) listener();
      done();
    }),
  );

  const waitForLine = (pattern: RegExp, what: string, timeoutMs: number): Promise<void> =>
    new Promise((resolveWait, reject) => {
      const finish = (error?: Error) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (error) reject(error);
        else resolveWait();
      };
      const check = () => {
        if (output.split('\n').some((line) => pattern.test(line))) return finish();
        if (!running) finish(new Error(`${name} exited before ${what}:\n${tail(output)}`));
      };
      const timer = setTimeout(() => finish(new Error(`${name}: no ${what} within ${timeoutMs} ms:\n${tail(output)}`)), timeoutMs);
      listeners.add(check);
      check();
    });

  return {
    name,
    child,
    output: () => output,
    waitForLine,
    exited,
    alive: () => running,
    async stop(graceMs = 5000) {
      if (!running) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
};
