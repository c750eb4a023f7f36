import { z } from 'zod';
import type { LiveMessage } from './messages.ts';
import { MAX_WAITING_ENTITIES_PER_SOCKET, NOT_A_ROOM, SOCKET_IO_PATH } from './socket-io.ts';

export const ASYNCAPI_PATH = '/api/v1/asyncapi.json';

interface ModuleDeclarations {
  name: string;
  rooms?: Readonly<Record<string, unknown>>;
  pushes?: readonly LiveMessage[];
}

type Json = Record<string, unknown>;

/** A room a message names: `checkout:{id}` is the entity kind `checkout`; `role:Super Admin` the role room. */
const channelOf = (room: string): { key: string; address: string } => {
  const colon = room.indexOf(':');
  const kind = colon > 0 ? room.slice(0, colon) : room;
  const rest = colon > 0 ? room.slice(colon + 1) : '';
  if (kind === 'role') return { key: `role-${rest.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, address: room };
  return { key: kind, address: `${kind}:{id}` };
};

const jsonSchemaOf = (schema: z.ZodType): Json => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }) as Json;
  return rest;
};

const CONNECT = [
  `Connect with socket.io (client 4.x) to the API's origin, path \`${SOCKET_IO_PATH}\`, sending the access token (the \`access_token\``,
  'that sign-in and `POST /api/v1/auth/refresh` answer) in the handshake: `io(origin, { path: "/socket.io", auth: { token } })`.',
  'Without a valid token the connection is refused with `connect_error` (message "Sign in to continue.", `data.code` UNAUTHORIZED).',
  'The server ends the socket when the token expires ("io server disconnect"): reconnect with a fresh token, join again, and read',
  'again over HTTP (pushes are not replayed). Every socket is in its user\'s room and one room per role at once; entity rooms are',
  'joined with `subscribe`. Each payload carries `version` and `position`: keep the higher version per id, so a push and a read',
  'apply in any order.',
].join(' ');

const SUBSCRIBE = [
  'Join an entity room `<kind>:<id>`. The acknowledgement is `{ ok: true }` for any well-formed id of a documented kind, including',
  'an id not created yet (join `checkout:<your new checkout_id>` before POSTing the checkout) and an id that is not yours: the answer',
  'never says whether an entity exists or whose it is. Pushes of an entity reach the socket only while the caller may follow it',
  '(checked when the entity\'s first push comes for an id joined before the caller could follow it). Refusal:',
  `\`{ ok: false, message: "${NOT_A_ROOM}" }\` for an unknown kind, a malformed id, or more than ${MAX_WAITING_ENTITIES_PER_SOCKET} entities the socket waits on.`,
].join(' ');

/**
 * The live channel as an AsyncAPI 3.0 document, built from the modules' declarations: every entity room kind
 * (`Module.rooms`), every pushed message (`Module.pushes`, payloads as JSON Schema from the contracts' zod schemas),
 * and the `subscribe` / `unsubscribe` requests with their acknowledgements.
 */
export const buildAsyncApi = (modules: readonly ModuleDeclarations[], options: { version?: string; host?: string; secure?: boolean } = {}): Json => {
  const channels: Record<string, Json> = {};
  const channelMessages = new Map<string, Set<string>>();
  const messages: Record<string, Json> = {};

  const channel = (key: string, address: string, description: string) => {
    channels[key] ??= { address, title: address, description, messages: {} };
    return channels[key] as { messages: Record<string, Json> } & Json;
  };

  for (const module of modules) {
    for (const kind of Object.keys(module.rooms ?? {})) {
      channel(kind, `${kind}:{id}`, `Entity room \`${kind}:<id>\` (module ${module.name}): joined with \`subscribe\`; its pushes reach only sockets whose caller may follow that ${kind}.`);
      Object.assign(channels[kind] as Json, { parameters: { id: { description: `The ${kind}'s id.` } } });
    }
  }
  for (const module of modules) {
    for (const message of module.pushes ?? []) {
      messages[message.name] = {
        name: message.name,
        title: message.name,
        summary: message.summary,
        contentType: 'application/json',
        payload: { schemaFormat: 'application/schema+json;version=draft-07', schema: jsonSchemaOf(message.payload) },
        'x-module': module.name,
        'x-rooms': message.rooms,
      };
      for (const room of message.rooms) {
        const { key, address } = channelOf(room);
        const target = (channels[key] as ({ messages: Record<string, Json> } & Json) | undefined) ?? channel(key, address, key.startsWith('role-') ? `Role room \`${address}\`: every socket of a user with that role is in it from connect.` : `Room \`${address}\`.`);
        target.messages[message.name] = { $ref: `#/components/messages/${message.name}` };
        (channelMessages.get(key) ?? channelMessages.set(key, new Set()).get(key))?.add(message.name);
      }
    }
  }

  channels.control = {
    address: null,
    title: 'Requests to the server',
    description: 'Messages a client emits on its socket, each with an acknowledgement callback (socket.io `emitWithAck`).',
    messages: {
      subscribe: { $ref: '#/components/messages/subscribe' },
      subscribeAck: { $ref: '#/components/messages/subscribeAck' },
      unsubscribe: { $ref: '#/components/messages/unsubscribe' },
      unsubscribeAck: { $ref: '#/components/messages/unsubscribeAck' },
    },
  };
  messages.subscribe = {
    name: 'subscribe',
    summary: 'Join an entity room',
    description: SUBSCRIBE,
    payload: { type: 'object', required: ['entity'], properties: { entity: { type: 'string', maxLength: 200, examples: ['checkout:0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'] } }, additionalProperties: false },
  };
  messages.subscribeAck = {
    name: 'subscribe acknowledgement',
    summary: '`{ ok: true }`, or `{ ok: false, message }` when the entity is not a room',
    payload: {
      oneOf: [
        { type: 'object', required: ['ok'], properties: { ok: { const: true } } },
        { type: 'object', required: ['ok', 'message'], properties: { ok: { const: false }, message: { type: 'string', examples: [NOT_A_ROOM] } } },
      ],
    },
  };
  messages.unsubscribe = {
    name: 'unsubscribe',
    summary: 'Leave an entity room (always acknowledged)',
    payload: { type: 'object', required: ['entity'], properties: { entity: { type: 'string' } } },
  };
  messages.unsubscribeAck = { name: 'unsubscribe acknowledgement', payload: { type: 'object', required: ['ok'], properties: { ok: { const: true } } } };

  const operations: Record<string, Json> = {
    subscribe: {
      action: 'send',
      channel: { $ref: '#/channels/control' },
      summary: 'Join an entity room',
      messages: [{ $ref: '#/channels/control/messages/subscribe' }],
      reply: { channel: { $ref: '#/channels/control' }, messages: [{ $ref: '#/channels/control/messages/subscribeAck' }] },
    },
    unsubscribe: {
      action: 'send',
      channel: { $ref: '#/channels/control' },
      summary: 'Leave an entity room',
      messages: [{ $ref: '#/channels/control/messages/unsubscribe' }],
      reply: { channel: { $ref: '#/channels/control' }, messages: [{ $ref: '#/channels/control/messages/unsubscribeAck' }] },
    },
  };
  for (const [key, names] of channelMessages) {
    operations[`receive-${key}`] = {
      action: 'receive',
      channel: { $ref: `#/channels/${key}` },
      summary: `Pushes in ${String((channels[key] as Json).address)}`,
      messages: [...names].map((name) => ({ $ref: `#/channels/${key}/messages/${name}` })),
    };
  }

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'ACPG live channel',
      version: options.version ?? '1.0.0',
      description: `${CONNECT}\n\nThe HTTP API is described at /api/v1/openapi.json.`,
    },
    defaultContentType: 'application/json',
    servers: {
      api: {
        host: options.host ?? 'localhost',
        protocol: options.secure === false ? 'ws' : 'wss',
        pathname: SOCKET_IO_PATH,
        description: 'socket.io 4 (engine.io 4) over WebSocket or HTTP long-polling.',
        security: [{ $ref: '#/components/securitySchemes/accessToken' }],
      },
    },
    channels,
    operations,
    components: {
      messages,
      securitySchemes: {
        accessToken: {
          type: 'httpApiKey',
          name: 'auth.token',
          in: 'query',
          description: 'The access token (JWT) in the socket.io handshake\'s `auth` object: `io(origin, { path: "/socket.io", auth: { token } })`. Not a header or a query parameter: `in` is the nearest AsyncAPI term.',
        },
      },
    },
  };
};
