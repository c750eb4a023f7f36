import { formatDateUs } from '../../../lib/dates.ts';

/** "Last changed on 11/28/2026". */
export const changedOn = (at: string) => `Last changed on ${formatDateUs(at)}`;
