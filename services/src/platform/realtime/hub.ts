import type { Server } from 'socket.io';
import { roomOfEntity, roomOfRole, roomOfUser, type Realtime } from './port.ts';

/**
 * A Realtime that exists before the socket.io server does: the composition root builds the platform with it,
 * then the app, then binds the server (`attachSocketIo(app, { hub })`). Pushes made before binding, or by a
 * role without a socket.io server, are dropped: browsers refetch on (re)connect, so nothing is lost for them.
 */
export class RealtimeHub implements Realtime, RealtimeBinding {
  #io: Pick<Server, 'to'> | null = null;
  readonly #messages: ReadonlySet<string> | null;

  /** `messages`: the names modules declare (`Module.pushes`); any other push throws, so it cannot go undocumented. */
  constructor(options: { messages?: ReadonlySet<string> } = {}) {
    this.#messages = options.messages ?? null;
  }

  #declared(message: string): void {
    if (this.#messages && !this.#messages.has(message)) {
      throw new Error(`Live message "${message}" is not declared in any module's pushes (Module.pushes), so /api/v1/asyncapi.json does not document it`);
    }
  }
  #onEntity: EntityPushListener | null = null;
  #onSessions: SessionsListener | null = null;

  get realtime(): Realtime {
    return this;
  }

  bind(io: Pick<Server, 'to'>, onEntity?: EntityPushListener, onSessions?: SessionsListener): void {
    this.#io = io;
    this.#onEntity = onEntity ?? null;
    this.#onSessions = onSessions ?? null;
  }

  unbind(): void {
    this.#io = null;
    this.#onEntity = null;
    this.#onSessions = null;
  }

  sessionsChanged(userId: string): void {
    this.#onSessions?.(userId);
  }

  toUser(userId: string, message: string, payload: unknown): void {
    this.#declared(message);
    this.#io?.to(roomOfUser(userId)).emit(message, payload);
  }

  toRole(role: string, message: string, payload: unknown): void {
    this.#declared(message);
    this.#io?.to(roomOfRole(role)).emit(message, payload);
  }

  toEntity(entity: string, message: string, payload: unknown): void {
    this.#declared(message);
    this.#io?.to(roomOfEntity(entity)).emit(message, payload);
    this.#onEntity?.(entity, message, payload);
  }
}

/** Told of every entity push after the room's members got it: sockets waiting on the entity are checked then. */
export type EntityPushListener = (entity: string, message: string, payload: unknown) => void;

/** Told when an account's sessions changed (`Realtime.sessionsChanged`): its sockets are checked again. */
export type SessionsListener = (userId: string) => void;

/** What `attachSocketIo` binds its server to. */
export interface RealtimeBinding {
  realtime: Realtime;
  bind(io: Pick<Server, 'to'>, onEntity?: EntityPushListener, onSessions?: SessionsListener): void;
  unbind(): void;
}

export const createRealtimeHub = (options: { messages?: ReadonlySet<string> } = {}): RealtimeBinding => new RealtimeHub(options);
