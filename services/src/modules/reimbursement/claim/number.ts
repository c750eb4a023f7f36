import { CLAIM_NUMBER_ALLOCATED } from '@acpg/contracts/reimbursement';
import type { NumberSeries } from '../../../platform/commands/human-numbers.ts';

/** Claims' short numbers: CLM-100001, CLM-100002 ... (`platform/commands/human-numbers.ts` says why it is safe). */
export const CLAIM_NUMBERS: NumberSeries = { stream: 'reimbursement-numbers-claims', eventType: CLAIM_NUMBER_ALLOCATED, prefix: 'CLM', start: 100_000 };
