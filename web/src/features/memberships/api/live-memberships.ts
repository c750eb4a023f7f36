import type { Page } from '@acpg/contracts/http';
import type { MembershipView } from '@acpg/contracts/memberships';
import { keepNewer, mergeNewestFirst } from '../../../lib/live-merge.ts';

/**
 * One `membership.updated` push on /subscriptions. A membership already listed is replaced only by a higher version;
 * a new one goes on top when the page shows the newest first (page 1, newest start first) and the read does not hold it
 * yet (its position is above the page's). Another page or order is left as it is: the next read (every reconnect, every
 * page change) brings it.
 */
export function applyMembershipPush(page: Page<MembershipView>, push: MembershipView, showsNewest: boolean): Page<MembershipView> {
  if (page.items.some((m) => m.id === push.id)) {
    const items = keepNewer(page.items, push);
    return items === page.items ? page : { ...page, items: [...items] };
  }
  if (showsNewest) {
    const merged = mergeNewestFirst(page, push, page.page_size);
    return merged.added ? { ...page, items: merged.items, total: merged.total } : page;
  }
  return page;
}
