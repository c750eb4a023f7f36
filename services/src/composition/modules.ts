import type { Module } from '../platform/module.ts';
import type { Projection } from '../platform/projections/port.ts';
import { identityModule } from '../modules/identity/module.ts';
import { notificationsModule } from '../modules/notifications/module.ts';
import { insightsModule } from '../modules/insights/module.ts';
import { contentModule } from '../modules/content/module.ts';
import { geographyModule } from '../modules/geography/module.ts';
import { propertiesModule } from '../modules/properties/module.ts';
import { plansModule } from '../modules/plans/module.ts';
import { paymentsModule } from '../modules/payments/module.ts';
import { membershipsModule } from '../modules/memberships/module.ts';
import { nhdModule } from '../modules/nhd/module.ts';
import { equityModule } from '../modules/equity/module.ts';
import { reimbursementModule } from '../modules/reimbursement/module.ts';
import { providersModule } from '../modules/providers/module.ts';
import { operationsModule } from '../modules/operations/module.ts';

/** Every bounded context of the product; the composition root is the only place that knows them all. */
export const MODULES: readonly Module[] = [
  identityModule,
  notificationsModule,
  contentModule,
  insightsModule,
  geographyModule,
  propertiesModule,
  plansModule,
  paymentsModule,
  membershipsModule,
  nhdModule,
  equityModule,
  reimbursementModule,
  providersModule,
  operationsModule,
];

/** Module names double as Kafka topic suffixes (stream ids start with them). */
export const MODULE_NAMES: readonly string[] = MODULES.map((m) => m.name);

export const allProjections = (): Projection[] => MODULES.flatMap((m) => [...(m.projections ?? [])]);
