import { describe, expect, it, vi } from 'vitest';
import type { Principal } from '../auth/port.ts';
import { entityName, entityRooms, type RoomOwner } from './rooms.ts';

const jane: Principal = { userId: 'u-jane', roles: ['Customer'] };
const context = { tenant: 'test' };

describe('entity rooms from the modules', () => {
  const orders: RoomOwner<typeof context> = { name: 'orders', rooms: { order: async (principal, id) => id === `of-${principal.userId}` } };
  const payments: RoomOwner<typeof context> = { name: 'payments', rooms: { payment: async () => true } };

  it('asks the module that owns the kind, with the id and the context', async () => {
    const authorize = vi.fn(async () => true);
    const allow = entityRooms([{ name: 'orders', rooms: { order: authorize } }, payments], context);
    expect(await allow(jane, 'order:o-1:with-colon')).toBe(true);
    expect(authorize).toHaveBeenCalledWith(jane, 'o-1:with-colon', context);
  });

  it('answers what the owner answers', async () => {
    const allow = entityRooms([orders, payments], context);
    expect(await allow(jane, entityName('order', 'of-u-jane'))).toBe(true);
    expect(await allow(jane, entityName('order', 'of-someone-else'))).toBe(false);
    expect(await allow(jane, 'payment:p-1')).toBe(true);
  });

  it('refuses a kind nobody owns and a malformed entity', async () => {
    const allow = entityRooms([orders, payments], context);
    for (const entity of ['claim:c-1', 'order', 'order:', ':o-1', '', 'Order:of-u-jane']) expect(await allow(jane, entity), entity).toBe(false);
  });

  it('says which entities are rooms at all (a kind a module owns, a well-formed id) and lists the kinds', () => {
    const allow = entityRooms([orders, payments], context);
    expect(allow.kinds).toEqual(['order', 'payment']);
    for (const entity of ['order:of-u-jane', 'order:0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', 'payment:p-1', 'order:o-1:with-colon']) expect(allow.followable(entity), entity).toBe(true);
    for (const entity of ['claim:c-1', 'order:../../etc', 'order:', 'order:a/b', `order:${'x'.repeat(101)}`, 'Order:1']) expect(allow.followable(entity), entity).toBe(false);
  });

  it('refuses everything when no module declares a room', async () => {
    expect(await entityRooms([{ name: 'content' }], context)(jane, 'order:of-u-jane')).toBe(false);
  });

  it('fails at start when two modules claim one kind, or a kind is not lower-case words', () => {
    expect(() => entityRooms([orders, { name: 'nhd', rooms: { order: async () => true } }], context)).toThrow(
      'Room kind "order" is claimed by both orders and nhd',
    );
    expect(() => entityRooms([{ name: 'orders', rooms: { 'Order Item': async () => true } }], context)).toThrow(/lower-case/);
  });
});
