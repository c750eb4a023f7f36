import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROLES } from '@acpg/contracts/role-names';
import { CAPABILITIES, CAPABILITY_NAMES, MEMBER_ROLES, OVERSEER_ROLES, may } from '@acpg/contracts/role-permissions';

const README = fileURLToPath(new URL('../../README.md', import.meta.url));
const START = '<!-- roles table: generated from contracts/src/role-permissions.ts by test/architecture/roles-table.unit.spec.ts (UPDATE_README=1) -->';
const END = '<!-- end of roles table -->';

/** The README's table of what each role may do: one row per capability, one column per role. */
const rolesTable = (): string => {
  const header = `| Capability | What it lets a role do | ${ROLES.join(' | ')} |`;
  const rule = `|---|---|${ROLES.map(() => ':-:').join('|')}|`;
  const rows = CAPABILITY_NAMES.map((name) => `| \`${name}\` | ${CAPABILITIES[name].summary} | ${ROLES.map((role) => (may([role], name) ? 'yes' : '')).join(' | ')} |`);
  return [START, header, rule, ...rows, END].join('\n');
};

describe('the role table', () => {
  it("is the README's table (run with UPDATE_README=1 to write it)", () => {
    const readme = readFileSync(README, 'utf8');
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    expect(start, 'the README has the roles table markers').toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
    const current = readme.slice(start, end + END.length);
    if (process.env.UPDATE_README === '1' && current !== rolesTable()) writeFileSync(README, readme.replace(current, rolesTable()));
    else expect(current).toBe(rolesTable());
  });

  it('gives every role its own account, and only known roles', () => {
    for (const role of ROLES) expect(may([role], 'account'), role).toBe(true);
    for (const name of CAPABILITY_NAMES) for (const role of CAPABILITIES[name].roles) expect(ROLES, name).toContain(role);
  });

  it('member roles may do the same things (the customer menu), filing claims included', () => {
    const of = (role: string) => CAPABILITY_NAMES.filter((name) => may([role], name));
    for (const role of MEMBER_ROLES) expect(of(role), role).toEqual(of('Customer'));
    expect(of('Customer')).toContain('claims.file');
    expect(of('Customer')).toContain('nhd.order');
  });

  it('an Admin has every capability of a Super Admin but plans, promo codes, email templates, account administration, events and operations; neither is a member', () => {
    // Account administration changes roles: a delegate who could would make themselves Super Admin.
    const superAdminOnly = CAPABILITY_NAMES.filter((name) => may(['Super Admin'], name) && !may(['Admin'], name));
    expect(superAdminOnly.sort()).toEqual(['accounts.administer', 'email-templates.manage', 'events.read', 'operations.manage', 'plans.manage', 'promo-codes.manage']);
    const adminOnly = CAPABILITY_NAMES.filter((name) => may(['Admin'], name) && !may(['Super Admin'], name));
    expect(adminOnly).toEqual([]);
    expect(OVERSEER_ROLES).toEqual(['Super Admin', 'Admin']);
    for (const name of ['claims.file', 'membership.own', 'nhd.order', 'equity.enroll'] as const) expect(may(['Super Admin'], name), name).toBe(false);
  });

  it('a caller holds the capabilities of each of its roles', () => {
    expect(may(['Customer'], 'plans.manage')).toBe(false);
    expect(may(['Customer', 'Super Admin'], 'plans.manage')).toBe(true);
    expect(may([], 'account')).toBe(false);
    expect(may(null, 'account')).toBe(false);
  });
});
