import { z } from 'zod';

/** The stored form of every event (ARCHITECTURE.md, "Flow of a command"). */
export const EventEnvelope = z.object({
  id: z.string(),
  type: z.string(),
  stream: z.string(),
  version: z.number().int().positive(),
  position: z.number().int().positive(),
  occurredAt: z.string(),
  actor: z.string().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  schemaVersion: z.number().int().positive(),
  data: z.unknown(),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;
