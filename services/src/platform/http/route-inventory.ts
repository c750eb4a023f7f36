import type { FastifyInstance } from 'fastify';

export interface ApiRoute {
  method: string;
  url: string;
  hidden: boolean;
  /** What the route declared in `config.auth` (the auth guard refuses an /api/ route without one). */
  auth: unknown;
  /** The route's own body limit in bytes, when it sets one (the app's default applies otherwise). */
  bodyLimit: number | undefined;
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
      if (method !== 'HEAD') routes.push({ method, url: route.url, hidden, auth: route.config?.auth, bodyLimit: route.bodyLimit });
    }
  });
};

export const apiRoutesOf = (app: FastifyInstance): readonly ApiRoute[] => inventories.get(app) ?? [];
