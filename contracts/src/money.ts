// Money as people read it (spec section 5), one formatter for the web and for what the server writes: US dollars,
// two decimals, e.g. $1,234.50. Amounts travel in integer cents.

/** Dollar amounts round to 2 decimals, half away from zero, without binary drift (1.005 → 1.01). */
export function roundDollars(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  const sign = amount < 0 ? -1 : 1;
  return (sign * Math.round(Number(`${Math.abs(amount)}e2`))) / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** US dollars, e.g. $1,234.50. */
export function formatUsd(amount: number): string {
  return usd.format(roundDollars(amount));
}

/** US dollars from integer cents (APIs, events and read models keep money in cents), e.g. 7400 → $74.00. */
export function formatCents(cents: number): string {
  return formatUsd(Number.isFinite(cents) ? cents / 100 : 0);
}

const counts = new Intl.NumberFormat('en-US');
/** A count with thousands separators, e.g. 12,345. */
export function formatCount(n: number): string {
  return counts.format(n);
}
