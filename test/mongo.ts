import { connect } from 'node:net';
import { existsSync } from 'node:fs';

export interface MongoForTests {
  url: string;
  stop(): Promise<void>;
}

const DOCKER_SOCKET = '/var/run/docker.sock';

/** Does a Docker engine answer `GET /_ping` within `timeoutMs`? (DOCKER_HOST unix:// or tcp://, else the default socket.) */
export const dockerEngineAnswers = (timeoutMs = 1500): Promise<boolean> => {
  const host = process.env.DOCKER_HOST;
  let target: { path: string } | { host: string; port: number };
  if (host?.startsWith('unix://')) target = { path: host.slice('unix://'.length) };
  else if (host?.startsWith('tcp://')) {
    const url = new URL(host.replace(/^tcp:/, 'http:'));
    target = { host: url.hostname, port: Number(url.port || 2375) };
  } else if (host) return Promise.resolve(false); // ssh:// and others: leave to testcontainers users who set MONGODB_URL
  else if (existsSync(DOCKER_SOCKET)) target = { path: DOCKER_SOCKET };
  else return Promise.resolve(false);

  return new Promise((resolve) => {
    const socket = connect(target);
    let reply = '';
    const finish = (answer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('GET /_ping HTTP/1.0\r\nHost: docker\r\n\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) finish(/^HTTP\/1\.[01] 200/.test(reply));
    });
  });
};

/**
 * A MongoDB for the contract suites: `MONGODB_URL` when set; else a replica-set container through
 * testcontainers when a Docker engine answers; else null (the suite is then skipped, by name).
 * Each call starts its own container: call it once per spec file (top-level await) and stop it in afterAll.
 */
export const mongoUrlForTests = async (): Promise<MongoForTests | null> => {
  const fromEnv = process.env.MONGODB_URL;
  if (fromEnv) return { url: fromEnv, stop: async () => {} };
  if (!(await dockerEngineAnswers())) return null;
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const container = await new MongoDBContainer('mongo:8.0').start();
  // The replica set advertises the container's own host name: connect directly to the mapped port.
  const [base = '', query] = container.getConnectionString().split('?');
  const url = `${base.replace(/\/$/, '')}/?${query ? `${query}&` : ''}directConnection=true`;
  return { url, stop: async () => void (await container.stop()) };
};

/** The reason a Mongo suite does not run, for its name. */
export const mongoSkipReason = 'skipped: no MONGODB_URL and no Docker engine';
