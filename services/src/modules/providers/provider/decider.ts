import {
  PROVIDER_EVENT_TYPES,
  type ProviderAdminAppointed,
  type ProviderAdminRemoved,
  type ProviderCreated,
  type ProviderDeactivated,
  type ProviderDetails,
  type ProviderEdited,
  type ProviderLogoChanged,
  type ProviderReactivated,
} from '@acpg/contracts/providers';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { ownEvents, signedBy } from '../../../platform/commands/own-events.ts';

/** One provider, one stream. */
export const providerStream = (providerId: string) => `providers-provider-${providerId}`;

export type ProviderEvent =
  | { type: 'ProviderCreated'; data: ProviderCreated }
  | { type: 'ProviderEdited'; data: ProviderEdited }
  | { type: 'ProviderDeactivated'; data: ProviderDeactivated }
  | { type: 'ProviderReactivated'; data: ProviderReactivated }
  | { type: 'ProviderLogoChanged'; data: ProviderLogoChanged }
  | { type: 'ProviderAdminAppointed'; data: ProviderAdminAppointed }
  | { type: 'ProviderAdminRemoved'; data: ProviderAdminRemoved };

export type ProviderCommand =
  | Command<'CreateProvider', { provider_id: string } & ProviderDetails>
  /** `version`: the provider's version the editor read; another write since refuses the edit (409 STALE_VERSION). */
  | Command<'EditProvider', ProviderDetails & { version: number }>
  | Command<'DeactivateProvider', Record<string, never>>
  | Command<'ReactivateProvider', Record<string, never>>
  | Command<'ChangeProviderLogo', { logo_id: string; widths: number[] }>
  | Command<'AppointProviderAdmin', { account_id: string }>
  | Command<'RemoveProviderAdmin', { account_id: string }>;

export type ProviderState =
  | { status: 'none'; version: 0 }
  | {
      status: 'active' | 'deactivated';
      id: string;
      details: ProviderDetails;
      /** Events folded so far: the stream's version (only this decider writes it). */
      version: number;
      admins: string[];
    };

export const initialProviderState = (): ProviderState => ({ status: 'none', version: 0 });

const detailsOf = (data: ProviderCreated): ProviderDetails => ({ name: data.name, kind: data.kind, contact: data.contact, address: data.address });

export const evolveProvider = (state: ProviderState, event: ProviderEvent): ProviderState => {
  if (event.type === 'ProviderCreated') return { status: 'active', id: event.data.provider_id, details: detailsOf(event.data), version: state.version + 1, admins: [] };
  if (state.status === 'none') return state;
  const next = { ...state, version: state.version + 1 };
  switch (event.type) {
    case 'ProviderEdited':
      return { ...next, details: detailsOf(event.data) };
    case 'ProviderDeactivated':
      return { ...next, status: 'deactivated' };
    case 'ProviderReactivated':
      return { ...next, status: 'active' };
    case 'ProviderLogoChanged':
      return next;
    case 'ProviderAdminAppointed':
      return { ...next, admins: [...next.admins.filter((a) => a !== event.data.account_id), event.data.account_id] };
    case 'ProviderAdminRemoved':
      return { ...next, admins: next.admins.filter((a) => a !== event.data.account_id) };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown provider event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

const refusal = (kind: 'not_found' | 'conflict', code: string, message: string, path?: string) =>
  new DomainError(kind, code, message, path ? [{ path, message }] : undefined);

const sameDetails = (a: ProviderDetails, b: ProviderDetails) => JSON.stringify(a) === JSON.stringify(b);

export const decideProvider = (command: ProviderCommand, state: ProviderState): ProviderEvent[] => {
  const signed = signedBy(command.metadata);
  if (command.type === 'CreateProvider') {
    if (state.status !== 'none') throw refusal('conflict', 'ALREADY_EXISTS', 'This provider exists already.');
    return [{ type: 'ProviderCreated', data: { ...command.data, ...signed } }];
  }
  if (state.status === 'none') throw refusal('not_found', 'PROVIDER_NOT_FOUND', 'This provider was not found.');
  const provider_id = state.id;
  switch (command.type) {
    case 'EditProvider': {
      const { version, ...details } = command.data;
      if (version !== state.version) {
        throw refusal('conflict', 'STALE_VERSION', 'Someone changed this provider since you opened it. Reload it, then make your change again.');
      }
      if (sameDetails(details, state.details)) return [];
      return [{ type: 'ProviderEdited', data: { provider_id, ...details, ...signed } }];
    }
    case 'DeactivateProvider':
      return state.status === 'deactivated' ? [] : [{ type: 'ProviderDeactivated', data: { provider_id, ...signed } }];
    case 'ReactivateProvider':
      return state.status === 'active' ? [] : [{ type: 'ProviderReactivated', data: { provider_id, ...signed } }];
    case 'ChangeProviderLogo':
      return [{ type: 'ProviderLogoChanged', data: { provider_id, ...command.data, ...signed } }];
    case 'AppointProviderAdmin': {
      if (state.admins.includes(command.data.account_id)) return [];
      if (state.status === 'deactivated') throw refusal('conflict', 'PROVIDER_DEACTIVATED', 'This provider is deactivated. Reactivate it before appointing a Provider Admin.');
      return [{ type: 'ProviderAdminAppointed', data: { provider_id, account_id: command.data.account_id, appointed_by: signed.by, at: signed.at } }];
    }
    case 'RemoveProviderAdmin':
      if (!state.admins.includes(command.data.account_id)) throw refusal('not_found', 'PROVIDER_ADMIN_NOT_FOUND', 'This account is not a Provider Admin of this provider.');
      return [{ type: 'ProviderAdminRemoved', data: { provider_id, account_id: command.data.account_id, appointed_by: signed.by, at: signed.at } }];
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown provider command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/** Only the providers module writes these streams: a stored event is read back as decided. */
export const toProviderEvent = ownEvents<ProviderEvent>(PROVIDER_EVENT_TYPES);

export const providerDecider: Decider<ProviderCommand, ProviderEvent, ProviderState> = {
  initialState: initialProviderState,
  evolve: evolveProvider,
  decide: decideProvider,
  fromStored: toProviderEvent,
};
