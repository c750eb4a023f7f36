import { NHD_ORDER_EVENT_TYPES } from '@acpg/contracts/nhd-orders';
import type { Module } from '../../platform/module.ts';

/**
 * NHD orders (issue 9): a Natural Hazard Disclosure report for a California property, ordered and paid, made as a
 * PDF by a job, emailed to every recipient, each of whom confirms receipt once. Report types and prices are data.
 */
export const nhdModule: Module = {
  name: 'nhd',
  eventTypes: [...NHD_ORDER_EVENT_TYPES, 'NhdReportTypeDefined'],
};
