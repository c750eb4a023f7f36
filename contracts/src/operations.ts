import { z } from 'zod';
import { listQuery, pageOf } from './http.ts';

/** Operators' view of the running system (issue 23): queues, dead jobs, lag, readiness. Capability `operations.manage`. */

export const JOB_STATES = ['waiting', 'delayed', 'active', 'dead'] as const;
export const JobState = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobState>;

export const QueueName = z.string().min(1).max(200);
/** A job id as the queue keeps it (reaction jobs: `<reaction>:<event id>[:<key>]`). */
export const JobId = z.string().min(1).max(500);

export const QueueCounts = z.object({
  queue: z.string(),
  waiting: z.number().int().nonnegative(),
  delayed: z.number().int().nonnegative(),
  active: z.number().int().nonnegative(),
  dead: z.number().int().nonnegative(),
});
export type QueueCounts = z.infer<typeof QueueCounts>;

export const ProjectionLag = z.object({
  name: z.string(),
  position: z.number().int().nonnegative(),
  behind: z.number().int().nonnegative(),
  /** True when `behind` stopped counting at the cap: at least that many. */
  capped: z.boolean(),
  oldest_at: z.string().nullable(),
});
export type ProjectionLag = z.infer<typeof ProjectionLag>;

export const ConsumerLag = z.object({
  name: z.string(),
  group: z.string(),
  /** False when the bus cannot tell, or the consumer never ran. */
  known: z.boolean(),
  behind: z.number().int().nonnegative(),
  capped: z.boolean(),
  oldest_at: z.string().nullable(),
});
export type ConsumerLag = z.infer<typeof ConsumerLag>;

export const DependencyStatus = z.object({ name: z.string(), ok: z.boolean(), error: z.string().nullable() });
export type DependencyStatus = z.infer<typeof DependencyStatus>;

export const OperationsOverview = z.object({
  checked_at: z.string(),
  mode: z.enum(['embedded', 'distributed']),
  queues: z.array(QueueCounts),
  projections: z.array(ProjectionLag),
  consumers: z.array(ConsumerLag),
  dependencies: z.array(DependencyStatus),
});
export type OperationsOverview = z.infer<typeof OperationsOverview>;

export const JobSummary = z.object({
  id: z.string(),
  queue: z.string(),
  name: z.string(),
  state: JobState,
  attempts_made: z.number().int().nonnegative(),
  created_at: z.string(),
  run_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type JobSummary = z.infer<typeof JobSummary>;

export const JobDetail = JobSummary.extend({
  /** The job's data, with secrets (codes, tokens, passwords) replaced by "[redacted]". */
  data: z.unknown(),
});
export type JobDetail = z.infer<typeof JobDetail>;

export const JobsPage = pageOf(JobSummary);
export type JobsPage = z.infer<typeof JobsPage>;

export const QueueJobsQuery = listQuery({ sortFields: ['created_at'], defaultSort: 'created_at', defaultOrder: 'asc', filters: { state: JobState.default('dead') } });
export type QueueJobsQuery = z.infer<typeof QueueJobsQuery>;

export const QueueParams = z.object({ queue: QueueName });
export const JobParams = z.object({ queue: QueueName, id: JobId });

export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const OperatorReason = z
  .string()
  .trim()
  .min(REASON_MIN, `Say why in ${REASON_MIN} to ${REASON_MAX} characters.`)
  .max(REASON_MAX, `Say why in ${REASON_MIN} to ${REASON_MAX} characters.`);
export const DeadJobActionBody = z.object({ reason: OperatorReason });
export type DeadJobActionBody = z.infer<typeof DeadJobActionBody>;

/** Events of the operations module: an operator retried or discarded a dead job (who, why). */
export const DEAD_JOB_RETRIED = 'DeadJobRetried';
export const DEAD_JOB_DISCARDED = 'DeadJobDiscarded';
export const DeadJobActionData = z.object({
  queue: z.string(),
  job_id: z.string(),
  job_name: z.string(),
  /** The job's last error when the operator acted. */
  error: z.string().nullable(),
  attempts_made: z.number().int().nonnegative(),
  /** The operator's account id. */
  by: z.string(),
  reason: z.string().min(REASON_MIN).max(REASON_MAX),
  at: z.string(),
});
export type DeadJobActionData = z.infer<typeof DeadJobActionData>;

export const OPERATOR_ACTIONS = ['retried', 'discarded'] as const;
export const OperatorAction = z.object({
  id: z.string(),
  action: z.enum(OPERATOR_ACTIONS),
  queue: z.string(),
  job_id: z.string(),
  job_name: z.string(),
  error: z.string().nullable(),
  by: z.string(),
  /** The operator's name when known (else their email, else null). */
  by_name: z.string().nullable(),
  reason: z.string(),
  at: z.string(),
});
export type OperatorAction = z.infer<typeof OperatorAction>;
export const OperatorActionsPage = pageOf(OperatorAction);
export type OperatorActionsPage = z.infer<typeof OperatorActionsPage>;
export const OperatorActionsQuery = listQuery({ sortFields: ['at'], defaultSort: 'at' });

