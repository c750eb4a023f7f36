import type { FastifyPluginAsync } from 'fastify';
import { VerifiedPropertiesQuery, VerifiedProperty } from '@acpg/contracts/properties';
import { listRoute, OWN_LIST_REFUSALS } from '../../../platform/http/list-route.ts';
import type { Platform } from '../../../platform/module.ts';
import { verifiedPropertiesProjection } from './projection.ts';
import { toVerifiedProperty, VERIFIED_PROPERTIES_COLLECTION } from './projection.ts';

/** `GET /properties/verified`: the caller's own verified properties, newest first. */
export const verifiedPropertiesRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    listRoute(fastify, platform, {
      url: '/properties/verified',
      auth: { capability: 'properties.verify' },
      tags: ['properties'],
      summary: 'The properties the signed-in account verified',
      querystring: VerifiedPropertiesQuery,
      item: VerifiedProperty,
      refusals: OWN_LIST_REFUSALS,
      collection: VERIFIED_PROPERTIES_COLLECTION,
      thenBy: ['verified_at'],
      filter: (_query, caller) => ({ account_id: caller.userId }),
      toItem: toVerifiedProperty,
      ownWrites: verifiedPropertiesProjection,
    });
  };
