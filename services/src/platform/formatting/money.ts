// Money the server writes for a person: the same formatter the web shows money with (contracts/src/money.ts).
export { formatCents, formatCount, formatUsd, roundDollars } from '@acpg/contracts/money';
