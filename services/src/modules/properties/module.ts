import type { Module } from '../../platform/module.ts';
import { propertyData } from '../../platform/property-data/select.ts';
import { propertyRoutes } from './routes.ts';
import { verifiedPropertiesProjection } from './verified-properties/projection.ts';
import { verifiedPropertiesRoutes } from './verified-properties/routes.ts';

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
