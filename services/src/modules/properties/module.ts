import type { Module } from '../../platform/module.ts';
import { bundledPropertyData } from './property-data/bundled.ts';
import type { PropertyData } from './property-data/port.ts';
import { propertyRoutes } from './routes.ts';
import { verifiedPropertiesProjection } from './verified-properties/projection.ts';
import { verifiedPropertiesRoutes } from './verified-properties/routes.ts';

/** For tools outside the module (bench/autocomplete.ts): the bundled adapter, its records and their type. */
export { bundledPropertyData } from './property-data/bundled.ts';
export { loadSampleDataset } from './sample-data/dataset.ts';
export type { PropertyRecord } from './property-data/port.ts';

// Loaded once per process, on the first start of the api routes (the projector and worker roles never need it).
let bundled: PropertyData | null = null;
const propertyData = (): PropertyData => (bundled ??= bundledPropertyData());

/** Property lookup (address autocomplete, APN, counties) over the bundled SAMPLE dataset, and verification. */
export const propertiesModule: Module = {
  name: 'properties',
  eventTypes: [
    'PropertyVerificationRequested',
    'PropertyVerificationStarted',
    'PropertyVerificationAnswersRejected',
    'PropertyVerificationLocked',
    'PropertyVerified',
  ],
  routes: (platform) => async (app) => {
    await app.register(propertyRoutes(platform, propertyData()));
    await app.register(verifiedPropertiesRoutes(platform));
  },
  projections: [verifiedPropertiesProjection],
  // The questions' right answers (owner name, year built, hazard zones) travel in this event.
  sensitiveEventTypes: ['PropertyVerificationStarted'],
};
