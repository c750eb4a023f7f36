import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope, pageOf } from '@acpg/contracts/http';
import {
  AppointProviderAdminBody,
  CreateProviderBody,
  EditProviderBody,
  ProviderDetail,
  ProviderDetailQuery,
  ProviderListQuery,
  ProviderParams,
  ProviderSaved,
  ProviderView,
} from '@acpg/contracts/providers';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { findPage } from '../../../platform/documents/paged.ts';
import { searchFilter } from '../../../platform/documents/list-filters.ts';
import type { Filter } from '../../../platform/documents/port.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { documentAtVersion } from '../../../platform/projections/caught-up.ts';
import { accountContactOf } from '../../../platform/local-copies/account-contacts.ts';
import { accountIdByEmail, appointProviderAdmin, assertContactPhone, removeProviderAdmin, runProviderCommand } from '../provider/commands.ts';
import { PROVIDERS_COLLECTION, providerAdminsOf, toProviderView } from './projection.ts';

const SUPER_ADMIN = { auth: { capability: 'providers.manage' } } as const;
const tags = ['providers'];
const security = [{ bearer: [] }];
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const AdminParams = ProviderParams.extend({ account_id: z.string().min(1).max(100) });

const listFilter = (query: ProviderListQuery): Filter => ({ ...(query.status ? { status: query.status } : {}), ...searchFilter(query.q) });

const providerMissing = () => new AppError(404, 'PROVIDER_NOT_FOUND', 'This provider was not found.');

/** Super Admins' providers (`/acpg-provider`): list, detail, create, edit, deactivate, reactivate; appoint and remove Provider Admins. */
export const providerRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/admin/providers',
      {
        config: SUPER_ADMIN,
        schema: {
          tags,
          security,
          summary: 'Providers, searched by name (`q`), filtered by status, sorted and paged',
          querystring: ProviderListQuery,
          response: { 200: okEnvelope(pageOf(ProviderView)), ...refusals },
        },
      },
      async (request) => ({
        success: true as const,
        data: await findPage(platform.documents, PROVIDERS_COLLECTION, request.query, { filter: listFilter(request.query), thenBy: ['id'], toItem: toProviderView }),
      }),
    );

    app.get(
      '/admin/providers/:id',
      {
        config: SUPER_ADMIN,
        schema: {
          tags,
          security,
          summary: 'One provider with its Provider Admins and what it counts at a glance',
          description: '`min_version`: the version a command answered; the read waits, bounded, until the read model holds it.',
          params: ProviderParams,
          querystring: ProviderDetailQuery,
          response: { 200: okEnvelope(ProviderDetail), ...refusals },
        },
      },
      async (request) => {
        const { id } = request.params;
        const min = request.query.min_version;
        const doc = min ? await documentAtVersion(platform.documents, PROVIDERS_COLLECTION, id, min) : await platform.documents.get(PROVIDERS_COLLECTION, id);
        if (!doc) throw providerMissing();
        const admins = await Promise.all(
          providerAdminsOf(doc).map(async (a) => {
            const contact = await accountContactOf(platform, 'providers', a.account_id);
            return { ...a, full_name: contact?.full_name ?? null, email: contact?.email ?? null };
          }),
        );
        return { success: true as const, data: { ...toProviderView(doc), admins, counts: { provider_admins: admins.length } } };
      },
    );

    app.post(
      '/admin/providers',
      {
        config: SUPER_ADMIN,
        schema: { tags, security, summary: 'Create a provider (name, kind, contact, address); it starts active', body: CreateProviderBody, response: { 200: okEnvelope(ProviderSaved), ...refusals } },
      },
      async (request) => {
        assertContactPhone(request.body);
        const id = platform.newId();
        const saved = await runProviderCommand(platform, id, { type: 'CreateProvider', data: { provider_id: id, ...request.body } }, requestMeta(request, platform), { newStream: true });
        return { success: true as const, data: saved, message: `${request.body.name} was created.` };
      },
    );

    app.put(
      '/admin/providers/:id',
      {
        config: SUPER_ADMIN,
        schema: {
          tags,
          security,
          summary: "Change a provider's details (the whole details, with the version read)",
          description: '409 STALE_VERSION when the provider changed since `version` was read: reload it and edit again.',
          params: ProviderParams,
          body: EditProviderBody,
          response: { 200: okEnvelope(ProviderSaved), ...refusals },
        },
      },
      async (request) => {
        assertContactPhone(request.body);
        const saved = await runProviderCommand(platform, request.params.id, { type: 'EditProvider', data: request.body }, requestMeta(request, platform));
        return { success: true as const, data: saved, message: `${request.body.name} was saved.` };
      },
    );

    for (const [action, type, done] of [
      ['deactivate', 'DeactivateProvider', 'deactivated'],
      ['reactivate', 'ReactivateProvider', 'reactivated'],
    ] as const) {
      app.post(
        `/admin/providers/:id/${action}`,
        {
          config: SUPER_ADMIN,
          schema: {
            tags,
            security,
            summary: action === 'deactivate' ? 'Deactivate a provider (its Provider Admins stay recorded)' : 'Reactivate a deactivated provider',
            params: ProviderParams,
            response: { 200: okEnvelope(ProviderSaved), ...refusals },
          },
        },
        async (request) => ({
          success: true as const,
          data: await runProviderCommand(platform, request.params.id, { type, data: {} }, requestMeta(request, platform)),
          message: `The provider was ${done}.`,
        }),
      );
    }

    app.post(
      '/admin/providers/:id/admins',
      {
        config: SUPER_ADMIN,
        schema: {
          tags,
          security,
          summary: 'Appoint an existing account, by its email, as a Provider Admin of the provider',
          description:
            'Publishes `ProviderAdminAppointed`; identity then gives the account the Provider Admin role and the provider (its access tokens issued before are refused). ' +
            '404 ACCOUNT_NOT_FOUND (no account uses the email), 409 OVERSEER_NOT_PROVIDER_ADMIN (a Super Admin or Admin account), 409 ALREADY_PROVIDER_ADMIN (of another provider; held across API processes), 409 PROVIDER_DEACTIVATED.',
          params: ProviderParams,
          body: AppointProviderAdminBody,
          response: { 200: okEnvelope(ProviderSaved), ...refusals },
        },
      },
      async (request) => {
        const { id } = request.params;
        const provider = await platform.documents.get(PROVIDERS_COLLECTION, id);
        if (!provider) throw providerMissing();
        const accountId = await accountIdByEmail(platform, request.body.email);
        // One provider per Provider Admin holds across processes: the account's seat stream (provider/adminship.ts).
        const saved = await appointProviderAdmin(platform, { id, name: String(provider.name) }, accountId, requestMeta(request, platform));
        return { success: true as const, data: saved, message: `${request.body.email} is now a Provider Admin.` };
      },
    );

    app.delete(
      '/admin/providers/:id/admins/:account_id',
      {
        config: SUPER_ADMIN,
        schema: {
          tags,
          security,
          summary: 'Remove a Provider Admin from the provider (identity takes the role back)',
          params: AdminParams,
          response: { 200: okEnvelope(ProviderSaved), ...refusals },
        },
      },
      async (request) => ({
        success: true as const,
        data: await removeProviderAdmin(platform, request.params.id, request.params.account_id, requestMeta(request, platform)),
        message: 'The Provider Admin was removed.',
      }),
    );
  };
