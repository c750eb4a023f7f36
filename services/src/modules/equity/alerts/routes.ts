import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AlertHistory, AlertIdParams, AlertsQuery, AlertView, CheckStepBody, CloseCaseBody, ReportAlertBody } from '@acpg/contracts/equity';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { entityByIdRoute, entityHistoryRoute } from '../../../platform/entities/entity-routes.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { listRoute, ROLE_LIST_REFUSALS } from '../../../platform/http/list-route.ts';
import type { Platform } from '../../../platform/module.ts';
import { accessibleAlert, alertView, ownAlert, runAlertCommand } from '../alert/commands.ts';
import { adminScope, alertsFilter, withMemberSearch } from '../enrolments/filters.ts';
import { alerts } from './entity.ts';
import { summaryOf } from './history.ts';
import { ALERTS_COLLECTION, toAlertView } from './view.ts';

const MEMBER = { auth: { capability: 'equity.enroll' } } as const;
/** The member's answers on one alert: its owner answers; a Super Admin or Admin who sees it is refused by the alert (403). */
const OWN_RECORD = { auth: { capability: 'records.own' } } as const;
const OVERSEE = { auth: { capability: 'equity.oversee' } } as const;
const CASE_WORK = { auth: { capability: 'equity.manage' } } as const;
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const one = (summary: string) => ({ tags: ['equity'], summary, security: [{ bearer: [] }], params: AlertIdParams, response: { 200: okEnvelope(AlertView), ...refusals } });

/** Alerts and fraud cases: the member's list and answers, the admins' queue, one alert, its audit trail, closing a case. */
export const alertRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const list = { tags: ['equity'], querystring: AlertsQuery, item: AlertView, refusals: ROLE_LIST_REFUSALS, collection: ALERTS_COLLECTION, thenBy: ['raised_at'], toItem: toAlertView };
    listRoute(fastify, platform, {
      ...list,
      url: '/equity/alerts/mine',
      auth: MEMBER.auth,
      summary: "The caller's alerts and fraud cases: search, filters, server paging and sorting",
      filter: (query, caller) => ({ ...alertsFilter(query), account_id: caller.userId }),
    });
    listRoute(fastify, platform, {
      ...list,
      url: '/admin/equity/alerts',
      auth: OVERSEE.auth,
      summary: "Every alert and fraud case (Super Admin; a Provider Admin's provider's users): search (also by the member's name or email), filters",
      filter: async (query, caller) => {
        return adminScope(platform, caller, await withMemberSearch(platform, alertsFilter(query), query.q));
      },
    });

    const read = { tags: ['equity'], params: AlertIdParams, refusals };
    entityByIdRoute(fastify, platform, alerts, { ...read, url: '/equity/alerts/:id', summary: 'One alert and its fraud case (the member, Super Admins and Admins, or a Provider Admin of the member’s provider); live twin: equity-alert.updated in room equity-alert:<id>' });
    entityHistoryRoute(fastify, platform, alerts, { ...read, url: '/equity/alerts/:id/history', summary: 'The alert’s audit trail from its events (the member, Super Admins and Admins, or a Provider Admin of the member’s provider)', history: AlertHistory, summaryOf });

    app.post('/equity/alerts/:id/confirm', { config: OWN_RECORD, schema: one('“This was me”: the member recognizes the recorded document') }, async (request) => {
      await ownAlert(platform, request.params.id, callerOf(request));
      await runAlertCommand(platform, request.params.id, { type: 'ConfirmAlert', data: {}, metadata: requestMeta(request, platform) });
      return { success: true as const, data: await alertView(platform, request.params.id), message: 'Thanks. We noted that this document was yours.' };
    });

    app.post('/equity/alerts/:id/report', { config: OWN_RECORD, schema: { ...one('“I don’t recognize this” (also after “This was me”, taken back): opens a fraud case with a checklist of next steps'), body: ReportAlertBody } }, async (request) => {
      await ownAlert(platform, request.params.id, callerOf(request));
      await runAlertCommand(platform, request.params.id, { type: 'ReportAlert', data: { note: request.body.note }, metadata: requestMeta(request, platform) });
      return { success: true as const, data: await alertView(platform, request.params.id), message: 'Fraud case opened. Our team has it now; follow the checklist below.' };
    });

    app.post('/equity/alerts/:id/steps', { config: OWN_RECORD, schema: { ...one('Check or uncheck a step of the fraud case’s checklist (the member)'), body: CheckStepBody } }, async (request) => {
      await ownAlert(platform, request.params.id, callerOf(request));
      await runAlertCommand(platform, request.params.id, { type: 'CheckStep', data: request.body, metadata: requestMeta(request, platform) });
      return { success: true as const, data: await alertView(platform, request.params.id) };
    });

    app.post('/admin/equity/alerts/:id/close', { config: CASE_WORK, schema: { ...one('Resolve a fraud case with its outcome, saying how it ended (Super Admin)'), body: CloseCaseBody } }, async (request) => {
      await accessibleAlert(platform, request.params.id, callerOf(request));
      await runAlertCommand(platform, request.params.id, { type: 'CloseCase', data: request.body, metadata: requestMeta(request, platform) });
      return { success: true as const, data: await alertView(platform, request.params.id), message: 'Case resolved. The member was told.' };
    });
  };
