import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { DashboardQuery, DashboardTiles } from '@acpg/contracts/dashboard';
import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import type { Principal } from '../../../platform/auth/port.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { membersOfProvider, providerAdminOf } from '../../../platform/local-copies/provider-members.ts';
import type { Platform } from '../../../platform/module.ts';
import { DASHBOARD_COPIES } from './copies.ts';
import { dashboardTiles, type DashboardScope } from './query.ts';

const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope };

/**
 * Whose things a caller's tiles count: a Super Admin's or an Admin's every account's; a Provider Admin's its provider's
 * users now (insights' copy of provider members: a user who left drops out of every tile at once, as from the scoped
 * lists the tiles link to) and its own; anyone else's (no such caller passes the route's capability) only its own.
 */
export const dashboardScopeOf = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, principal: Pick<Principal, 'userId' | 'roles' | 'providerId'>): Promise<DashboardScope> => {
  if (principal.roles.some((role) => OVERSEER_ROLES.includes(role))) return null;
  const provider = providerAdminOf(principal);
  return provider ? [principal.userId, ...(await membersOfProvider(platform, 'insights', provider))] : [principal.userId];
};

/** `GET /insights/dashboard?from&to`: the admin dashboard's tiles, or a Provider Admin's of its provider. */
export const dashboardRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/insights/dashboard',
      {
        config: { auth: { capability: 'dashboard.read' } },
        schema: {
          tags: ['insights'],
          summary: "Dashboard tiles of every module for UTC days from..to (a Provider Admin: its provider's users')",
          security: [{ bearer: [] }],
          querystring: DashboardQuery,
          response: { 200: okEnvelope(DashboardTiles), ...refusals },
        },
      },
      async (request) => {
        const scope = await dashboardScopeOf(platform, callerOf(request));
        // Bounded: a command answered a moment ago is counted (each copy caught up with the log), a lagging one never blocks.
        await Promise.all(DASHBOARD_COPIES.map((copy) => platform.caughtUp(copy, { waitMs: 2000 })));
        return { success: true as const, data: await dashboardTiles(platform.documents, request.query, scope) };
      },
    );
  };
