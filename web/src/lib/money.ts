// Money as the web shows it: the same formatter the server writes money with (contracts/src/money.ts).
export { formatCents, formatUsd, roundDollars } from '@acpg/contracts/money';
