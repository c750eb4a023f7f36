/** What the live client needs of a socket.io client socket (a fake stands in for it in unit tests). */
export interface LiveSocket {
  /** socket.io-client: false once the socket will not reconnect by itself (refused by the server, or ended by it). */
  readonly active: boolean;
  readonly connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: 'subscribe' | 'unsubscribe', request: { entity: string }, ack: (answer: JoinAnswer) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

/** The server's answer to `subscribe` (services platform/realtime/socket-io.ts). */
export interface JoinAnswer {
  ok: boolean;
  message?: string;
}

/** How long a join waits for the server's ack before it counts as refused. */
export const JOIN_TIMEOUT_MS = 5000;

/** The server refuses a handshake whose token is missing, expired or invalid with this code (services realtime). */
export function isUnauthorized(err: unknown): boolean {
  const data = (err as { data?: unknown } | null)?.data;
  return typeof data === 'object' && data !== null && (data as { code?: unknown }).code === 'UNAUTHORIZED';
}

type Listener = (...args: never[]) => void;

/**
 * One socket.io connection shared by every live view of the session. The socket reads its token when it
 * (re)connects. Two ways to lose the token, both end in a refresh and a reconnect with the new token:
 * - the server ends the socket when its token expires ('io server disconnect');
 * - a reconnect (after sleep, a network drop or a server restart) offers an expired token and the server refuses it
 *   (connect_error with data.code 'UNAUTHORIZED'); socket.io-client does not retry a refused handshake by itself.
 * When the refresh fails the socket stays off: the next GET's 401 takes the user to sign in.
 */
export class LiveClient {
  readonly #socket: LiveSocket;
  readonly #refresh: () => Promise<boolean>;
  readonly #status = new Set<(connected: boolean) => void>();
  /** The views following each entity room: the room is left when the last one stops. */
  readonly #rooms = new Map<string, Set<object>>();
  #closed = false;

  constructor(socket: LiveSocket, refresh: () => Promise<boolean>) {
    this.#socket = socket;
    this.#refresh = refresh;
    const refreshAndReconnect = () => {
      void this.#refresh().then((ok) => {
        if (ok && !this.#closed && !this.#socket.active) this.#socket.connect();
      });
    };
    socket.on('connect', () => this.#tell(true));
    socket.on('disconnect', (reason: string) => {
      this.#tell(false);
      if (reason === 'io server disconnect') refreshAndReconnect();
    });
    socket.on('connect_error', (err: Error) => {
      this.#tell(false);
      if (isUnauthorized(err)) refreshAndReconnect();
      else console.warn('live updates unavailable', err.message);
    });
  }

  get connected(): boolean {
    return this.#socket.connected;
  }

  /** Called with true on every connect (the first included) and false on every loss. Returns the unsubscribe. */
  onStatus(listener: (connected: boolean) => void): () => void {
    this.#status.add(listener);
    return () => this.#status.delete(listener);
  }

  /** Listens to one server message. Returns the unsubscribe. */
  onMessage(name: string, listener: (payload: unknown) => void): () => void {
    const l = listener as Listener;
    this.#socket.on(name, l);
    return () => this.#socket.off(name, l);
  }

  /**
   * Joins an entity room for `view` and resolves once the server has answered: pushes to the room reach this socket
   * from then on. Rooms are lost with the connection, so a view joins again after every connect.
   */
  join(entity: string, view: object): Promise<JoinAnswer> {
    const views = this.#rooms.get(entity) ?? new Set<object>();
    views.add(view);
    this.#rooms.set(entity, views);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ ok: false, message: 'The server did not answer in time.' }), JOIN_TIMEOUT_MS);
      this.#socket.emit('subscribe', { entity }, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
    });
  }

  /** `view` stops following `entity` (again: no effect); the room is left when no view follows it. */
  leave(entity: string, view: object): void {
    const views = this.#rooms.get(entity);
    if (!views?.delete(view) || views.size > 0) return;
    this.#rooms.delete(entity);
    if (this.#socket.connected) this.#socket.emit('unsubscribe', { entity }, () => {});
  }

  /** A token obtained elsewhere (another request's refresh) brings a stopped socket back. */
  tokenChanged(): void {
    if (!this.#closed && !this.#socket.active) this.#socket.connect();
  }

  close(): void {
    this.#closed = true;
    this.#socket.disconnect();
    this.#tell(false);
    this.#status.clear();
  }

  #tell(connected: boolean): void {
    for (const listener of [...this.#status]) listener(connected);
  }
}
