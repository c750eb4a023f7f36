import type { AccountAuditEntry, AdminAccountDetail, ChangeRolesBody } from '@acpg/contracts/account-administration';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { VersionConflict } from '../../../platform/commands/domain-error.ts';
import { eventEnvelope } from '../../../platform/commands/envelope.ts';
import { signedBy } from '../../../platform/commands/own-events.ts';
import { ConcurrencyError } from '../../../platform/event-store/port.ts';
import type { Doc } from '../../../platform/documents/port.ts';
import { findInCopy } from '../../../platform/local-copies/read-copy.ts';
import { documentAtHead } from '../../../platform/projections/caught-up.ts';
import type { Platform } from '../../../platform/module.ts';
import { loadAccount, type RegisteredAccount } from '../accounts.ts';
import { accountDecider, accountStream } from '../account/decider.ts';
import { sessionEndedByAccount } from '../account/profile-changes.ts';
import { claimsCopy, membershipsCopy, nhdOrdersCopy } from './copies.ts';
import { toAdministrationEvent } from './decider.ts';
import { ADMIN_ACCOUNTS_COLLECTION, adminAccountsProjection, toAdminAccountRow } from './projection.ts';
import { SESSIONS_COLLECTION, sessionsProjection } from './sessions-projection.ts';
import { rosterDecider, rowCounts, SUPER_ADMIN_ROSTER_STREAM, type RosterState } from './roster.ts';

const accountNotFound = () => new DomainError('not_found', 'ACCOUNT_NOT_FOUND', 'No account has this id.');

/** How many sections list at most (newest first): the account's page is a summary. */
export const SECTION_LIMIT = 50;

const existing = async (platform: Platform, accountId: string): Promise<RegisteredAccount> => {
  const account = await loadAccount(platform.eventStore, accountId);
  if (!account) throw accountNotFound();
  return account;
};

/**
 * Active Super Admins besides `accountId`, from the read model once it caught up with the log, without those whose
 * change the roster recorded and the read model does not hold yet (roster.ts).
 */
const otherSuperAdmins = async (platform: Platform, accountId: string, roster: RosterState): Promise<number> => {
  await platform.caughtUp(adminAccountsProjection);
  const rows = await platform.documents.find(ADMIN_ACCOUNTS_COLLECTION, { roles: 'Super Admin', status: 'active', _id: { $ne: accountId } });
  return rows.filter((row) => rowCounts(roster, row._id, Number(row._version ?? 0))).length;
};

const ROSTER_ATTEMPTS = 8;

/**
 * Runs a change of an account that may take a Super Admin away (a role change, a suspension) with the count of the
 * other Super Admins, race-free across processes: a Super Admin's change is first recorded on the roster stream at the
 * version the count was made at (another change meanwhile: count again), and cancelled there when refused.
 */
const withOtherSuperAdmins = async <T>(platform: Platform, accountId: string, meta: CommandMeta, change: (others: number) => Promise<T>): Promise<T> => {
  const store = platform.eventStore;
  const account = await loadStream(store, accountStream(accountId), accountDecider);
  if (account.state.status !== 'registered' || !account.state.roles.includes('Super Admin')) return change(await otherSuperAdmins(platform, accountId, {}));
  const entry = { account_id: accountId, account_version: account.version };
  for (let attempt = 0; attempt < ROSTER_ATTEMPTS; attempt++) {
    const roster = await loadStream(store, SUPER_ADMIN_ROSTER_STREAM, rosterDecider);
    const others = await otherSuperAdmins(platform, accountId, roster.state);
    try {
      await store.append(SUPER_ADMIN_ROSTER_STREAM, roster.version, [eventEnvelope(meta.newId(), 'SuperAdminChangeRecorded', { ...entry, ...signedBy(meta) }, meta)]);
    } catch (error) {
      if (error instanceof ConcurrencyError) continue;
      throw error;
    }
    try {
      return await change(others);
    } catch (error) {
      await handleCommand(store, SUPER_ADMIN_ROSTER_STREAM, rosterDecider, { type: 'CancelSuperAdminChange', data: entry, metadata: meta }, { retries: ROSTER_ATTEMPTS });
      throw error;
    }
  }
  throw new VersionConflict(SUPER_ADMIN_ROSTER_STREAM, 'Another Super Admin was changed at the same time. Reload and try again.');
};

const run = async (platform: Platform, accountId: string, command: Parameters<typeof accountDecider.decide>[0]) => {
  await handleCommand(platform.eventStore, accountStream(accountId), accountDecider, command, { retries: 3 });
  return accountDetail(platform, accountId);
};

export const changeRoles = async (platform: Platform, accountId: string, body: ChangeRolesBody, meta: CommandMeta): Promise<AdminAccountDetail> => {
  await existing(platform, accountId);
  return withOtherSuperAdmins(platform, accountId, meta, (other_super_admins) =>
    run(platform, accountId, { type: 'ChangeRoles', data: { roles: body.roles, reason: body.reason, other_super_admins }, metadata: meta }),
  );
};

export const suspendAccount = async (platform: Platform, accountId: string, reason: string, meta: CommandMeta): Promise<AdminAccountDetail> => {
  await existing(platform, accountId);
  return withOtherSuperAdmins(platform, accountId, meta, (other_super_admins) => run(platform, accountId, { type: 'SuspendAccount', data: { reason, other_super_admins }, metadata: meta }));
};

export const reactivateAccount = async (platform: Platform, accountId: string, reason: string, meta: CommandMeta): Promise<AdminAccountDetail> => {
  await existing(platform, accountId);
  return run(platform, accountId, { type: 'ReactivateAccount', data: { reason }, metadata: meta });
};

/** The audit trail: every role change, suspension and reactivation of the account, newest first, from its stream. */
const auditOf = async (platform: Platform, accountId: string): Promise<AccountAuditEntry[]> => {
  const entries: Omit<AccountAuditEntry, 'by_name'>[] = [];
  for (const stored of await platform.eventStore.readStream(accountStream(accountId))) {
    const event = toAdministrationEvent(stored);
    if (!event) continue;
    if (event.type === 'AccountRolesChanged') {
      const d = event.data;
      entries.push({ type: event.type, by: d.changed_by, reason: d.reason, at: d.changed_at, roles: d.roles });
    } else {
      entries.push({ type: event.type, by: event.data.by, reason: event.data.reason, at: event.data.at });
    }
  }
  const names = new Map<string, string>();
  const actors = [...new Set(entries.map((e) => e.by))];
  if (actors.length > 0) {
    for (const doc of await platform.documents.find(ADMIN_ACCOUNTS_COLLECTION, { _id: { $in: actors } })) names.set(doc._id, String(doc.full_name));
  }
  return entries.reverse().map((e) => ({ ...e, by_name: names.get(e.by) ?? null }));
};

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const strOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const newest = (field: string) => (a: Doc, b: Doc) => str(b[field]).localeCompare(str(a[field]));

/** One section of the account's page: newest first by `field`, at most SECTION_LIMIT, each row as `toItem` reads it. */
const section = <T>(docs: readonly Doc[], field: string, toItem: (doc: Doc) => T): T[] => [...docs].sort(newest(field)).slice(0, SECTION_LIMIT).map(toItem);

/** The sessions the account may still refresh: active, not run out, not ended by the account since they started. */
const activeSessions = async (platform: Platform, account: RegisteredAccount, now: Date) => {
  await platform.caughtUp(sessionsProjection);
  const docs = await platform.documents.find(SESSIONS_COLLECTION, { account_id: account.id, status: 'active' });
  const active = docs.filter((doc) => Date.parse(str(doc.expires_at)) > now.getTime() && !account.suspended && !sessionEndedByAccount(account, doc._id, str(doc.started_at)));
  return section(active, 'last_used_at', (doc) => ({ session_id: doc._id, started_at: str(doc.started_at), last_used_at: str(doc.last_used_at), expires_at: str(doc.expires_at), device: strOrNull(doc.device) }));
};

/** `GET /admin/accounts/:id`: the account's row and its sections (sessions, memberships, orders, claims, audit trail). */
export const accountDetail = async (platform: Platform, accountId: string): Promise<AdminAccountDetail> => {
  const account = await existing(platform, accountId);
  const { doc } = await documentAtHead(platform, { collection: ADMIN_ACCOUNTS_COLLECTION, id: accountId, stream: accountStream(accountId) });
  const row = doc ? toAdminAccountRow(doc) : null;
  if (!row) throw accountNotFound();
  const [sessions, memberships, orders, claims, audit] = await Promise.all([
    activeSessions(platform, account, platform.clock()),
    findInCopy(platform, membershipsCopy, { account_id: accountId }),
    findInCopy(platform, nhdOrdersCopy, { account_id: accountId }),
    findInCopy(platform, claimsCopy, { account_id: accountId }),
    auditOf(platform, accountId),
  ]);
  return {
    account: row,
    sessions,
    memberships: section(memberships, 'started_at', (m) => ({ membership_id: m._id, plan_name: str(m.plan_name), status: m.status as AdminAccountDetail['memberships'][number]['status'], started_at: str(m.started_at), ended_at: strOrNull(m.ended_at) })),
    nhd_orders: section(orders, 'placed_at', (o) => ({
      order_id: o._id,
      number: strOrNull(o.number),
      address_line: str(o.address_line),
      report_type: str(o.report_type),
      amount_cents: Number(o.amount_cents ?? 0),
      status: o.status as AdminAccountDetail['nhd_orders'][number]['status'],
      placed_at: str(o.placed_at),
    })),
    claims: section(claims, 'submitted_at', (c) => ({
      claim_id: c._id,
      number: strOrNull(c.number),
      category: str(c.category),
      address_line: str(c.address_line),
      amount_cents: Number(c.amount_cents ?? 0),
      status: c.status as AdminAccountDetail['claims'][number]['status'],
      submitted_at: str(c.submitted_at),
    })),
    audit,
  };
};
