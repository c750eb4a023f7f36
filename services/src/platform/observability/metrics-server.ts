import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { notFoundBody } from '../http/error-handler.ts';
import { mayScrape, METRICS_PATH } from './http.ts';

/**
 * `GET /metrics` on a port of its own, for a process that serves no HTTP (ROLE=projector or worker, with METRICS_PORT):
 * the same series format and the same access rule as the api's. Everything else answers 404.
 */
export const serveMetrics = async (registry: Registry, { port, host, token }: { port: number; host: string; token: string | undefined }) => {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const allowed = request.method === 'GET' && path === METRICS_PATH && mayScrape(token, { remoteAddress: request.socket.remoteAddress, headers: request.headers });
    if (!allowed) {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(notFoundBody(request.method ?? 'GET', request.url ?? '/')));
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
