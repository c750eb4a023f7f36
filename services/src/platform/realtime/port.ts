/** Live pushes to browsers (socket.io rooms per user, per role and per entity). */
export interface Realtime {
  toUser(userId: string, message: string, payload: unknown): void;
  toRole(role: string, message: string, payload: unknown): void;
  toEntity(entity: string, message: string, payload: unknown): void;
}

export const roomOfUser = (id: string) => `user:${id}`;
export const roomOfRole = (role: string) => `role:${role}`;
export const roomOfEntity = (entity: string) => `entity:${entity}`;
