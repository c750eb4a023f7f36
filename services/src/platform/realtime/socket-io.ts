import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Principal, TokenService } from '../auth/port.ts';
import { closeWithApp } from '../http/closers.ts';
import { RealtimeHub, type RealtimeBinding } from './hub.ts';
import { roomOfEntity, roomOfRole, roomOfUser, type Realtime } from './port.ts';

/** Messages a browser may send. */
export interface ClientToServerEvents {
  subscribe(request: { entity: string }, ack?: (answer: { ok: boolean; message?: string }) => void): void;
  unsubscribe(request: { entity: string }, ack?: (answer: { ok: boolean }) => void): void;
}
export interface SocketData {
  principal: Principal;
  /** Epoch ms when the access token the socket connected with expires. */
  expiresAt: number;
}
// Server-to-client messages are named by each module's contracts (e.g. INTERACTION_RECORDED_MESSAGE).
type ServerToClientEvents = Record<string, (payload: unknown) => void>;
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** May this principal follow live messages about `entity` (e.g. `order:<id>`)? */
export type AuthorizeEntity = (principal: Principal, entity: string) => boolean | Promise<boolean>;

export interface AttachSocketIoOptions {
  tokens: TokenService;
  /** Distributed profile: fan out through Redis so every api process reaches its own sockets. */
  redis?: { url: string };
  /** The platform's late-bound Realtime (`createRealtimeHub()`), bound to this server. A new one is made when absent. */
  hub?: RealtimeBinding;
  /** Entity rooms are refused unless this says yes: the composition root passes `entityRooms(modules, platform)`. */
  authorizeEntity?: AuthorizeEntity;
  /** Browser origins allowed to connect cross-origin (same origin needs none). */
  corsOrigins?: string[];
}

export const SOCKET_IO_PATH = '/socket.io';

const withRedisAdapter = (io: Server, url: string): (() => Promise<void>) => {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  io.adapter(createAdapter(pub, sub));
  return async () => {
    await Promise.allSettled([pub.quit(), sub.quit()]);
  };
};

/** Epoch ms when a verified token expires, so the socket does not outlive it; an unreadable expiry counts as now. */
const expiryOf = (token: string): number => {
  try {
    return (decodeJwt(token).exp ?? 0) * 1000;
  } catch {
    return 0;
  }
};

/**
 * socket.io on Fastify's http server: the access token is checked on connect (`handshake.auth.token`), each socket
 * joins its user's room and one room per role; entity rooms only through `subscribe` when `authorizeEntity` allows.
 * Closes with the app (`app.close()`).
 */
export const attachSocketIo = (app: FastifyInstance, options: AttachSocketIoOptions): { realtime: Realtime; io: RealtimeServer; close(): Promise<void> } => {
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_IO_PATH,
    serveClient: false,
    // Other upgrades (the raw event stream) belong to @fastify/websocket: engine.io must not end them when slow.
    destroyUpgrade: false,
    ...(options.corsOrigins ? { cors: { origin: options.corsOrigins, credentials: true } } : {}),
  });
  const closeAdapter = options.redis ? withRedisAdapter(io, options.redis.url) : async () => {};
  const log = app.log.child({ component: 'socket.io' });

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token === '') {
      return next(Object.assign(new Error('Sign in to continue.'), { data: { code: 'UNAUTHORIZED' } }));
    }
    options.tokens.verifyAccessToken(token).then(
      (principal) => {
        socket.data.principal = principal;
        socket.data.expiresAt = expiryOf(token);
        next();
      },
      () => next(Object.assign(new Error('Sign in to continue.'), { data: { code: 'UNAUTHORIZED' } })),
    );
  });

  io.on('connection', (socket: RealtimeSocket) => {
    const { principal, expiresAt } = socket.data;
    void socket.join([roomOfUser(principal.userId), ...principal.roles.map(roomOfRole)]);
    // When the access token expires the socket ends ('io server disconnect'); the client reconnects with a new one.
    const expiry = setTimeout(() => socket.disconnect(true), Math.min(Math.max(expiresAt - Date.now(), 0), 2 ** 31 - 1));
    socket.once('disconnect', () => clearTimeout(expiry));

    socket.on('subscribe', (request, ack) => {
      const entity = typeof request?.entity === 'string' ? request.entity : '';
      const refuse = (message: string) => ack?.({ ok: false, message });
      if (!entity || entity.length > 200) return refuse('Say which entity to follow.');
      Promise.resolve(options.authorizeEntity ? options.authorizeEntity(principal, entity) : false).then(
        async (allowed) => {
          if (!allowed) return refuse('You do not have access to this.');
          await socket.join(roomOfEntity(entity));
          ack?.({ ok: true });
        },
        (error: unknown) => {
          log.error({ err: error, entity }, 'entity authorisation failed');
          refuse('Something went wrong.');
        },
      );
    });
    socket.on('unsubscribe', (request, ack) => {
      if (typeof request?.entity === 'string') void socket.leave(roomOfEntity(request.entity));
      ack?.({ ok: true });
    });
  });

  const hub = options.hub ?? new RealtimeHub();
  hub.bind(io);

  let closed: Promise<void> | null = null;
  const close = () =>
    (closed ??= (async () => {
      hub.unbind();
      io.disconnectSockets(true);
      // Not io.close(): that would also close Fastify's http server, which Fastify closes itself.
      io.engine.close();
      await closeAdapter();
    })());
  closeWithApp(app, close);
  return { realtime: hub.realtime, io, close };
};

/**
 * For roles without an http server (projector, worker) in the distributed profile: pushes go through the Redis
 * adapter to the sockets held by the api processes.
 */
export const startRealtimeEmitter = (options: { redis: { url: string }; hub?: RealtimeBinding }): { realtime: Realtime; close(): Promise<void> } => {
  const io = new Server();
  const closeAdapter = withRedisAdapter(io, options.redis.url);
  const hub = options.hub ?? new RealtimeHub();
  hub.bind(io);
  return {
    realtime: hub.realtime,
    close: async () => {
      hub.unbind();
      await closeAdapter();
    },
  };
};
