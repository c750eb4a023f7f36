import { allocateNumber } from '../../../platform/commands/human-numbers.ts';
import { CLAIM_NUMBERS } from './number.ts';
import type { AnswerClaimBody, ClaimView, FileClaimBody } from '@acpg/contracts/reimbursement';

/** A claim's fields without its documents (these come checked, as bytes: `documents.ts`). */
export type ClaimFields = Omit<FileClaimBody, 'documents'>;
/** An answer's message without its documents. */
export type AnswerFields = Omit<AnswerClaimBody, 'documents'>;
import { handleCommand, isAlreadyExists, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { Principal } from '../../../platform/auth/port.ts';
import { seenButNotAllowed } from '../../../platform/http/access.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { Platform } from '../../../platform/module.ts';
import { propertyData } from '../../../platform/property-data/select.ts';
import { accessibleClaim, claims, claimView, loadClaim, runClaimCommand } from './access.ts';
import { claimDecider, claimStream, expenseDateProblem, type FiledClaim } from './decider.ts';
import { verifiedByAccount } from '../../../platform/local-copies/verified-properties.ts';
import { keepDocuments, type CheckedDocument } from './documents.ts';
import { DEFAULT_PLAN_COVERAGE } from '@acpg/contracts/coverage';
import { coverageFacts } from '../coverage/read.ts';
import { checkClaimCoverage } from '../coverage/rules.ts';
import { holdCoverage, ledgerOf, restoreCoverage } from '../ledger/commands.ts';
import { ledgerTarget } from '../ledger/claims.ts';


const notVerified = () => {
  const message = 'You have not verified this property. Verify it on your account first, then file the claim.';
  return new DomainError('invalid', 'PROPERTY_NOT_VERIFIED', message, [{ path: 'property_id', message }]);
};

const sameContents = (claim: FiledClaim, body: ClaimFields, documents: readonly CheckedDocument[]) => {
  const s = claim.submitted;
  const files = (list: readonly { name: string; size: number }[]) => JSON.stringify(list.map((d) => [d.name, d.size]));
  return (
    s.property.property_id === body.property_id &&
    s.category === body.category &&
    s.amount_cents === body.amount_cents &&
    s.expense_date === body.expense_date &&
    s.description === body.description &&
    files(s.documents) === files(documents.map((d) => ({ name: d.name, size: d.bytes.length })))
  );
};

/**
 * Files a claim once per `claim_id`: documents checked by content and kept encrypted, the property one the caller
 * verified (its details from the property data). The same claim sent again (double click, a lost answer) answers the
 * claim; other contents or another account's id are one and the same refusal (409 CLAIM_MISMATCH), so another account's
 * id is never told apart from the caller's own. A refusal keeps no file and appends nothing.
 */
/**
 * What is checked before a document's byte is read or decoded: the claim_id is not another account's (the same 409
 * CLAIM_MISMATCH a different repeat gets), and a new claim is for a property the caller verified.
 */
export const mayFileClaim = async (platform: Platform, body: ClaimFields, accountId: string): Promise<void> => {
  const existing = await loadClaim(platform, body.claim_id);
  if (existing.status !== 'none') {
    if (existing.submitted.account_id !== accountId) throw claims.idRefused();
    return;
  }
  if (!(await verifiedByAccount(platform, 'reimbursement', accountId, body.property_id))) throw notVerified();
};

export const fileClaim = async (platform: Platform, body: ClaimFields, documents: readonly CheckedDocument[], accountId: string, meta: CommandMeta): Promise<{ view: ClaimView; created: boolean }> => {
  const existing = await loadClaim(platform, body.claim_id);
  if (existing.status !== 'none') {
    claims.repeatOf(accountId, existing, (claim) => sameContents(claim, body, documents));
    return { view: await claimView(platform, body.claim_id), created: false };
  }
  const problem = expenseDateProblem(body.expense_date, meta.now);
  if (problem) throw new DomainError('invalid', 'EXPENSE_DATE_OUT_OF_RANGE', problem, [{ path: 'expense_date', message: problem }]);
  if (!(await verifiedByAccount(platform, 'reimbursement', accountId, body.property_id))) throw notVerified();
  const property = await propertyData().findById(body.property_id);
  if (!property) throw notVerified();
  // Coverage: refused with the reason on the field, or filed with what the reviewer should look at.
  const facts = await coverageFacts(platform, accountId, body.property_id, body.expense_date, meta.now);
  const target = facts.membership ? ledgerTarget(facts.membership, (facts.terms ?? DEFAULT_PLAN_COVERAGE).annual_limit_cents, body.expense_date) : null;
  const ledger = target ? (await ledgerOf(platform, target.membershipId, target.year.from)).held : {};
  const review_flags = checkClaimCoverage(body, { ...facts, ledger });
  const kept = await keepDocuments(platform, body.claim_id, documents, meta.newId);
  const data = {
    claim_id: body.claim_id,
    account_id: accountId,
    property: { property_id: property.id, address_line: property.address_line, city: property.city, county: property.county, apn: property.apn },
    category: body.category,
    amount_cents: body.amount_cents,
    expense_date: body.expense_date,
    description: body.description,
    documents: kept,
    ...(facts.membership ? { membership_id: facts.membership.membership_id, plan_id: facts.membership.plan_id } : {}),
    review_flags,
  };
  let hold: Awaited<ReturnType<typeof holdCoverage>> | null = null;
  try {
    // A number only for a claim the decider accepts (decided once without it): a refusal appends nothing, and one
    // lost to a concurrent click leaves a gap in the numbers, never a repeat.
    claimDecider.decide({ type: 'FileClaim', data, metadata: meta }, claimDecider.initialState());
    // The claimed amount is reserved in the year's coverage ledger first: of claims racing for the year's last room,
    // the ledger decides one after the other and refuses those that no longer fit (OVER_YEAR_LIMIT).
    if (target) hold = await holdCoverage(platform, target, { claimId: body.claim_id, cents: body.amount_cents, stage: 'reserved', yearClaims: facts.claims }, meta);
    const number = await allocateNumber(platform.eventStore, CLAIM_NUMBERS, body.claim_id, meta);
    await handleCommand(platform.eventStore, claimStream(body.claim_id), claimDecider, { type: 'FileClaim', data: { ...data, number: number.label }, metadata: meta }, { newStream: true });
  } catch (error) {
    for (const document of kept) await platform.files.delete(document.file_key);
    if (!isAlreadyExists(error)) {
      if (target && hold?.changed) await restoreCoverage(platform, target, body.claim_id, hold, meta);
      throw error;
    }
    return fileClaim(platform, body, documents, accountId, meta); // the other click filed it a moment ago: answer as a repeat
  }
  return { view: await claimView(platform, body.claim_id), created: true };
};

/** The claimant answers a request for more information, with 0..5 more documents; the claim goes back under review. */
/** Who may answer, checked before a document's byte is read: the claimant, while more information is requested. */
export const mayAnswerClaim = async (platform: Platform, claimId: string, principal: Principal): Promise<void> => {
  const claim = await accessibleClaim(platform, claimId, principal);
  // Past `accessibleClaim` the caller sees the claim (a Super Admin), so a 403 tells them nothing new.
  if (claim.submitted.account_id !== principal.userId) throw seenButNotAllowed('CLAIM_FORBIDDEN', 'Only the claimant answers a request for more information.');
  if (claim.status !== 'more_info_requested') throw new DomainError('conflict', 'CLAIM_TRANSITION_REFUSED', 'No information was asked for on this claim, so there is nothing to answer.');
};

export const answerClaim = async (platform: Platform, claimId: string, principal: Principal, body: AnswerFields, documents: readonly CheckedDocument[], meta: CommandMeta): Promise<ClaimView> => {
  await mayAnswerClaim(platform, claimId, principal);
  const kept = await keepDocuments(platform, claimId, documents, meta.newId);
  try {
    await runClaimCommand(platform, claimId, { type: 'ProvideInfo', data: { message: body.message, documents: kept }, metadata: meta });
  } catch (error) {
    for (const document of kept) await platform.files.delete(document.file_key);
    throw error;
  }
  return claimView(platform, claimId);
};
