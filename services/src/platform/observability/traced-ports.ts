import { SpanKind } from '@opentelemetry/api';
import type { EventBus } from '../event-bus/port.ts';
import type { EventStore, StoredEvent } from '../event-store/port.ts';
import type { Realtime } from '../realtime/port.ts';
import { decorate, endAfter, originOf, type TraceOrigin, type Tracing } from './tracing.ts';

/** Keys of the remembered origins: a request (its id is its correlation id), an appended event. */
export const correlationKey = (correlationId: string) => `correlation:${correlationId}`;
export const eventKey = (eventId: string) => `event:${eventId}`;

/** The parent of a span about an event: the append that stored it here, else its request, else none (another process). */
const originOfEvent = (tracing: Tracing, event: Pick<StoredEvent, 'id' | 'correlationId'>): TraceOrigin | undefined =>
  tracing.recall(eventKey(event.id)) ?? tracing.recall(correlationKey(event.correlationId));

/**
 * Each append is a span (its stream, event types and correlation id), a child of the work in effect (a job, a reaction)
 * or of the request whose id is its correlation id; the events' ids remember it for the projections and reactions.
 * A Proxy: every other method of the store reaches the store untouched.
 */
export const tracedEventStore = (store: EventStore, tracing: Tracing): EventStore => {
  const append: EventStore['append'] = async (stream, expectedVersion, events) => {
    const correlationId = events[0]?.correlationId;
    const parent = tracing.current() ?? (correlationId === undefined ? undefined : tracing.recall(correlationKey(correlationId)));
    const span = tracing.start(`append ${stream.split('-')[0] ?? stream}`, parent, {
      kind: SpanKind.PRODUCER,
      correlationId,
      attributes: { 'acpg.stream': stream, 'acpg.event_types': [...new Set(events.map((e) => e.type))], 'acpg.event_count': events.length },
    });
    return endAfter(span, async () => {
      const result = await store.append(stream, expectedVersion, events);
      span.setAttribute('acpg.position', result.lastPosition);
      const origin = originOf(span, correlationId);
      for (const event of events) tracing.remember(eventKey(event.id), origin);
      return result;
    });
  };
  return decorate(store, { append });
};

const spanOfEvent = (tracing: Tracing, name: string, event: StoredEvent, kind: SpanKind) =>
  tracing.start(`${name} ${event.type}`, originOfEvent(tracing, event), {
    kind,
    correlationId: event.correlationId,
    attributes: { 'acpg.event_id': event.id, 'acpg.event_type': event.type, 'acpg.stream': event.stream, 'acpg.position': event.position },
  });

/**
 * Every delivery is a span per event, named by its consumer group (`projection:<name>`, `reaction:<name>`): the
 * handler runs inside it, so a projection's push and a reaction's jobs are its children. A batch runs inside the last
 * event's span.
 */
export const tracedBus = (bus: EventBus, tracing: Tracing): EventBus => {
  const subscribe: EventBus['subscribe'] = (options, handler) =>
    bus.subscribe(options, (event) => {
      const span = spanOfEvent(tracing, options.group, event, SpanKind.CONSUMER);
      return endAfter(span, () => tracing.within(originOf(span, event.correlationId), () => handler(event)));
    });
  const subscribeBatches: EventBus['subscribeBatches'] = (options, handler) =>
    bus.subscribeBatches(options, async (events) => {
      const spans = events.map((event) => spanOfEvent(tracing, options.group, event, SpanKind.CONSUMER));
      const last = spans.at(-1);
      const lastEvent = events.at(-1);
      try {
        await (last && lastEvent ? tracing.within(originOf(last, lastEvent.correlationId), () => handler(events)) : handler(events));
      } finally {
        for (const span of spans) span.end();
      }
    });
  return decorate(bus, { subscribe, subscribeBatches });
};

/** Every live push is a span (its message and room kind), a child of the projection that pushed it. */
export const tracedRealtime = (realtime: Realtime, tracing: Tracing): Realtime => {
  const pushed = (message: string, room: string) => {
    const origin = tracing.current();
    tracing.start(`push ${message}`, origin, { kind: SpanKind.PRODUCER, correlationId: origin?.correlationId, attributes: { 'acpg.push.message': message, 'acpg.push.room_kind': room } }).end();
  };
  const pushes: Partial<Realtime> = {
    toUser: (userId, message, payload) => {
      realtime.toUser(userId, message, payload);
      pushed(message, 'user');
    },
    toRole: (role, message, payload) => {
      realtime.toRole(role, message, payload);
      pushed(message, 'role');
    },
    toEntity: (entity, message, payload) => {
      realtime.toEntity(entity, message, payload);
      pushed(message, 'entity');
    },
    ...(realtime.sessionsChanged
      ? {
          sessionsChanged: (userId: string) => {
            realtime.sessionsChanged?.(userId);
            pushed('sessions-changed', 'account');
          },
        }
      : {}),
  };
  return decorate(realtime, pushes);
};
