import { ACCOUNT_CONTACT_EVENTS, ACCOUNT_ROLES_EVENTS } from '@acpg/contracts/identity';
import { ACCOUNT_TIME_ZONE_EVENTS } from '@acpg/contracts/time-zones';
import { accountTimeZonesCopy } from '../../platform/local-copies/account-time-zones.ts';
import { PROPERTY_VERIFIED } from '@acpg/contracts/properties';
import { PROVIDER_EVENT_TYPES, PROVIDER_UPDATED_MESSAGE, ProviderView } from '@acpg/contracts/providers';
import { PROVIDER_USER_EVENT_TYPES, PROVIDER_USER_UPDATED_MESSAGE, ProviderUserView } from '@acpg/contracts/provider-users';
import { OVERSEER_ROLES, rolesWith } from '@acpg/contracts/role-permissions';
import { verifiedPropertiesCopy } from '../../platform/local-copies/verified-properties.ts';
import type { Module, Platform } from '../../platform/module.ts';
import { mayFollowProvider, PROVIDER_ROOM } from '../../platform/local-copies/provider-members.ts';
import { liveMessage } from '../../platform/realtime/messages.ts';
import { providersAccountContacts, providersAccountRoles } from './copies.ts';
import { ADMINSHIP_EVENT_TYPES } from './provider/adminship.ts';
import { providerLogoRoutes } from './logo/routes.ts';
import { providersProjection } from './providers/projection.ts';
import { providerRoutes } from './providers/routes.ts';
import { providerInvitationEmail } from './invitation/template.ts';
import { PROVIDER_USERS_ROOM, providerUsersProjection } from './users/projection.ts';
import { mayFollowProviderUsers } from './users/room.ts';
import { providerUserRoutes } from './users/routes.ts';

/**
 * Providers (issue 21): organizations whose people use the product through them. Super Admins create, edit, deactivate
 * and reactivate them and appoint their Provider Admins (`ProviderAdminAppointed` / `ProviderAdminRemoved`, which
 * identity turns into the account's role and provider). Provider users: invitations by email with a role (single use,
 * expiring, a link and a code), accepted by sign-up or by a signed-in account, then suspended and reactivated within the provider.
 */
export const providersModule: Module = {
  name: 'providers',
  partitions: 1, // a few providers, changed by Super Admins
  eventTypes: [...PROVIDER_EVENT_TYPES, ...PROVIDER_USER_EVENT_TYPES, ...ADMINSHIP_EVENT_TYPES],
  consumes: [...new Set([...ACCOUNT_CONTACT_EVENTS, ...ACCOUNT_ROLES_EVENTS, PROPERTY_VERIFIED, ...ACCOUNT_TIME_ZONE_EVENTS])],
  routes: (platform: Platform) => async (app) => {
    await app.register(providerRoutes(platform));
    await app.register(providerLogoRoutes(platform));
    await app.register(providerUserRoutes(platform));
  },
  projections: [providersProjection, providerUsersProjection, providersAccountContacts, providersAccountRoles, verifiedPropertiesCopy('providers'), accountTimeZonesCopy('providers')],
  templates: [providerInvitationEmail],
  // `provider:<id>`: where equity, nhd and reimbursement push their rows of this provider's users (`defineEntity` `providers`).
  rooms: { [PROVIDER_USERS_ROOM]: mayFollowProviderUsers, [PROVIDER_ROOM]: mayFollowProvider },
  pushes: [
    liveMessage({ name: PROVIDER_UPDATED_MESSAGE, summary: 'A provider was created or changed (the providers list)', payload: ProviderView, rooms: rolesWith('providers.manage').map((role) => `role:${role}`) }),
    liveMessage({
      name: PROVIDER_USER_UPDATED_MESSAGE,
      summary: "A provider user or invitation was created or changed (the provider users list)",
      payload: ProviderUserView,
      rooms: [`${PROVIDER_USERS_ROOM}:{id}`, ...OVERSEER_ROLES.map((role) => `role:${role}`)],
    }),
  ],
};
