import type { RecordedDocument } from '@acpg/contracts/equity';

/** One row of a feed: a recording that passed the checks, or the reasons it was refused (row 1 is the first data row). */
export type FeedRow = { row: number; recording: RecordedDocument } | { row: number; errors: string[] };

/**
 * Where recorded documents come from (deeds, liens, notices of default ...): today a Super Admin's file (`file.ts`) or
 * generated sample recordings (`sample.ts`); a county recorder's API later, as another adapter of this port. Rows are
 * checked one by one: a bad row is refused with its reasons, never the whole feed.
 */
export interface RecorderFeed {
  /** Read once; a file's rows come asynchronously (parsed a few hundred at a time) and may refuse the whole file. */
  rows(): Iterable<FeedRow> | AsyncIterable<FeedRow>;
}

/** "Los Angeles County" whether the feed wrote "Los Angeles", "LOS ANGELES COUNTY" or "Los Angeles County". */
export const countyName = (county: string): string => `${county.trim().replace(/\s+county$/i, '')} County`;

/** The key matching uses: county without "County" and case, APN without punctuation. Never the owner's name. */
export const matchKey = (county: string, apn: string): string =>
  `${county.trim().toLowerCase().replace(/\s+county$/, '').replace(/\s+/g, ' ')}|${apn.replace(/[^0-9a-z]/gi, '').toLowerCase()}`;
