import type {
  RenderedTemplate,
  SaveTemplateBody,
  TemplateDetail,
  TemplateHistory,
  TemplateParts,
  TemplateSummary,
  TestSendResult,
} from '@acpg/contracts/email-templates';
import { http } from '../../../lib/http.ts';
import { useResource } from '../../../lib/use-resource.ts';

type Ok<T> = { success: boolean; data: T; message?: string };

const path = (key: string) => `/admin/email-templates/${encodeURIComponent(key)}`;

export const fetchTemplates = (signal: AbortSignal) => http.get<TemplateSummary[]>('/admin/email-templates', { signal });
/** Every template with whether it was edited (`/email-templates`). */
export const useTemplates = () => useResource(fetchTemplates, []);

export const fetchTemplate = (key: string, signal: AbortSignal) => http.get<TemplateDetail>(path(key), { signal });
export const useTemplate = (key: string) => useResource((signal) => fetchTemplate(key, signal), [key]);

export const fetchHistory = (key: string, signal: AbortSignal) => http.get<TemplateHistory>(`${path(key)}/history`, { signal });
/** Every version, newest first; `tick` reads it again after a change. */
export const useTemplateHistory = (key: string, tick: number) => useResource((signal) => fetchHistory(key, signal), [key, tick]);

export const previewTemplate = (key: string, parts: TemplateParts) => http.post<Ok<RenderedTemplate>>(`${path(key)}/preview`, parts);
export const saveTemplate = (key: string, body: SaveTemplateBody) => http.put<Ok<TemplateDetail>>(path(key), body);
export const restoreTemplate = (key: string, version: number, expectedVersion: number) =>
  http.post<Ok<TemplateDetail>>(`${path(key)}/restore`, { version, expected_version: expectedVersion });
export const resetTemplate = (key: string, expectedVersion: number) => http.post<Ok<TemplateDetail>>(`${path(key)}/reset`, { expected_version: expectedVersion });
export const sendTestTemplate = (key: string) => http.post<Ok<TestSendResult>>(`${path(key)}/test`);
