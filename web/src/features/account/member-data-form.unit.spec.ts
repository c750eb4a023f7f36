import { describe, expect, it } from 'vitest';
import { ChangeBeneficiariesBody } from '@acpg/contracts/member-data';
import { beneficiariesOf, beneficiaryDraft, issuesByPath, sharesTotal } from './member-data-form.ts';

describe('the beneficiaries editor', () => {
  it('sends the rows as the body and names each refused field by its path', () => {
    const rows = [beneficiaryDraft({ full_name: 'Ana Ruiz', relationship: 'Daughter', share_percent: 60 }), { ...beneficiaryDraft(), full_name: 'Leo', relationship: '', share: '4o' }];
    expect(beneficiariesOf(rows)[0]).toEqual({ full_name: 'Ana Ruiz', relationship: 'Daughter', share_percent: 60 });
    expect(sharesTotal(rows)).toBe(60);
    const refused = ChangeBeneficiariesBody.safeParse({ beneficiaries: beneficiariesOf(rows), pin: '48' });
    expect(refused.success).toBe(false);
    const issues = refused.success ? {} : issuesByPath(refused.error);
    expect(Object.keys(issues)).toEqual(expect.arrayContaining(['beneficiaries.1.relationship', 'beneficiaries.1.share_percent', 'pin']));
  });

  it('refuses shares that do not add up to 100 and accepts those that do', () => {
    const rows = [beneficiaryDraft({ full_name: 'A', relationship: 'Son', share_percent: 50 }), beneficiaryDraft({ full_name: 'B', relationship: 'Son', share_percent: 40 })];
    const refused = ChangeBeneficiariesBody.safeParse({ beneficiaries: beneficiariesOf(rows), pin: '4826' });
    expect(refused.success ? {} : issuesByPath(refused.error)).toEqual({ beneficiaries: 'The shares must add up to 100%' });
    rows[1] = { ...rows[1]!, share: '50', email: ' B@Example.test ' };
    const parsed = ChangeBeneficiariesBody.safeParse({ beneficiaries: beneficiariesOf(rows), pin: '4826' });
    expect(parsed.success && parsed.data.beneficiaries[1]).toEqual({ full_name: 'B', relationship: 'Son', email: 'b@example.test', share_percent: 50 });
  });
});
