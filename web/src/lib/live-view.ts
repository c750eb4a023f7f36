/** What a live view needs of the shared connection (lib/live-client.ts LiveClient; a fake in unit tests). */
export interface LiveConnection {
  readonly connected: boolean;
  onStatus(listener: (connected: boolean) => void): () => void;
  onMessage(name: string, listener: (payload: unknown) => void): () => void;
  /** Joins the room for `view` (a view joins again after every connect); resolves with the server's answer. */
  join(entity: string, view: object): Promise<{ ok: boolean; message?: string }>;
  /** `view` stops following the room; idempotent. */
  leave(entity: string, view: object): void;
}

export interface LiveViewState<D> {
  /** The last read with every push since applied; null until the first read lands. */
  data: D | null;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  /** Pushes flow: connected, and the entity room(s) (if any) joined. */
  live: boolean;
}

export interface LiveViewOptions<D, M> {
  /** Server message names this view applies. */
  messages: readonly string[];
  /**
   * Entity room(s) to join (e.g. `order:<id>`); none for role-wide messages. A list fed by two rooms (a Provider Admin's:
   * its provider's and its own account's) joins both; the merge rules keep one row per id, so a push heard in both
   * rooms counts once.
   */
  entity?: string | readonly string[] | undefined;
  /** One read of the whole view; throws (or rejects) on failure. */
  read: (signal: AbortSignal) => Promise<D>;
  /**
   * Applies one push to the data. Must be idempotent against what a read already holds: keep per id the row with the
   * higher `version`; count only pushes whose `position` is above the read's (lib/live-merge.ts).
   */
  apply: (data: D, message: M, name: string) => D;
  onChange: (state: LiveViewState<D>) => void;
  /**
   * A screen left open keeps what its pushes added (ids counted, rows) until its next read: after this many pushes,
   * and no sooner than this long after the last read, it reads again. Default 2,000 pushes, 60 s.
   */
  resync?: { afterPushes: number; minIntervalMs: number };
  /**
   * The fallback while pushes do not flow (socket down or not yet up, or the room refused): read again every `everyMs`
   * until `until(data)` says nothing more will change on its own, so the screen still moves on. None: the view waits
   * for the next connect, which reads.
   */
  offline?: { everyMs: number; until?: (data: D) => boolean };
  /** The clock (tests). */
  now?: () => number;
}

export const DEFAULT_RESYNC = { afterPushes: 2000, minIntervalMs: 60_000 };

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Request failed');

/**
 * The ordering rules of a live screen, once:
 * - listeners are registered (and the entity room joined, with the server's ack) before the read that follows
 *   every connect, the first included, so a push made before the read is either in the read or received;
 * - it also reads at once on start, connected or not (fast first paint); only the newest read counts;
 * - pushes received while a read is in flight are applied to what shows now and kept, then applied again on top of
 *   the read when it lands: the merge rules make the second application a no-op when the read already had them.
 */
export class LiveView<D, M> {
  readonly #conn: LiveConnection | null;
  readonly #options: LiveViewOptions<D, M>;
  #state: LiveViewState<D> = { data: null, status: 'loading', error: null, live: false };
  #buffer: { name: string; message: M }[] = [];
  #reading: AbortController | null = null;
  #joined = false;
  #stopped = false;
  #pushesSinceRead = 0;
  #lastReadAt = 0;
  #offlineTimer: ReturnType<typeof setInterval> | null = null;
  readonly #stops: (() => void)[] = [];

  /** `conn` null: no live updates (signed out); the view still reads. */
  constructor(conn: LiveConnection | null, options: LiveViewOptions<D, M>) {
    this.#conn = conn;
    this.#options = options;
  }

  get state(): LiveViewState<D> {
    return this.#state;
  }

  start(): void {
    const conn = this.#conn;
    if (conn) {
      for (const name of this.#options.messages) this.#stops.push(conn.onMessage(name, (payload) => this.#pushed(name, payload as M)));
      this.#stops.push(
        conn.onStatus((connected) => {
          if (connected) void this.#synced();
          else {
            this.#joined = false;
            this.#set({ live: false });
          }
        }),
      );
    }
    if (conn?.connected) void this.#synced();
    else void this.reload();
  }

  stop(): void {
    this.#stopped = true;
    this.#reading?.abort();
    this.#readWhileOffline();
    for (const stop of this.#stops.splice(0)) stop();
    for (const room of this.#rooms()) this.#conn?.leave(room, this);
  }

  /** The rooms this view follows. */
  #rooms(): readonly string[] {
    const { entity } = this.#options;
    return entity === undefined ? [] : typeof entity === 'string' ? [entity] : entity;
  }

  /** Reads again (new filters, a retry); the read started last wins. */
  async reload(): Promise<void> {
    if (this.#stopped) return;
    this.#reading?.abort();
    const ctl = new AbortController();
    this.#reading = ctl;
    this.#set({ status: 'loading', error: null });
    try {
      const read: D = await this.#options.read(ctl.signal);
      if (ctl.signal.aborted || this.#stopped) return;
      const data = this.#buffer.reduce<D>((d, b) => this.#options.apply(d, b.message, b.name), read);
      this.#buffer = [];
      this.#reading = null;
      this.#pushesSinceRead = 0;
      this.#lastReadAt = this.#now();
      this.#set({ data, status: 'ready', error: null });
    } catch (err) {
      if (ctl.signal.aborted || this.#stopped) return;
      this.#buffer = [];
      this.#reading = null;
      this.#set({ status: 'error', error: messageOf(err) });
    }
  }

  /** After a connect: join the entity room(s) (every ack awaited), then read. */
  async #synced(): Promise<void> {
    const rooms = this.#rooms();
    const conn = this.#conn;
    if (rooms.length > 0 && conn) {
      const answers = await Promise.all(rooms.map((room) => conn.join(room, this)));
      if (this.#stopped) {
        for (const room of rooms) conn.leave(room, this);
        return;
      }
      this.#joined = answers.every((a) => a.ok);
      answers.forEach((a, i) => {
        if (!a.ok) console.warn(`live updates for ${rooms[i]} refused:`, a.message);
      });
    }
    this.#set({ live: this.#conn?.connected === true && (rooms.length === 0 || this.#joined) });
    await this.reload();
  }

  #pushed(name: string, message: M): void {
    if (this.#stopped) return;
    if (this.#reading) this.#buffer.push({ name, message });
    const { data } = this.#state;
    if (data !== null) {
      const next = this.#options.apply(data, message, name);
      if (next !== data) this.#set({ data: next });
    }
    const resync = this.#options.resync ?? DEFAULT_RESYNC;
    this.#pushesSinceRead += 1;
    if (!this.#reading && this.#pushesSinceRead >= resync.afterPushes && this.#now() - this.#lastReadAt >= resync.minIntervalMs) void this.reload();
  }

  #now(): number {
    return (this.#options.now ?? Date.now)();
  }

  #set(patch: Partial<LiveViewState<D>>): void {
    this.#state = { ...this.#state, ...patch };
    this.#readWhileOffline();
    if (!this.#stopped) this.#options.onChange(this.#state);
  }

  /** Starts or stops the offline fallback to match the state: on while shown data is not live and not settled. */
  #readWhileOffline(): void {
    const offline = this.#options.offline;
    const { data, live } = this.#state;
    const wanted = offline !== undefined && !this.#stopped && !live && data !== null && !(offline.until?.(data) ?? false);
    if (wanted && this.#offlineTimer === null) {
      // A read still in flight is left to land: a slow server is not asked again on top of it.
      this.#offlineTimer = setInterval(() => {
        if (!this.#reading) void this.reload();
      }, offline.everyMs);
    } else if (!wanted && this.#offlineTimer !== null) {
      clearInterval(this.#offlineTimer);
      this.#offlineTimer = null;
    }
  }
}
