import { rolesWith } from '@acpg/contracts/role-permissions';
import { ACCOUNT_CONTACT_EVENTS } from '@acpg/contracts/identity';
import { PROVIDER_EVENT_TYPES, PROVIDER_UPDATED_MESSAGE, ProviderView } from '@acpg/contracts/providers';
import type { Module, Platform } from '../../platform/module.ts';
import { liveMessage } from '../../platform/realtime/messages.ts';
import { providersAccountContacts } from './copies.ts';
import { providerLogoRoutes } from './logo/routes.ts';
import { providersProjection } from './providers/projection.ts';
import { providerRoutes } from './providers/routes.ts';

/**
 * Providers (issue 21): organizations whose people use the product through them. Super Admins create, edit, deactivate
 * and reactivate them and appoint their Provider Admins (`ProviderAdminAppointed` / `ProviderAdminRemoved`, which
 * identity turns into the account's role and provider).
 */
export const providersModule: Module = {
  name: 'providers',
  partitions: 1, // a few providers, changed by Super Admins
  eventTypes: PROVIDER_EVENT_TYPES,
  consumes: ACCOUNT_CONTACT_EVENTS,
  routes: (platform: Platform) => async (app) => {
    await app.register(providerRoutes(platform));
    await app.register(providerLogoRoutes(platform));
  },
  projections: [providersProjection, providersAccountContacts],
  pushes: [liveMessage({ name: PROVIDER_UPDATED_MESSAGE, summary: 'A provider was created or changed (the providers list)', payload: ProviderView, rooms: rolesWith('providers.manage').map((role) => `role:${role}`) })],
};
