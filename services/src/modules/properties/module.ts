import { PROPERTY_VERIFICATION_PENDING, PROPERTY_VERIFIED } from '@acpg/contracts/properties';
import { PROVIDER_PROPERTIES_CONFIRMED } from '@acpg/contracts/provider-users';
import type { Module } from '../../platform/module.ts';
import { propertyData } from '../../platform/property-data/select.ts';
import { propertyDocumentsProjection } from './documents/projection.ts';
import { documentRoutes } from './documents/routes.ts';
import { alsoVerifiedReaction } from './notices/reaction.ts';
import { alsoVerifiedEmail } from './notices/template.ts';
import { mailLetter } from './ownership/letter.ts';
import { propertyVerificationsProjection } from './ownership/projection.ts';
import { providerConfirmedReaction, providerConfirmedWorker } from './provider-confirmed/reaction.ts';
import { ownershipRoutes } from './ownership/routes.ts';
import { propertyRoutes } from './routes.ts';
import { verifiedPropertiesProjection } from './verified-properties/projection.ts';
import { verifiedPropertiesRoutes } from './verified-properties/routes.ts';
import { accountTimeZonesCopy } from '../../platform/local-copies/account-time-zones.ts';
import { ACCOUNT_TIME_ZONE_EVENTS } from '@acpg/contracts/time-zones';

/**
 * Property lookup (address autocomplete, APN, counties) over the bundled SAMPLE dataset, and ownership verification by
 * a code mailed to the property (the postal-mail port) or by a document (deed, tax bill) a Super Admin reviews.
 */
export const propertiesModule: Module = {
  name: 'properties',
  eventTypes: [
    'PropertyCodeMailed',
    PROPERTY_VERIFICATION_PENDING,
    'PropertyCodeRejected',
    'PropertyVerificationLocked',
    PROPERTY_VERIFIED,
    'PropertyDocumentSubmitted',
    'PropertyDocumentApproved',
    'PropertyDocumentRejected',
    // Written by the former verification questions; still in the log, read by nothing but PropertyVerified's readers.
    'PropertyVerificationRequested',
    'PropertyVerificationStarted',
    'PropertyVerificationAnswersRejected',
  ],
  // A member confirmed properties their provider attached to the invitation: each is verified (method `provider`).
  consumes: [PROVIDER_PROPERTIES_CONFIRMED, ...ACCOUNT_TIME_ZONE_EVENTS],
  routes: (platform) => async (app) => {
    await app.register(propertyRoutes(platform, propertyData()));
    await app.register(ownershipRoutes(platform));
    await app.register(documentRoutes(platform, propertyData()));
    await app.register(verifiedPropertiesRoutes(platform));
  },
  projections: [verifiedPropertiesProjection, propertyVerificationsProjection, propertyDocumentsProjection, accountTimeZonesCopy('properties')],
  reactions: [alsoVerifiedReaction, providerConfirmedReaction],
  workers: [mailLetter, providerConfirmedWorker],
  templates: [alsoVerifiedEmail],
  // A letter's code HMAC; the former questions' right answers.
  sensitiveEventTypes: ['PropertyCodeMailed', 'PropertyVerificationStarted'],
};
