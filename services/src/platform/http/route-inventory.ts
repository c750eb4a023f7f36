import type { FastifyInstance } from 'fastify';

export interface ApiRoute {
  method: string;
  url: string;
  hidden: boolean;
}

const inventories = new WeakMap<FastifyInstance, ApiRoute[]>();

/** Records every /api route as it is added, so a test can check that the OpenAPI document lists them all. */
export const recordApiRoutes = (app: FastifyInstance): void => {
  const routes: ApiRoute[] = [];
  inventories.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, hidden });
    }
  });
};

export const apiRoutesOf = (app: FastifyInstance): readonly ApiRoute[] => inventories.get(app) ?? [];
