import { pino } from 'pino';
import { ConfigError, loadConfig } from './platform/config/load.ts';
import { startApplication, type RunningApplication } from './composition/start.ts';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
})();

const log = pino({ level: config.LOG_LEVEL, base: { role: config.ROLE, mode: config.MODE } });

let running: RunningApplication | null = null;
let signalled: string | null = null;
let startFailed = false;

/** Writes what the logger holds, then exits; a failed start must not leave a live process behind. */
const exitNow = (code: number) => {
  log.flush();
  process.exit(code);
};

const shutdown = (signal: string) => {
  if (startFailed) return exitNow(1);
  if (!running) {
    signalled = signal; // still starting: stop as soon as the start has finished
    return;
  }
  const app = running;
  running = null;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    log.error('shutdown took longer than 20 s; exiting');
    process.exit(1);
  }, 20_000);
  force.unref();
  app.stop().then(
    () => {
      log.info('stopped');
      log.flush();
      process.exitCode = 0;
    },
    (error: unknown) => {
      log.error({ err: error }, 'shutdown failed');
      process.exitCode = 1;
    },
  );
};
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));

try {
  running = await startApplication(config, log);
  log.info({ url: running.url, mode: config.MODE, role: config.ROLE }, running.url ? `listening on ${running.url}` : 'started');
  if (signalled) shutdown(signalled);
} catch (error) {
  startFailed = true;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const where = `${config.HOST}:${config.PORT}`;
  log.fatal(
    { err: error },
    code === 'EADDRINUSE' ? `start failed: the address ${where} is already in use` : code === 'EACCES' ? `start failed: no permission to listen on ${where}` : 'start failed',
  );
  exitNow(1);
}
