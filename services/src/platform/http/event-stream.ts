import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import type { WebSocket } from 'ws';
import { redactSensitive } from '../event-store/redact.ts';
import { z } from 'zod';
import { ErrorEnvelope } from '@acpg/contracts/http';
import type { Principal } from '../auth/port.ts';
import type { Platform } from '../module.ts';

/** Close codes of the event stream: the HTTP status in the 4xxx range the WebSocket protocol leaves to applications. */
export const STREAM_CLOSE_UNAUTHORIZED = 4401;
export const STREAM_CLOSE_FORBIDDEN = 4403;
const STREAM_CLOSE_INTERNAL = 1011;
const BATCH = 500;

export const EventStreamQuery = z.object({
  from: z.coerce.number().int().min(0).default(0).describe('Send events with a position greater than this (0 = from the start).'),
  type: z
    .string()
    .optional()
    .describe('Comma-separated event types to send; all types when absent.'),
  token: z.string().optional().describe('Access token, for clients that cannot set an Authorization header.'),
});

const typesOf = (type: string | undefined): string[] | undefined => {
  const types = (type ?? '').split(',').map((t) => t.trim()).filter(Boolean);
  return types.length > 0 ? types : undefined;
};

const bearerOf = (header: string | undefined): string | undefined => /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];

const send = (socket: WebSocket, data: string): Promise<void> =>
  new Promise((resolve, reject) => socket.send(data, (error) => (error ? reject(error) : resolve())));

/**
 * `GET /events/stream`: the raw event tail for analysts and tools (Super Admin). Sends the stored events after
 * `from` in position order, then the new ones as they are appended; one JSON event envelope per message.
 */
export const eventStreamRoutes =
  (platform: Platform, options: { pollMs?: number; sensitiveEventTypes?: ReadonlySet<string> } = {}): FastifyPluginAsync =>
  async (app) => {
    const { eventStore, tokens } = platform;
    const sensitive = options.sensitiveEventTypes ?? new Set<string>();
    // Other processes' appends (distributed profile) do not wake onAppended here: poll as well.
    const pollMs = options.pollMs ?? (platform.config.MODE === 'distributed' ? 1000 : 0);

    const authenticate = async (request: FastifyRequest, token: string | undefined): Promise<Principal | null> => {
      if (!token) return null;
      try {
        return await tokens.verifyAccessToken(token);
      } catch {
        request.log.info('event stream refused: bad token');
        return null;
      }
    };

    app.withTypeProvider<ZodTypeProvider>().route({
      method: 'GET',
      url: '/events/stream',
      config: { auth: 'public' }, // checked on the socket, so a refusal is a close code the client can read
      // Its `?token=` is kept out of the log by the app's logger (`platform/logging/secrets.ts`), as every secret is.
      schema: {
        tags: ['events'],
        summary: 'Raw event stream (WebSocket)',
        description:
          'Upgrade to a WebSocket (Super Admin). Each message is one stored event envelope as JSON, in position order: ' +
          `first those after \`from\`, then new ones as they are appended. The token comes in the query or as a Bearer header; ` +
          `without a valid one the socket closes with ${STREAM_CLOSE_UNAUTHORIZED}, without the Super Admin role with ${STREAM_CLOSE_FORBIDDEN}. ` +
          `It also closes with ${STREAM_CLOSE_UNAUTHORIZED} when the token expires: reconnect with a fresh token and \`from\` set to the last position received.`,
        security: [{ bearer: [] }],
        querystring: EventStreamQuery,
        response: { 426: ErrorEnvelope },
      },
      // A plain GET (no upgrade) gets told how to use it.
      handler: async (_request, reply) =>
        reply.code(426).header('upgrade', 'websocket').send({
          success: false,
          code: 'UPGRADE_REQUIRED',
          message: 'Open this address as a WebSocket.',
        }),
      wsHandler: async (socket, request) => {
        // Registered before the first await: a client gone while its token is checked must leave nothing behind.
        let open = true;
        const cleanups: (() => void)[] = [];
        socket.on('close', () => {
          open = false;
          for (const cleanup of cleanups.splice(0)) cleanup();
        });

        const token = request.query.token ?? bearerOf(request.headers.authorization);
        const principal = await authenticate(request, token);
        if (!open) return;
        if (!principal || !token) return socket.close(STREAM_CLOSE_UNAUTHORIZED, 'Sign in to continue.');
        if (!principal.roles.includes('Super Admin')) return socket.close(STREAM_CLOSE_FORBIDDEN, 'You do not have access to this.');

        // Verified above; read only for its expiry, so the stream does not outlive the token (the client reconnects with a new one).
        const expiresAt = (() => {
          try {
            return (decodeJwt(token).exp ?? 0) * 1000;
          } catch {
            return 0; // not a JWT after all: treat as expired
          }
        })();
        const expiry = setTimeout(
          () => {
            open = false; // nothing more is sent during the closing handshake
            socket.close(STREAM_CLOSE_UNAUTHORIZED, 'Your session has expired. Sign in again.');
          },
          Math.min(Math.max(expiresAt - Date.now(), 0), 2 ** 31 - 1),
        );
        cleanups.push(() => clearTimeout(expiry));

        const types = typesOf(request.query.type);
        let last = request.query.from;
        let running = false;
        let again = false;

        const pump = async (): Promise<void> => {
          if (running) {
            again = true;
            return;
          }
          running = true;
          try {
            do {
              again = false;
              for (;;) {
                const batch = await eventStore.readAll({ after: last, limit: BATCH, ...(types ? { types } : {}) });
                if (!open) return;
                const sent: Promise<void>[] = [];
                for (const event of batch) {
                  sent.push(send(socket, JSON.stringify(redactSensitive(event, sensitive))));
                  last = event.position;
                }
                await Promise.all(sent); // backpressure: the next batch waits until this one is written
                if (batch.length < BATCH) break;
              }
            } while (again && open);
          } catch (error) {
            if (!open) return;
            request.log.error({ err: error }, 'event stream failed');
            socket.close(STREAM_CLOSE_INTERNAL, 'Something went wrong.');
          } finally {
            running = false;
          }
        };

        cleanups.push(
          eventStore.onAppended((events) => {
            if (events.some((e) => e.position > last && (!types || types.includes(e.type)))) void pump();
          }),
        );
        if (pollMs > 0) {
          const timer = setInterval(() => void pump(), pollMs);
          cleanups.push(() => clearInterval(timer));
        }
        request.log.info({ userId: principal.userId, from: last, types }, 'event stream opened');
        await pump();
      },
    });
  };
