import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { AccessCheck, Principal, TokenService } from '../auth/port.ts';
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
  /** Entities this socket joined before it may follow them (`WaitingRooms`). */
  waiting?: Set<string>;
  /** Epoch ms when the access token the socket connected with expires. */
  expiresAt: number;
}
// Server-to-client messages are named by each module's contracts (e.g. INTERACTION_RECORDED_MESSAGE).
type ServerToClientEvents = Record<string, (payload: unknown) => void>;
/** Between api processes (Redis adapter): an entity push, for the sockets each holds that wait on that entity. */
interface ServerSideEvents {
  [ENTITY_PUSH]: (entity: string, message: string, payload: unknown) => void;
  [SESSIONS_CHANGED]: (userId: string) => void;
}
const ENTITY_PUSH = 'acpg:entity-push';
/** Between processes (Redis adapter): an account's sessions changed; each api process checks its sockets of it again. */
const SESSIONS_CHANGED = 'acpg:sessions-changed';
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

/** May this principal follow live messages about `entity` (e.g. `order:<id>`)? */
export type AuthorizeEntity = ((principal: Principal, entity: string) => boolean | Promise<boolean>) & {
  /** Is `entity` a room at all (a kind a module owns, a well-formed id)? Default: any entity the principal may follow. */
  followable?: (entity: string) => boolean;
};

/** Entities one socket may wait on (joined before they exist, or not its own): beyond, a join is refused. */
export const MAX_WAITING_ENTITIES_PER_SOCKET = 50;

export interface AttachSocketIoOptions {
  tokens: TokenService;
  /** The modules' checks of a verified token (the session version), as the HTTP guard runs them: one false refuses. */
  checks?: readonly AccessCheck[];
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

/** The answer to `subscribe` when the entity is not a room (unknown kind, malformed id) or the socket waits on too many. */
export const NOT_A_ROOM = 'Say which entity to follow: <kind>:<id>, with a kind the API documents (see /api/v1/asyncapi.json).';

interface Waiting {
  socket: RealtimeSocket;
  /** Pushes held while the access check of the first one runs, delivered in order if it passes. */
  held: [message: string, payload: unknown][];
  state: 'unchecked' | 'checking' | 'allowed';
}

/**
 * Sockets that joined an entity they may not follow (yet): the id does not exist yet (a checkout the client is about
 * to POST), or it is another account's. The join is answered like any other, so the answer never tells which; before
 * the first push to that entity reaches such a socket, access is checked again (the entity exists by then): allowed,
 * the socket gets that push and every later one through this path (never through the room as well, so none comes
 * twice, and none is lost between the room's broadcast and this path's over Redis); refused, it stops waiting and
 * never receives anything of that entity.
 */
class WaitingRooms {
  readonly #byEntity = new Map<string, Map<string, Waiting>>();
  readonly #authorize: AuthorizeEntity;
  readonly #log: FastifyInstance['log'];
  constructor(authorize: AuthorizeEntity, log: FastifyInstance['log']) {
    this.#authorize = authorize;
    this.#log = log;
  }

  countOf(socket: RealtimeSocket): number {
    return socket.data.waiting?.size ?? 0;
  }

  add(socket: RealtimeSocket, entity: string): void {
    let sockets = this.#byEntity.get(entity);
    if (!sockets) this.#byEntity.set(entity, (sockets = new Map()));
    if (!sockets.has(socket.id)) sockets.set(socket.id, { socket, held: [], state: 'unchecked' });
    (socket.data.waiting ??= new Set()).add(entity);
  }

  remove(socket: RealtimeSocket, entity: string): void {
    const sockets = this.#byEntity.get(entity);
    sockets?.delete(socket.id);
    if (sockets?.size === 0) this.#byEntity.delete(entity);
    socket.data.waiting?.delete(entity);
  }

  removeSocket(socket: RealtimeSocket): void {
    for (const entity of [...(socket.data.waiting ?? [])]) this.remove(socket, entity);
  }

  /** A push to `entity` (made here or by another process): each waiting socket is checked once, then served or dropped. */
  deliver(entity: string, message: string, payload: unknown): void {
    const sockets = this.#byEntity.get(entity);
    if (!sockets) return;
    for (const waiting of sockets.values()) {
      if (waiting.state === 'allowed') {
        waiting.socket.emit(message, payload);
        continue;
      }
      waiting.held.push([message, payload]);
      if (waiting.state === 'unchecked') this.#check(entity, waiting);
    }
  }

  #check(entity: string, waiting: Waiting): void {
    waiting.state = 'checking';
    const { socket } = waiting;
    Promise.resolve(this.#authorize(socket.data.principal, entity)).then(
      (allowed) => {
        if (this.#byEntity.get(entity)?.get(socket.id) !== waiting) return; // left or disconnected meanwhile
        // Another account's: the socket stops waiting, and nothing of this entity ever reaches it.
        if (!allowed) return this.remove(socket, entity);
        waiting.state = 'allowed';
        const held = waiting.held;
        waiting.held = [];
        for (const [message, payload] of held) socket.emit(message, payload);
      },
      (error: unknown) => {
        this.#log.error({ err: error, entity }, 'entity authorisation at push time failed');
        if (this.#byEntity.get(entity)?.get(socket.id) === waiting) {
          waiting.held = [];
          waiting.state = 'unchecked'; // checked again at the next push
        }
      },
    );
  }
}

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
  const authorizeEntity: AuthorizeEntity = options.authorizeEntity ?? (() => false);
  const waitingRooms = new WaitingRooms(authorizeEntity, log);
  const checks = options.checks ?? [];
  const passes = async (principal: Principal): Promise<boolean> => {
    for (const check of checks) if (!(await check(principal))) return false;
    return true;
  };
  /**
   * The account's sessions changed: each of its sockets held here is checked again as its token would be on a new
   * request, and ended ('io server disconnect') when it fails: the signed-out browser stays off (its refresh fails),
   * another session of the account reconnects with a new token.
   */
  const recheckSessions = (userId: string): void => {
    for (const socket of io.of('/').sockets.values()) {
      const principal = socket.data.principal as Principal | undefined;
      if (principal?.userId !== userId) continue;
      passes(principal).then(
        (ok) => {
          if (!ok) socket.disconnect(true);
        },
        (error: unknown) => {
          // The check could not run (the store is down): end the socket; the browser reconnects through the usual check.
          log.error({ err: error }, 'session check of an open socket failed');
          socket.disconnect(true);
        },
      );
    }
  };
  // Pushes made by other processes (projector, worker, another api) reach this process's waiting sockets too.
  if (options.redis) {
    io.on(ENTITY_PUSH, (entity, message, payload) => waitingRooms.deliver(entity, message, payload));
    io.on(SESSIONS_CHANGED, recheckSessions);
  }

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token === '') {
      return next(Object.assign(new Error('Sign in to continue.'), { data: { code: 'UNAUTHORIZED' } }));
    }
    const verified = async () => {
      const principal = await options.tokens.verifyAccessToken(token);
      if (!(await passes(principal))) throw new Error('session ended');
      return principal;
    };
    verified().then(
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
    socket.once('disconnect', () => {
      clearTimeout(expiry);
      waitingRooms.removeSocket(socket);
    });

    socket.on('subscribe', (request, ack) => {
      const entity = typeof request?.entity === 'string' ? request.entity : '';
      const refuse = (message: string) => ack?.({ ok: false, message });
      if (!entity || entity.length > 200) return refuse(NOT_A_ROOM);
      const followable = authorizeEntity.followable;
      Promise.resolve(authorizeEntity(principal, entity)).then(
        async (allowed) => {
          if (allowed) {
            waitingRooms.remove(socket, entity);
            await socket.join(roomOfEntity(entity));
            return ack?.({ ok: true });
          }
          // Not a room at all: said plainly (nothing about any entity is learnt from it).
          if (!followable || !followable(entity)) return refuse(NOT_A_ROOM);
          // Not (yet) the caller's: an id not created yet and another account's entity answer alike; the socket
          // waits, and receives a push only if access holds when the entity's first push comes.
          if (!socket.data.waiting?.has(entity) && waitingRooms.countOf(socket) >= MAX_WAITING_ENTITIES_PER_SOCKET) return refuse(NOT_A_ROOM);
          waitingRooms.add(socket, entity);
          ack?.({ ok: true });
        },
        (error: unknown) => {
          log.error({ err: error, entity }, 'entity authorisation failed');
          refuse('Something went wrong.');
        },
      );
    });
    socket.on('unsubscribe', (request, ack) => {
      if (typeof request?.entity === 'string') {
        waitingRooms.remove(socket, request.entity);
        void socket.leave(roomOfEntity(request.entity));
      }
      ack?.({ ok: true });
    });
  });

  const hub = options.hub ?? new RealtimeHub();
  hub.bind(
    io,
    (entity, message, payload) => {
      waitingRooms.deliver(entity, message, payload);
      if (options.redis) io.serverSideEmit(ENTITY_PUSH, entity, message, payload);
    },
    (userId) => {
      recheckSessions(userId);
      if (options.redis) io.serverSideEmit(SESSIONS_CHANGED, userId);
    },
  );

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
  const io: RealtimeServer = new Server();
  const closeAdapter = withRedisAdapter(io, options.redis.url);
  const hub = options.hub ?? new RealtimeHub();
  // The api processes check their waiting sockets (`WaitingRooms`) for each entity push made here.
  hub.bind(
    io,
    (entity, message, payload) => io.serverSideEmit(ENTITY_PUSH, entity, message, payload),
    (userId) => io.serverSideEmit(SESSIONS_CHANGED, userId),
  );
  return {
    realtime: hub.realtime,
    close: async () => {
      hub.unbind();
      await closeAdapter();
    },
  };
};
