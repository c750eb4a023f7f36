/** Live pushes to browsers (socket.io rooms per user, per role and per entity). */
export interface Realtime {
  toUser(userId: string, message: string, payload: unknown): void;
  toRole(role: string, message: string, payload: unknown): void;
  toEntity(entity: string, message: string, payload: unknown): void;
  /**
   * The account's sessions changed (a sign-out, a password reset or change, a contact change or its undo: its session
   * version moved on): every open socket of the account is checked again at once, as a new request's token would be,
   * and those that no longer pass are disconnected, on every api process. Optional: test doubles push only.
   */
  sessionsChanged?(userId: string): void;
}

export const roomOfUser = (id: string) => `user:${id}`;
export const roomOfRole = (role: string) => `role:${role}`;
export const roomOfEntity = (entity: string) => `entity:${entity}`;
