import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope } from '@acpg/contracts/http';
import {
  INTERACTION_STREAM_PREFIX,
  StoreInteractionBody,
  USER_INTERACTION_RECORDED,
  USER_LOCATION_HEADER,
  UserLocation,
  type UserInteractionRecorded,
} from '@acpg/contracts/insights';
import { eventEnvelope } from '../../platform/commands/envelope.ts';
import type { NewEvent } from '../../platform/event-store/port.ts';
import type { Platform } from '../../platform/module.ts';

const LOCATION_MESSAGE = 'User-Location must be JSON with latitude and longitude, or null.';

/** The `User-Location` header: JSON `{ latitude, longitude }` or `null`; absent means null. */
export const UserLocationHeader = z
  .string()
  .transform((raw, ctx): UserLocation => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const location = UserLocation.safeParse(parsed);
    if (location.success) return location.data;
    ctx.addIssue({ code: 'custom', message: LOCATION_MESSAGE });
    return z.NEVER;
  })
  .describe('JSON {"latitude": number, "longitude": number}, or null');

const StoreInteractionHeaders = z.looseObject({ [USER_LOCATION_HEADER]: UserLocationHeader.optional() });

/**
 * The event of one interaction. `user_id` is the signed-in caller's (from the verified token) or none: the body's
 * `user_id` is never believed, so an anonymous visitor cannot put interactions on someone else's account.
 */
export const interactionRecorded = (
  body: StoreInteractionBody,
  location: UserInteractionRecorded['location'],
  meta: { id: string; now: Date; actor: string | null; correlationId: string },
): NewEvent =>
  eventEnvelope(meta.id, USER_INTERACTION_RECORDED, { ...body, user_id: meta.actor, location } satisfies UserInteractionRecorded, meta);

/**
 * `POST /user-interaction/store`: the hot path. One append to a new stream and nothing else: no reads, and the
 * answer does not wait for the read model.
 */
export const recordInteractionRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    fastify.withTypeProvider<ZodTypeProvider>().post(
      '/user-interaction/store',
      {
        // High-volume: each stored interaction is already in the event log (correlation id = request id), so its
        // request is not logged at info; server errors still are (the error handler logs them at error).
        logLevel: 'warn',
        // Public and high-volume: a per-address limit keeps one client from filling the log (0 turns it off).
        config: {
          auth: 'public',
          ...(platform.config.INTERACTION_RATE_LIMIT_PER_MINUTE > 0
            ? { rateLimit: { max: platform.config.INTERACTION_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } }
            : {}),
        },
        schema: {
          tags: ['insights'],
          summary: 'Record a user interaction (click, view ...)',
          description:
            'Public. A signed-in caller is recorded as the user (from the access token); an anonymous one as no user. The body’s `user_id` is ignored. ' +
            'The User-Location header carries the position or null.',
          body: StoreInteractionBody,
          headers: StoreInteractionHeaders,
          response: { 200: z.object({ success: z.literal(true) }), 400: ErrorEnvelope, 429: ErrorEnvelope },
        },
      },
      async (request) => {
        const interactionId = platform.newId();
        const event = interactionRecorded(request.body, request.headers[USER_LOCATION_HEADER] ?? null, {
          id: platform.newId(),
          now: platform.clock(),
          actor: request.principal?.userId ?? null,
          correlationId: request.id,
        });
        await platform.eventStore.append(`${INTERACTION_STREAM_PREFIX}${interactionId}`, 0, [event]);
        return { success: true as const };
      },
    );
  };
