import type { JobDetail, JobState, JobsPage, OperationsOverview, OperatorActionsPage } from '@acpg/contracts/operations';
import { http } from '../../../lib/http.ts';
import { useResource } from '../../../lib/use-resource.ts';

type Ok<T> = { success: boolean; data: T; message?: string };

const base = '/admin/operations';
const jobPath = (queue: string, id: string) => `${base}/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(id)}`;

export const fetchOverview = (signal: AbortSignal) => http.get<OperationsOverview>(base, { signal });
/** Queues, lag and dependencies; `tick` reads them again (the screen's poll). */
export const useOverview = (tick: number) => useResource(fetchOverview, [tick]);

export const JOBS_PAGE_SIZE = 10;
export const fetchQueueJobs = (queue: string, state: JobState, page: number, signal: AbortSignal) =>
  http.get<JobsPage>(`${base}/queues/${encodeURIComponent(queue)}/jobs`, { signal, query: { state, page, page_size: JOBS_PAGE_SIZE } });
export const useQueueJobs = (queue: string, state: JobState, page: number, tick: number) =>
  useResource((signal) => fetchQueueJobs(queue, state, page, signal), [queue, state, page, tick]);

export const fetchJob = (queue: string, id: string, signal: AbortSignal) => http.get<JobDetail>(jobPath(queue, id), { signal });
export const useJob = (queue: string, id: string) => useResource((signal) => fetchJob(queue, id, signal), [queue, id]);

export const fetchActions = (page: number, signal: AbortSignal) => http.get<OperatorActionsPage>(`${base}/actions`, { signal, query: { page, page_size: 10 } });
export const useActions = (page: number, tick: number) => useResource((signal) => fetchActions(page, signal), [page, tick]);

export type DeadJobAction = 'retry' | 'discard';
export const actOnDeadJob = (queue: string, id: string, action: DeadJobAction, reason: string) => http.post<Ok<JobDetail>>(`${jobPath(queue, id)}/${action}`, { reason });
