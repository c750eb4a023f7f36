import type { FastifyInstance } from 'fastify';

type Closer = () => Promise<void>;
const closersOf = new WeakMap<FastifyInstance, Closer[]>();

/**
 * Lets parts attached after the app is built (socket.io) close with it: `buildApp` runs these in `preClose`,
 * before Fastify closes the http server, which would otherwise wait for upgraded connections forever.
 */
export const installClosers = (app: FastifyInstance): void => {
  const closers: Closer[] = [];
  closersOf.set(app, closers);
  app.addHook('preClose', async () => {
    await Promise.allSettled(closers.splice(0).map((close) => close()));
  });
};

export const closeWithApp = (app: FastifyInstance, close: Closer): void => {
  const closers = closersOf.get(app);
  if (closers) closers.push(close);
  else app.addHook('preClose', close); // an app not made by buildApp: only possible before it is ready
};
