import type { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope, pageOf } from '@acpg/contracts/http';
import {
  AcceptInvitationBody,
  AttachPropertiesBody,
  PROVIDER_PROPERTIES_MAX,
  ProviderUserProperties,
  InvitationLookupQuery,
  InvitationPreview,
  InviteProviderUserBody,
  PROVIDER_INVITATIONS_CSV_MAX_ROWS,
  ProviderInvitationsImportQuery,
  ProviderInvitationsImportReport,
  ProviderUserListQuery,
  ProviderUserParams,
  ProviderUserSaved,
  ProviderUserView,
  ProviderUsersScope,
} from '@acpg/contracts/provider-users';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { findPage } from '../../../platform/documents/paged.ts';
import { searchFilter } from '../../../platform/documents/list-filters.ts';
import type { Filter } from '../../../platform/documents/port.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { accountContactOf } from '../../../platform/local-copies/account-contacts.ts';
import type { Platform } from '../../../platform/module.ts';
import { decideInvitation } from '../invitation/decider.ts';
import { activeProvider, attachProperties, invitationOfKey, invite, loadInvitation, providerScope, resend, rowInScope, runInvitationCommand } from '../invitation/commands.ts';
import { propertyOfRef, summariesOf } from '../invitation/properties.ts';
import { findInCopy } from '../../../platform/local-copies/read-copy.ts';
import { toMemberProperty, verifiedPropertiesCopy } from '../../../platform/local-copies/verified-properties.ts';
import { invitationIdOf } from '../invitation/keys.ts';
import { invitationRows } from './csv.ts';
import { PROVIDER_USERS_COLLECTION, toProviderUserView } from './projection.ts';
import { PROVIDERS_COLLECTION } from '../providers/projection.ts';

const MANAGE = { auth: { capability: 'provider-users.manage' } } as const;
const tags = ['provider users'];
const security = [{ bearer: [] }];
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 410: ErrorEnvelope };

const statusFilter = (status: ProviderUserListQuery['status'], now: string): Filter => {
  if (status === 'invited') return { status: 'invited', expires_at: { $gt: now } };
  if (status === 'expired') return { status: 'invited', expires_at: { $lte: now } };
  return status ? { status } : {};
};

/**
 * Provider users (`/acpg-provider-users`) and invitations. Every route is scoped on the server: a Provider Admin acts
 * on their token's provider only (another provider's users answer exactly as unknown ones); Super Admins and Admins on
 * any provider.
 */
export const providerUserRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // The bulk invitations' CSV is read as it streams (csv-parse), never buffered whole.
    fastify.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

    app.get(
      '/provider-users',
      {
        config: MANAGE,
        schema: {
          tags,
          security,
          summary: "A provider's users and invitations (invited, active, suspended, revoked, expired), searched by email or name, paged",
          description: "A Provider Admin sees their own provider's only (from their token; another `provider_id` is 404 PROVIDER_NOT_FOUND). Super Admins and Admins see every provider's, or one with `provider_id`.",
          querystring: ProviderUserListQuery,
          response: { 200: okEnvelope(pageOf(ProviderUserView)), ...refusals },
        },
      },
      async (request) => {
        const providerId = providerScope(callerOf(request), request.query.provider_id, true);
        const now = platform.clock();
        const filter: Filter = { ...(providerId ? { provider_id: providerId } : {}), ...statusFilter(request.query.status, now.toISOString()), ...searchFilter(request.query.q) };
        return { success: true as const, data: await findPage(platform.documents, PROVIDER_USERS_COLLECTION, request.query, { filter, thenBy: ['email'], toItem: (doc) => toProviderUserView(doc, now) }) };
      },
    );

    app.get(
      '/provider-users/scope',
      {
        config: MANAGE,
        schema: {
          tags,
          security,
          summary: "The provider the caller's provider users list is: a Provider Admin's own (from the token; its live room is provider-users:<id>), none for Super Admins and Admins",
          response: { 200: okEnvelope(ProviderUsersScope), ...refusals },
        },
      },
      async (request) => {
        const providerId = providerScope(callerOf(request), undefined, true);
        const provider = providerId ? await platform.documents.get(PROVIDERS_COLLECTION, providerId) : null;
        if (providerId && !provider) throw new DomainError('not_found', 'PROVIDER_NOT_FOUND', 'This provider was not found.');
        return { success: true as const, data: { provider_id: providerId, provider_name: provider ? String(provider.name) : null } };
      },
    );

    app.post(
      '/provider-users/invitations',
      {
        config: MANAGE,
        schema: {
          tags,
          security,
          summary: 'Invite a person by email with a role (Customer, Agent, Broker, Owner, Sub User); the email carries a link and a short code',
          description: `Single use; works for PROVIDER_INVITATION_DAYS days. \`properties\` (optional, at most ${PROVIDER_PROPERTIES_MAX} property ids) are attached for the user to confirm at sign-up. 409 ALREADY_INVITED (one is waiting: resend it), 409 ALREADY_A_PROVIDER_USER, 409 PROVIDER_DEACTIVATED, 404 PROVIDER_NOT_FOUND, 400 PROPERTY_NOT_FOUND (an id the property data does not know).`,
          body: InviteProviderUserBody,
          response: { 200: okEnvelope(ProviderUserSaved), ...refusals },
        },
      },
      async (request) => {
        const providerId = providerScope(callerOf(request), request.body.provider_id);
        const provider = await activeProvider(platform, providerId);
        const saved = await invite(platform, provider, request.body, invitationIdOf(providerId, request.body.email), requestMeta(request, platform));
        return { success: true as const, data: saved, message: `An invitation was sent to ${request.body.email}.` };
      },
    );

    app.post(
      '/provider-users/invitations/import',
      {
        config: MANAGE,
        schema: {
          tags,
          security,
          summary: 'Bulk invitations from a CSV file (text/csv body: a header row `email,role[,properties]`, then one row per invitation)',
          description: `Read as it streams; at most ${PROVIDER_INVITATIONS_CSV_MAX_ROWS} rows and 1 MB (400 IMPORT_FILE_INVALID, and nobody is invited). The optional column \`properties\` attaches properties to the row's invitation: property ids or APNs separated by \`;\`, at most ${PROVIDER_PROPERTIES_MAX} (a builder's closing list: one row per buyer). Each row is checked and invited on its own; refused rows (an unknown property included) are reported by their spreadsheet line (the header is line 1).`,
          querystring: ProviderInvitationsImportQuery,
          requestBodyContent: {
            'text/csv': z.string().describe('The CSV file itself: a header row `email,role,properties` (properties optional), then one row per invitation (e.g. `sam@example.com,Agent,CA-0001;5432-019-021`).'),
          },
          response: { 200: okEnvelope(ProviderInvitationsImportReport), ...refusals },
        },
      },
      async (request) => {
        const providerId = providerScope(callerOf(request), request.query.provider_id);
        const provider = await activeProvider(platform, providerId);
        if (!request.headers['content-type']?.toLowerCase().startsWith('text/csv')) {
          throw new DomainError('invalid', 'IMPORT_FILE_INVALID', 'Send the file as a text/csv body.', [{ path: 'file', message: 'Send the file as a text/csv body.' }]);
        }
        const report: ProviderInvitationsImportReport = { invited: 0, refused: [] };
        // Every row is read and checked first (a file past the row limit invites nobody), then invited one by one.
        const rows = [];
        for await (const row of invitationRows(request.body as Readable)) rows.push(row);
        for (const row of rows) {
          if (!row.ok) {
            report.refused.push({ line: row.line, email: row.email, reason: row.reason });
            continue;
          }
          const properties = await Promise.all(row.invite.properties.map(async (ref) => ({ ref, property: await propertyOfRef(ref) })));
          const unknown = properties.filter((p) => !p.property).map((p) => p.ref);
          if (unknown.length > 0) {
            report.refused.push({ line: row.line, email: row.email, reason: `Unknown ${unknown.length === 1 ? 'property' : 'properties'}: ${unknown.join('; ')}. Use property ids or APNs.` });
            continue;
          }
          try {
            const invitation = { ...row.invite, properties: properties.flatMap((p) => (p.property ? [p.property.id] : [])) };
            await invite(platform, provider, invitation, invitationIdOf(providerId, row.invite.email), requestMeta(request, platform));
            report.invited += 1;
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            report.refused.push({ line: row.line, email: row.email, reason: error.message });
          }
        }
        const message = `${report.invited} invited${report.refused.length ? `; ${report.refused.length} refused (see the lines)` : ''}.`;
        return { success: true as const, data: report, message };
      },
    );

    for (const [action, done] of [
      ['resend', 'The invitation was sent again; the earlier link and code no longer work.'],
      ['revoke', 'The invitation was revoked.'],
      ['suspend', 'The user was suspended.'],
      ['reactivate', 'The user was reactivated.'],
      ['remove', 'The user was removed from the provider.'],
    ] as const) {
      app.post(
        `/provider-users/:id/${action}`,
        {
          config: MANAGE,
          schema: {
            tags,
            security,
            summary: {
              resend: 'Send a waiting (or expired) invitation again: a new link and code, a new expiry; the old ones stop working',
              revoke: 'Revoke a waiting invitation',
              suspend: 'Suspend an active user within the provider',
              reactivate: 'Reactivate a suspended user',
              remove:
                "Remove an active or suspended user from the provider: their row shows status removed, and from now on the provider's Provider Admins no longer see their enrollments, alerts, orders or claims (history stays in the event streams)",
            }[action],
            params: ProviderUserParams,
            response: { 200: okEnvelope(ProviderUserSaved), ...refusals },
          },
        },
        async (request) => {
          const id = String((await rowInScope(platform, callerOf(request), request.params.id))._id);
          const meta = requestMeta(request, platform);
          const saved =
            action === 'resend'
              ? await resend(platform, id, meta)
              : await runInvitationCommand(platform, id, { type: ({ revoke: 'RevokeInvitation', suspend: 'SuspendProviderUser', reactivate: 'ReactivateProviderUser', remove: 'RemoveProviderUser' } as const)[action], data: {} }, meta);
          return { success: true as const, data: saved, message: done };
        },
      );
    }

    app.post(
      '/provider-users/:id/attach-properties',
      {
        config: MANAGE,
        schema: {
          tags,
          security,
          summary: `Attach more properties to a waiting invitation (at most ${PROVIDER_PROPERTIES_MAX} in all); the user confirms them when accepting`,
          description: '400 PROPERTY_NOT_FOUND (unknown id) or TOO_MANY_PROPERTIES, 409 INVITATION_NOT_WAITING (revoked or accepted), 410 INVITATION_EXPIRED.',
          params: ProviderUserParams,
          body: AttachPropertiesBody,
          response: { 200: okEnvelope(ProviderUserSaved), ...refusals },
        },
      },
      async (request) => {
        const id = String((await rowInScope(platform, callerOf(request), request.params.id))._id);
        const saved = await attachProperties(platform, id, request.body.properties, requestMeta(request, platform));
        return { success: true as const, data: saved, message: 'The properties were attached to the invitation.' };
      },
    );

    app.get(
      '/provider-users/:id/properties',
      {
        config: MANAGE,
        schema: {
          tags,
          security,
          summary: "A provider user's details, the properties attached to their invitation and the properties verified for their account",
          description: "Scoped like the other provider-user routes: another provider's user answers 404 PROVIDER_USER_NOT_FOUND. Verified properties come from the providers module's own copy of `PropertyVerified`.",
          params: ProviderUserParams,
          response: { 200: okEnvelope(ProviderUserProperties), ...refusals },
        },
      },
      async (request) => {
        const row = await rowInScope(platform, callerOf(request), request.params.id);
        const accountId = typeof row.account_id === 'string' ? row.account_id : null;
        const verified = accountId ? await findInCopy(platform, verifiedPropertiesCopy('providers'), { account_id: accountId }) : [];
        const text = (v: unknown) => (typeof v === 'string' ? v : null);
        const data = {
          user: toProviderUserView(row, platform.clock()),
          attached: await summariesOf((row.properties as string[] | undefined) ?? []),
          verified: verified
            .map((v) => ({ ...toMemberProperty(v), method: text(v.method), source: text(v.source) }))
            .sort((a, b) => a.verified_at.localeCompare(b.verified_at)),
        };
        return { success: true as const, data };
      },
    );

    app.get(
      '/provider-invitations/lookup',
      {
        config: { auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'What a waiting invitation offers (the sign-up wizard prefills the email, role and provider, and lists the attached properties to confirm), by its link token or code',
          description: '404 INVITATION_NOT_FOUND, 409 INVITATION_USED, 410 INVITATION_EXPIRED, INVITATION_REVOKED or INVITATION_REPLACED.',
          querystring: InvitationLookupQuery,
          response: { 200: okEnvelope(InvitationPreview), ...refusals },
        },
      },
      async (request) => {
        const { id, key } = await invitationOfKey(platform, request.query);
        const state = await loadInvitation(platform, id);
        if (state.status === 'none') throw new DomainError('not_found', 'INVITATION_NOT_FOUND', 'This invitation was not found.');
        // The acceptance's own checks, for the invited email: what a sign-up would be refused for is said now.
        const meta = requestMeta(request, platform);
        decideInvitation({ type: 'AcceptInvitation', data: { key, account_id: 'preview', account_email: state.email, account_full_name: null, account_roles: [] }, metadata: meta }, state);
        const properties = await summariesOf(state.properties);
        const data = { invitation_id: id, email: state.email, role: state.role, provider_id: state.provider_id, provider_name: state.provider_name, expires_at: state.expires_at, properties };
        return { success: true as const, data };
      },
    );

    app.post(
      '/provider-invitations/accept',
      {
        config: { auth: { capability: 'account' }, rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          summary: "The signed-in account accepts an invitation (link token or code) and joins the provider with the invitation's role",
          description:
            '`properties`: the attached properties the account confirms as theirs (each becomes verified for the account, "confirmed by provider"); 400 PROPERTY_NOT_ATTACHED for any other. Single use; identity then gives the account the invitation\'s role. 404 INVITATION_NOT_FOUND, 409 INVITATION_USED, 409 INVITATION_NOT_FOR_STAFF (a Super Admin, Admin or Provider Admin account), 409 INVITATION_EMAIL_MISMATCH (sent to another email), 410 INVITATION_EXPIRED, INVITATION_REVOKED or INVITATION_REPLACED (a newer one was sent).',
          body: AcceptInvitationBody,
          response: { 200: okEnvelope(ProviderUserSaved), ...refusals },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { id, key } = await invitationOfKey(platform, request.body);
        const contact = await accountContactOf(platform, 'providers', caller.userId);
        const data = { key, account_id: caller.userId, account_email: contact?.email ?? '', account_full_name: contact?.full_name ?? null, account_roles: caller.roles, confirmed: request.body.properties ?? [] };
        const saved = await runInvitationCommand(platform, id, { type: 'AcceptInvitation', data }, requestMeta(request, platform));
        const state = await loadInvitation(platform, id);
        const provider = state.status === 'none' ? 'the provider' : state.provider_name;
        return { success: true as const, data: saved, message: `You joined ${provider}.` };
      },
    );
  };
