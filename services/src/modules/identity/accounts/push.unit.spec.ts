import { describe, expect, it } from 'vitest';
import type { Doc } from '../../../platform/documents/port.ts';
import type { AppliedEvent } from '../../../platform/projections/define.ts';
import type { Realtime } from '../../../platform/realtime/port.ts';
import type { AccountEvent } from '../account/decider.ts';
import { pushAccount } from './push.ts';

const account = (id: string, over: Record<string, unknown> = {}): Doc => ({
  _id: id, id, email: `${id}@example.test`, full_name: 'Pat Lee', roles: ['Customer'], phone_masked: null, profile_img: null,
  created_at: '2026-11-23T10:00:00.000Z', _version: 2, _stream: `identity-account-${id}`, _position: 40, ...over,
});
// pushAccount reads only the document: the event and stored envelope are not looked at.
const applied = (doc: Doc | null) => ({ event: {}, stored: {}, doc }) as unknown as AppliedEvent<AccountEvent>;

describe('pushAccount', () => {
  it("pushes each written account to its room with the document's version and position, skipping one that does not fit", () => {
    const sent: { entity: string; message: string; payload: unknown }[] = [];
    const realtime: Realtime = {
      toUser: () => {},
      toRole: () => {},
      toEntity: (entity, message, payload) => sent.push({ entity, message, payload }),
    };
    pushAccount([applied(account('a1', { roles: 'not a list' })), applied(null), applied(account('a2'))], realtime);
    expect(sent).toEqual([
      { entity: 'account:a2', message: 'account.updated', payload: expect.objectContaining({ id: 'a2', version: 2, position: 40 }) },
    ]);
  });
});
