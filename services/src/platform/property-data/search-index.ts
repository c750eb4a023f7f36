import type { PropertyRecord } from './port.ts';

/** Lower case, punctuation as spaces, single spaces: "1234 Oak St., San Jose" → "1234 oak st san jose". */
export const normalizeAddress = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** An APN's letters and digits only: "5432-019-021" and "5432019021" are one parcel. */
export const normalizeApn = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Looks like an APN rather than an address: digits with dashes or slashes, or more digits than a house number has. */
export const looksLikeApn = (query: string): 'only' | 'first' | 'maybe' | 'no' => {
  const q = query.trim();
  if (!/^\d[\d\s\-/]*$/.test(q)) return 'no';
  if (/[-/]/.test(q)) return 'only';
  return q.replace(/\D/g, '').length >= 6 ? 'first' : 'maybe';
};

/** USPS street suffix abbreviations: "Oak St" finds "Oak Street". */
const SUFFIX_ABBREVIATIONS: Readonly<Record<string, string>> = {
  street: 'st', avenue: 'ave', drive: 'dr', court: 'ct', lane: 'ln', boulevard: 'blvd', place: 'pl', road: 'rd',
  circle: 'cir', terrace: 'ter', parkway: 'pkwy', highway: 'hwy', trail: 'trl', square: 'sq',
};

const abbreviate = (street: string): string => {
  const words = street.split(' ');
  const last = words.at(-1) ?? '';
  const short = SUFFIX_ABBREVIATIONS[last];
  return short ? [...words.slice(0, -1), short].join(' ') : street;
};

/** Sorted keys; a prefix query is a binary search to the first key at or after it, then a walk while keys match. */
class PrefixIndex {
  private readonly keys: string[];
  private readonly refs: number[];

  constructor(entries: [string, number][]) {
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.keys = entries.map((e) => e[0]);
    this.refs = entries.map((e) => e[1]);
  }

  private lowerBound(prefix: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.keys[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Record indexes whose key starts with `prefix`, each once, in key order, at most `limit`. */
  collect(prefix: string, limit: number, into: Set<number>): void {
    if (!prefix) return;
    for (let i = this.lowerBound(prefix); i < this.keys.length && into.size < limit; i++) {
      if (!(this.keys[i] as string).startsWith(prefix)) break;
      into.add(this.refs[i] as number);
    }
  }
}

/**
 * The in-memory index of the bundled adapter. Each property is found by the start of "1234 Oak Street San Jose ca
 * 95125", of the same with "St", of "Oak Street 1234 ...", and by the start of its APN's digits.
 */
export class PropertySearchIndex {
  private readonly records: readonly PropertyRecord[];
  private readonly addresses: PrefixIndex;
  private readonly apns: PrefixIndex;
  private readonly byApn = new Map<string, PropertyRecord>();
  private readonly byId = new Map<string, PropertyRecord>();

  constructor(records: readonly PropertyRecord[]) {
    this.records = records;
    const addressKeys: [string, number][] = [];
    const apnKeys: [string, number][] = [];
    records.forEach((r, i) => {
      const line = normalizeAddress(r.address_line);
      const space = line.indexOf(' ');
      const number = line.slice(0, space);
      const street = line.slice(space + 1);
      const place = `${normalizeAddress(r.city)} ca ${r.zip}`;
      const keys = new Set([`${number} ${street} ${place}`, `${number} ${abbreviate(street)} ${place}`, `${street} ${number} ${place}`, `${abbreviate(street)} ${number} ${place}`]);
      for (const key of keys) addressKeys.push([key, i]);
      apnKeys.push([normalizeApn(r.apn), i]);
      this.byApn.set(normalizeApn(r.apn), r);
      this.byId.set(r.id, r);
    });
    this.addresses = new PrefixIndex(addressKeys);
    this.apns = new PrefixIndex(apnKeys);
  }

  search(query: string, limit: number): PropertyRecord[] {
    const found = new Set<number>();
    const address = normalizeAddress(query);
    const apn = normalizeApn(query);
    const kind = looksLikeApn(query);
    switch (kind) {
      case 'only':
        this.apns.collect(apn, limit, found);
        break;
      case 'first':
        this.apns.collect(apn, limit, found);
        this.addresses.collect(address, limit, found);
        break;
      case 'maybe':
        this.addresses.collect(address, limit, found);
        this.apns.collect(apn, limit, found);
        break;
      case 'no':
        this.addresses.collect(address, limit, found);
        break;
      default: {
        const unexpected: never = kind;
        throw new Error(`unknown query kind ${String(unexpected)}`);
      }
    }
    return [...found].map((i) => this.records[i] as PropertyRecord);
  }

  findById(id: string): PropertyRecord | null {
    return this.byId.get(id) ?? null;
  }

  findByApn(apn: string): PropertyRecord | null {
    return this.byApn.get(normalizeApn(apn)) ?? null;
  }
}
