import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AddCaseNoteBody, AlertIdParams, AlertView, AssignCaseBody, CaseContact, CaseNotes, CaseOwners } from '@acpg/contracts/equity';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { accessibleAlert, alertView, runAlertCommand } from '../alert/commands.ts';
import { alertStream, toAlertEvent } from '../alert/decider.ts';
import { caseOwners, memberContactOf } from './member-contacts.ts';

const CASE_WORK = { auth: { capability: 'equity.manage' } } as const;
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const schema = (summary: string) => ({ tags: ['equity'], summary, security: [{ bearer: [] }], params: AlertIdParams });

/** The Super Admins' side of a fraud case: notes, its owner, the member's contact details, who may own a case. */
export const caseRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/admin/equity/alerts/:id/notes',
      { config: CASE_WORK, schema: { ...schema('Add a note to an open fraud case (Super Admin): notes are only ever added, each with who and when'), body: AddCaseNoteBody, response: { 200: okEnvelope(AlertView), ...refusals } } },
      async (request) => {
        await accessibleAlert(platform, request.params.id, callerOf(request));
        await runAlertCommand(platform, request.params.id, { type: 'AddCaseNote', data: { note: request.body.note }, metadata: requestMeta(request, platform) });
        return { success: true as const, data: await alertView(platform, request.params.id), message: 'Note added.' };
      },
    );

    app.get(
      '/admin/equity/alerts/:id/notes',
      { config: CASE_WORK, schema: { ...schema('The fraud case’s notes, oldest first, with who and when (Super Admin; the member never sees them)'), response: { 200: okEnvelope(CaseNotes), ...refusals } } },
      async (request) => {
        await accessibleAlert(platform, request.params.id, callerOf(request));
        // The case's own events, as its audit trail reads them: notes are only ever added, so this is the whole list.
        const items = (await platform.eventStore.readStream(alertStream(request.params.id))).flatMap((stored) => {
          const event = toAlertEvent(stored);
          return event?.type === 'EquityCaseNoteAdded' ? [{ note: event.data.note, by: event.data.by, at: event.data.at }] : [];
        });
        return { success: true as const, data: { items } };
      },
    );

    app.post(
      '/admin/equity/alerts/:id/owner',
      { config: CASE_WORK, schema: { ...schema('Give an open fraud case to an admin (Super Admin; the owner is a Super Admin)'), body: AssignCaseBody, response: { 200: okEnvelope(AlertView), ...refusals } } },
      async (request) => {
        await accessibleAlert(platform, request.params.id, callerOf(request));
        const owner = await memberContactOf(platform, request.body.owner_id);
        if (!owner?.roles.includes('Super Admin')) {
          throw new AppError(400, 'CASE_OWNER_NOT_ADMIN', 'A case is owned by a Super Admin. Choose one from the list.', [{ path: 'owner_id', message: 'Choose a Super Admin' }]);
        }
        await runAlertCommand(platform, request.params.id, { type: 'AssignCase', data: { owner_id: request.body.owner_id }, metadata: requestMeta(request, platform) });
        return { success: true as const, data: await alertView(platform, request.params.id), message: `The case is now ${owner.full_name}’s.` };
      },
    );

    app.get(
      '/admin/equity/alerts/:id/contact',
      { config: CASE_WORK, schema: { ...schema('How to reach the member of an alert (Super Admin): name, email and masked phone, from the module’s copy of identity’s events'), response: { 200: okEnvelope(CaseContact), ...refusals } } },
      async (request) => {
        const alert = await accessibleAlert(platform, request.params.id, callerOf(request));
        const accountId = alert.raised.account_id;
        const contact = await memberContactOf(platform, accountId);
        if (!contact) throw new AppError(404, 'MEMBER_CONTACT_NOT_FOUND', 'The member’s contact details are not known yet.');
        return { success: true as const, data: { account_id: accountId, full_name: contact.full_name, email: contact.email, phone_masked: contact.phone_masked } };
      },
    );

    app.get(
      '/admin/equity/case-owners',
      { config: CASE_WORK, schema: { tags: ['equity'], summary: 'The admins a fraud case may be given to (Super Admin)', security: [{ bearer: [] }], response: { 200: okEnvelope(CaseOwners), 401: ErrorEnvelope, 403: ErrorEnvelope } } },
      async () => ({ success: true as const, data: { items: await caseOwners(platform) } }),
    );
  };
