import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedName, clearNames, resolveNames, type FetchNames } from './account-names.ts';

afterEach(() => clearNames());

describe('account names for lists that show people', () => {
  it('asks once for the ids it lacks, in batches of 100, and caches names and unknown ids', async () => {
    const fetcher = vi.fn<FetchNames>(async (ids) => ({ success: true, data: { names: Object.fromEntries(ids.filter((id) => id !== 'gone').map((id) => [id, `Name ${id}`])) } }));
    const ids = Array.from({ length: 150 }, (_, i) => `u${i}`);
    await resolveNames([...ids, 'gone', 'u1'], new AbortController().signal, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(fetcher.mock.calls[0]![0]).toHaveLength(100);
    expect(cachedName('u149')).toBe('Name u149');
    expect(cachedName('gone')).toBeNull();
    await resolveNames(['u1', 'gone'], new AbortController().signal, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('falls back to the id when the route is missing or refuses (the list still shows)', async () => {
    const fetcher: FetchNames = async () => ({ success: false, message: 'Not Found', data: null, status: 404 });
    await resolveNames(['u1'], new AbortController().signal, fetcher);
    expect(cachedName('u1')).toBeNull();
  });
});
