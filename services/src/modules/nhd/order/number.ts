import { NHD_ORDER_NUMBER_ALLOCATED } from '@acpg/contracts/nhd';
import type { NumberSeries } from '../../../platform/commands/human-numbers.ts';

/** Orders' short numbers: NHD-100001, NHD-100002 ... (`platform/commands/human-numbers.ts` says why it is safe). */
export const ORDER_NUMBERS: NumberSeries = { stream: 'nhd-numbers-orders', eventType: NHD_ORDER_NUMBER_ALLOCATED, prefix: 'NHD', start: 100_000 };
