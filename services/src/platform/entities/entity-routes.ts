import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { MinVersionQuery, okEnvelope } from '@acpg/contracts/http';
import type { DomainEvent } from '../commands/handle-command.ts';
import type { Platform } from '../module.ts';
import { callerOf } from '../http/caller.ts';
import type { Entity } from './define-entity.ts';
import type { EntityView } from './entity-rows.ts';

/** What a read route of an entity says in the API document; the caller is any signed-in user. */
export interface EntityRouteSpec {
  url: string;
  tags: string[];
  summary: string;
  description?: string;
  /** The path's `{ id }`, checked as the contract says (a uuid). */
  params: z.ZodType<{ id: string }>;
  /** The refusals' statuses, each an `ErrorEnvelope`. */
  refusals: Readonly<Record<number, z.ZodType>>;
}

const SIGNED_IN = { auth: { capability: 'records.own' } } as const;

const schemaOf = (spec: EntityRouteSpec, data: z.ZodType) => ({
  tags: spec.tags,
  summary: spec.summary,
  ...(spec.description ? { description: spec.description } : {}),
  security: [{ bearer: [] }],
  params: spec.params,
  response: { 200: okEnvelope(data), ...spec.refusals },
});

/**
 * GET one entity (its owner or a Super Admin) from its read model, current right after a command: `?min_version=` (the
 * `version` a command answered) waits, bounded, for the row to hold that version; without it, for the stream's head.
 * `version` orders it against the live pushes. None, or not the caller's: 404.
 */
export const entityByIdRoute = <Event extends DomainEvent, View extends EntityView>(fastify: FastifyInstance, platform: Platform, entity: Entity<Event, View>, spec: EntityRouteSpec) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(spec.url, { config: SIGNED_IN, schema: { ...schemaOf(spec, entity.spec.rows.schema), querystring: MinVersionQuery } }, async (request) => {
    const { view } = await entity.visibleById(platform, request.params.id, callerOf(request), request.query.min_version);
    return { success: true as const, data: view };
  });
};

/** An event that names who did it and when (`by`: an account id, `system`, ...; `at`: an ISO time). */
type SignedEvent = DomainEvent<string, { by: string; at: string }>;

export interface EntityHistorySpec<Event extends SignedEvent, View extends EntityView> extends EntityRouteSpec {
  /** The contract's `{ items: [...] }` of the audit trail. */
  history: z.ZodType;
  /** One plain sentence per event; `view` is the entity as it stands. */
  summaryOf: (event: Event, view: View) => string;
}

/** GET the entity's audit trail from its event stream: what, who and when, oldest first (its owner or a Super Admin). */
export const entityHistoryRoute = <Event extends SignedEvent, View extends EntityView>(fastify: FastifyInstance, platform: Platform, entity: Entity<Event, View>, spec: EntityHistorySpec<Event, View>) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(spec.url, { config: SIGNED_IN, schema: schemaOf(spec, spec.history) }, async (request) => {
    const { view, history } = await entity.historyById(platform, request.params.id, callerOf(request));
    const items = history.flatMap((stored) => {
      const event = entity.spec.rows.toEvent(stored);
      return event ? [{ event_type: event.type, summary: spec.summaryOf(event, view), by: event.data.by, at: event.data.at, version: stored.version }] : [];
    });
    return { success: true as const, data: { items } };
  });
};
