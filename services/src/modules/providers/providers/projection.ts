import { rolesWith } from '@acpg/contracts/role-permissions';
import { PROVIDER_EVENT_TYPES, PROVIDER_UPDATED_MESSAGE, type ProviderDetails, type ProviderView } from '@acpg/contracts/providers';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection, type ProjectionPush } from '../../../platform/projections/define.ts';
import { toProviderEvent, type ProviderEvent } from '../provider/decider.ts';
import { logoSources } from '../logo/logo.ts';

export const PROVIDERS_COLLECTION = 'providers';

interface AdminEntry {
  account_id: string;
  appointed_at: string;
  appointed_by: string;
}

const detailsFields = (d: ProviderDetails) => ({
  name: d.name,
  kind: d.kind,
  contact: d.contact,
  address: d.address,
  // The search box matches the name (lower case), as `searchFilter` reads it.
  search_text: d.name.toLowerCase(),
});

const adminsOf = (doc: Doc): AdminEntry[] => (doc.admins as AdminEntry[] | undefined) ?? [];

/** Read model `providers`: one row per provider, its details, logo, status and Provider Admins (the admin list and detail). */
export const evolveProviderRow = (doc: Doc | null, event: ProviderEvent): Doc | null => {
  switch (event.type) {
    case 'ProviderCreated':
      return {
        _id: event.data.provider_id,
        id: event.data.provider_id,
        ...detailsFields(event.data),
        logo: null,
        status: 'active',
        admins: [],
        admin_ids: [],
        admin_count: 0,
        created_at: event.data.at,
        updated_at: event.data.at,
      };
    case 'ProviderEdited':
      return doc && { ...doc, ...detailsFields(event.data), updated_at: event.data.at };
    case 'ProviderDeactivated':
      return doc && { ...doc, status: 'deactivated', updated_at: event.data.at };
    case 'ProviderReactivated':
      return doc && { ...doc, status: 'active', updated_at: event.data.at };
    case 'ProviderLogoChanged':
      return doc && { ...doc, logo: { logo_id: event.data.logo_id, widths: event.data.widths }, updated_at: event.data.at };
    case 'ProviderAdminAppointed': {
      if (!doc) return doc;
      const admins = [...adminsOf(doc).filter((a) => a.account_id !== event.data.account_id), { account_id: event.data.account_id, appointed_at: event.data.at, appointed_by: event.data.appointed_by }];
      return { ...doc, admins, admin_ids: admins.map((a) => a.account_id), admin_count: admins.length, updated_at: event.data.at };
    }
    case 'ProviderAdminRemoved': {
      if (!doc) return doc;
      const admins = adminsOf(doc).filter((a) => a.account_id !== event.data.account_id);
      return { ...doc, admins, admin_ids: admins.map((a) => a.account_id), admin_count: admins.length, updated_at: event.data.at };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown provider event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/** A row as the API shows it (the runner's version and position kept for live merging). */
export const toProviderView = (doc: Doc): ProviderView => {
  const logo = doc.logo as { logo_id: string; widths: number[] } | null | undefined;
  return {
    id: String(doc.id),
    name: String(doc.name),
    kind: doc.kind as ProviderView['kind'],
    contact: doc.contact as ProviderView['contact'],
    address: doc.address as ProviderView['address'],
    logo: logo ? logoSources(logo.logo_id, logo.widths) : null,
    status: doc.status === 'deactivated' ? 'deactivated' : 'active',
    admin_count: Number(doc.admin_count ?? 0),
    created_at: String(doc.created_at),
    updated_at: String(doc.updated_at),
    version: Number(doc._version ?? 0),
    position: Number(doc._position ?? 0),
  };
};

/** The Provider Admins recorded on a row. */
export const providerAdminsOf = (doc: Doc): readonly AdminEntry[] => adminsOf(doc);

/** After the write: the changed row to every Super Admin watching the list. */
const pushProviders: ProjectionPush<ProviderEvent> = (applied, realtime) => {
  // Every role that keeps providers (the role table) sees the list change.
  for (const { doc } of applied) if (doc) for (const role of rolesWith('providers.manage')) realtime.toRole(role, PROVIDER_UPDATED_MESSAGE, toProviderView(doc));
};

export const providersProjection = defineProjection({
  name: 'providers.providers',
  collection: PROVIDERS_COLLECTION,
  handles: PROVIDER_EVENT_TYPES,
  fromStored: (stored) => (stored.stream.startsWith('providers-provider-') ? toProviderEvent(stored) : null),
  documentId: (event) => event.data.provider_id,
  evolve: (doc, event) => evolveProviderRow(doc, event),
  indexes: ['name', 'created_at', 'updated_at', 'status', 'search_text'],
  push: pushProviders,
});
