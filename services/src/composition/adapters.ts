import type { Config } from '../platform/config/schema.ts';
import type { Documents } from '../platform/documents/port.ts';
import type { EventBus } from '../platform/event-bus/port.ts';
import type { EventStore } from '../platform/event-store/port.ts';
import type { Jobs } from '../platform/jobs/port.ts';
import type { Mailer } from '../platform/mail/port.ts';
import type { ProjectionStore } from '../platform/projections/port.ts';
import type { SmsSender } from '../platform/sms/port.ts';
import type { DevOutbox } from '../platform/mail/dev-outbox.ts';
import type { Files } from '../platform/files/port.ts';
import type { Counters } from '../platform/counters/port.ts';

/** The engines of one profile, before the app is built on them. */
export interface Adapters {
  eventStore: EventStore;
  bus: EventBus;
  documents: Documents;
  projections: ProjectionStore;
  jobs: Jobs;
  mailer: Mailer;
  sms: SmsSender;
  /** Uploaded and generated files, encrypted at rest when asked. */
  files: Files;
  /** Abuse counters every api process shares: memory when embedded, Redis when distributed. */
  counters: Counters;
  /** Background loops the profile needs in some roles (the outbox relay); started by the runtime. */
  startRelay?: () => { stop(): Promise<void> };
  /** Embedded profile with DEV_OUTBOX=true: every email and SMS lands here instead of going out. */
  devOutbox: DevOutbox | null;
  /** The engines' readiness checks by name (`/api/health/ready`): each throws when its engine cannot be reached or written. */
  readiness: Readonly<Record<string, () => Promise<void>>>;
  close(): Promise<void>;
}

export type AdaptersFactory = (config: Config) => Promise<Adapters>;
