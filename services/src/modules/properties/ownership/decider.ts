import {
  DOCUMENT_RULES,
  PROPERTY_VERIFICATION_PENDING,
  PROPERTY_VERIFIED,
  VERIFICATION_RULES,
  type PropertyDocumentKind,
  type PropertyErrorCode,
  type PropertySummary,
  type PropertyVerificationPendingData,
  type PropertyVerifiedData,
  type VerificationMethod,
} from '@acpg/contracts/properties';
import { timingSafeEqual } from 'node:crypto';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';
import { DomainError, type DomainErrorKind } from '../../../platform/commands/domain-error.ts';

/**
 * One account's verification of one property by a code mailed to the property's address: whoever can read the mail
 * there controls the property; public records prove nothing. Rules, for the pair's whole life (not per day):
 * - at most `maxLetters` letters; each holds a new code (only its HMAC is stored), valid `codeValidDays` days, and
 *   replaces the one before;
 * - at most `maxWrongCodes` wrong codes in all: the last one locks the verification for good;
 * - the right code of the newest letter, before it expires, verifies the property (`PropertyVerified`, once).
 * An expired code or a code entered before any letter costs no try.
 *
 * The second way: a document (deed, tax bill) a Super Admin reviews. One waits for review at a time; at most
 * `maxDocuments` per pair, ever. Approval verifies the property exactly as a right code does (`PropertyVerified`, with
 * method `document`); a rejection carries the reason the member sees and lets them send another while any are left.
 */
export const ownershipStream = (accountId: string, propertyId: string) => `properties-ownership-${accountId}-${propertyId}`;

export type OwnershipEvent =
  | DomainEvent<
      'PropertyCodeMailed',
      { verification_id: string; account_id: string; property: PropertySummary; code_hash: string; letter_number: number; sent_at: string; expires_at: string }
    >
  | DomainEvent<typeof PROPERTY_VERIFICATION_PENDING, PropertyVerificationPendingData>
  | DomainEvent<'PropertyCodeRejected', { verification_id: string; account_id: string; property_id: string; failures: number; tries_left: number; at: string }>
  | DomainEvent<'PropertyVerificationLocked', { verification_id: string; account_id: string; property_id: string; at: string }>
  | DomainEvent<typeof PROPERTY_VERIFIED, PropertyVerifiedData>
  | DomainEvent<
      'PropertyDocumentSubmitted',
      {
        document_id: string;
        account_id: string;
        property: PropertySummary;
        kind: PropertyDocumentKind;
        file_key: string;
        content_type: string;
        document_number: number;
        submitted_at: string;
      }
    >
  | DomainEvent<'PropertyDocumentApproved', { document_id: string; account_id: string; property_id: string; by: string; at: string }>
  | DomainEvent<'PropertyDocumentRejected', { document_id: string; account_id: string; property_id: string; by: string; reason: string; documents_left: number; at: string }>;

export type OwnershipCommand =
  | Command<'MailCode', { verification_id: string; account_id: string; property: PropertySummary; code_hash: string }>
  | Command<'EnterCode', { account_id: string; code_hash: string }>
  | Command<'SubmitDocument', { document_id: string; account_id: string; property: PropertySummary; kind: PropertyDocumentKind; file_key: string; content_type: string }>
  | Command<'ApproveDocument', { document_id: string; by: string }>
  | Command<'RejectDocument', { document_id: string; by: string; reason: string }>
  /**
   * The member confirmed, when accepting their provider's invitation, a property the provider attached: verified with
   * method `provider` and `source` "confirmed by provider <name>" (once; an already verified pair is left as it is).
   */
  | Command<'ConfirmByProvider', { verification_id: string; account_id: string; property: PropertySummary; provider_name: string }>;

/** The document waiting for review, if any. */
export interface DocumentUnderReview {
  documentId: string;
  accountId: string;
}

export interface OwnershipState {
  status: 'none' | 'letter_sent' | 'verified' | 'locked';
  property: PropertySummary | null;
  letters: number;
  failures: number;
  latest: { verificationId: string; codeHash: string; expiresAt: string } | null;
  documents: number;
  review: DocumentUnderReview | null;
}

export const initialState = (): OwnershipState => ({ status: 'none', property: null, letters: 0, failures: 0, latest: null, documents: 0, review: null });

export const refuse = (kind: DomainErrorKind, code: PropertyErrorCode | 'INVALID_COMMAND', message: string) => new DomainError(kind, code, message);

export const CODE_VALID_SECONDS = VERIFICATION_RULES.codeValidDays * 24 * 60 * 60;
const addSeconds = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

/** Tries left for the pair (wrong codes are counted over every letter). */
export const triesLeft = (state: Pick<OwnershipState, 'failures'>) => Math.max(0, VERIFICATION_RULES.maxWrongCodes - state.failures);
export const lettersLeft = (state: Pick<OwnershipState, 'letters'>) => Math.max(0, VERIFICATION_RULES.maxLetters - state.letters);
export const documentsLeft = (state: Pick<OwnershipState, 'documents'>) => Math.max(0, DOCUMENT_RULES.maxDocuments - state.documents);

const sameDigest = (a: string, b: string) => a.length === b.length && a.length > 0 && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const plural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;
export const triesInWords = (n: number) => plural(n, 'try', 'tries');

export const evolve = (state: OwnershipState, event: OwnershipEvent): OwnershipState => {
  switch (event.type) {
    case 'PropertyCodeMailed': {
      const d = event.data;
      return {
        ...state,
        status: state.status === 'none' ? 'letter_sent' : state.status,
        property: d.property,
        letters: state.letters + 1,
        latest: { verificationId: d.verification_id, codeHash: d.code_hash, expiresAt: d.expires_at },
      };
    }
    case 'PropertyVerificationPending':
      return state;
    case 'PropertyCodeRejected':
      return { ...state, failures: event.data.failures };
    case 'PropertyVerificationLocked':
      return { ...state, status: 'locked', latest: null };
    case 'PropertyVerified':
      return { ...state, status: 'verified', latest: null }; // a document still waiting is reviewed all the same
    case 'PropertyDocumentSubmitted':
      return {
        ...state,
        property: event.data.property,
        documents: state.documents + 1,
        review: { documentId: event.data.document_id, accountId: event.data.account_id },
      };
    case 'PropertyDocumentApproved':
    case 'PropertyDocumentRejected':
      return { ...state, review: null };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown ownership event ${JSON.stringify(unexpected)}`);
    }
  }
};

/** Who asks, for which property, as the contract's `PropertyVerificationPending` and `PropertyVerified` carry it. */
interface Claim {
  verificationId: string;
  accountId: string;
  property: PropertySummary;
  method: VerificationMethod;
  /** Who vouched (method `provider`). */
  source?: string;
}

const claimFacts = ({ verificationId, accountId, property: p }: Claim) => ({
  verification_id: verificationId,
  account_id: accountId,
  property_id: p.id,
  address_line: p.address_line,
  city: p.city,
  county: p.county,
  state: p.state,
  zip: p.zip,
  apn: p.apn,
});

/** The first request for the pair, by letter or by document: the sign-up goes on while it is checked. */
const verificationPending = (claim: Claim, now: string): OwnershipEvent => ({
  type: PROPERTY_VERIFICATION_PENDING,
  data: { ...claimFacts(claim), method: claim.method, requested_at: now },
});

/** The property is the account's: a right code or an approved document. */
const propertyVerified = (claim: Claim, now: string): OwnershipEvent => ({
  type: PROPERTY_VERIFIED,
  data: { ...claimFacts(claim), verified_at: now, method: claim.method, ...(claim.source === undefined ? {} : { source: claim.source }) },
});

const LOCKED_MESSAGE =
  'Too many wrong codes were entered for this property: it can no longer be verified with a mailed code on this account. Contact us through the Contact Us page if it is yours.';

export const decide = (command: OwnershipCommand, state: OwnershipState): OwnershipEvent[] => {
  const now = command.metadata.now.toISOString();
  switch (command.type) {
    case 'MailCode': {
      if (state.status === 'verified') throw refuse('conflict', 'PROPERTY_ALREADY_VERIFIED', 'You have already verified this property.');
      if (state.status === 'locked') throw refuse('gone', 'VERIFICATION_LOCKED', LOCKED_MESSAGE);
      if (lettersLeft(state) === 0) {
        throw refuse(
          'conflict',
          'TOO_MANY_LETTERS',
          `We have already mailed ${plural(VERIFICATION_RULES.maxLetters, 'letter', 'letters')} for this property, the most we send. Enter the code from the newest letter, or contact us through the Contact Us page.`,
        );
      }
      const d = command.data;
      const mailed: OwnershipEvent = {
        type: 'PropertyCodeMailed',
        data: { ...d, letter_number: state.letters + 1, sent_at: now, expires_at: addSeconds(now, CODE_VALID_SECONDS) },
      };
      if (state.letters > 0) return [mailed];
      const claim: Claim = { verificationId: d.verification_id, accountId: d.account_id, property: d.property, method: 'mailed_code' };
      return [mailed, verificationPending(claim, now)];
    }
    case 'EnterCode': {
      if (state.status === 'verified') throw refuse('gone', 'VERIFICATION_COMPLETE', 'This property is already verified for your account.');
      if (state.status === 'locked') throw refuse('gone', 'VERIFICATION_LOCKED', LOCKED_MESSAGE);
      const latest = state.latest;
      const property = state.property;
      if (!latest || !property) throw refuse('conflict', 'NO_LETTER_SENT', 'No letter has been mailed for this property yet. Ask for a code by mail first.');
      if (Date.parse(now) >= Date.parse(latest.expiresAt)) {
        throw refuse(
          'gone',
          'CODE_EXPIRED',
          lettersLeft(state) > 0
            ? `The code from this letter has expired (codes work for ${VERIFICATION_RULES.codeValidDays} days). Ask for a new letter.`
            : `The code from this letter has expired (codes work for ${VERIFICATION_RULES.codeValidDays} days), and no more letters can be sent. Contact us through the Contact Us page.`,
        );
      }
      if (sameDigest(command.data.code_hash, latest.codeHash)) {
        const claim: Claim = { verificationId: latest.verificationId, accountId: command.data.account_id, property, method: 'mailed_code' };
        return [propertyVerified(claim, now)];
      }
      const failures = state.failures + 1;
      const left = Math.max(0, VERIFICATION_RULES.maxWrongCodes - failures);
      const ids = { verification_id: latest.verificationId, account_id: command.data.account_id, property_id: property.id };
      const rejected: OwnershipEvent = { type: 'PropertyCodeRejected', data: { ...ids, failures, tries_left: left, at: now } };
      if (left > 0) return [rejected];
      return [rejected, { type: 'PropertyVerificationLocked', data: { ...ids, at: now } }];
    }
    case 'SubmitDocument': {
      if (state.status === 'verified') throw refuse('conflict', 'PROPERTY_ALREADY_VERIFIED', 'You have already verified this property.');
      if (state.review) {
        throw refuse('conflict', 'DOCUMENT_UNDER_REVIEW', 'A document for this property is already under review. We will let you know here once it has been checked.');
      }
      if (documentsLeft(state) === 0) {
        throw refuse(
          'conflict',
          'TOO_MANY_DOCUMENTS',
          `${plural(DOCUMENT_RULES.maxDocuments, 'document has', 'documents have')} already been sent for this property, the most we review. Contact us through the Contact Us page if it is yours.`,
        );
      }
      const d = command.data;
      const submitted: OwnershipEvent = {
        type: 'PropertyDocumentSubmitted',
        data: { ...d, document_number: state.documents + 1, submitted_at: now },
      };
      if (state.letters > 0 || state.documents > 0) return [submitted];
      const claim: Claim = { verificationId: d.document_id, accountId: d.account_id, property: d.property, method: 'document' };
      return [submitted, verificationPending(claim, now)];
    }
    case 'ApproveDocument':
    case 'RejectDocument': {
      const review = state.review;
      const property = state.property;
      if (!review || review.documentId !== command.data.document_id || !property) {
        throw refuse('conflict', 'DOCUMENT_ALREADY_REVIEWED', 'This document is no longer waiting for review.');
      }
      const ids = { document_id: review.documentId, account_id: review.accountId, property_id: property.id, by: command.data.by, at: now };
      if (command.type === 'RejectDocument') {
        return [{ type: 'PropertyDocumentRejected', data: { ...ids, reason: command.data.reason, documents_left: documentsLeft(state) } }];
      }
      // Verified meanwhile (by a code): the document is approved, the property is not verified twice.
      if (state.status === 'verified') return [{ type: 'PropertyDocumentApproved', data: ids }];
      const claim: Claim = { verificationId: review.documentId, accountId: review.accountId, property, method: 'document' };
      return [{ type: 'PropertyDocumentApproved', data: ids }, propertyVerified(claim, now)];
    }
    case 'ConfirmByProvider': {
      // The provider vouches and the member confirms: this stands beside (and ends) a letter or document on its way.
      if (state.status === 'verified') return [];
      const d = command.data;
      const claim: Claim = { verificationId: d.verification_id, accountId: d.account_id, property: d.property, method: 'provider', source: `confirmed by provider ${d.provider_name}` };
      return [propertyVerified(claim, now)];
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown ownership command ${JSON.stringify(unexpected)}`);
    }
  }
};

export const ownershipDecider: Decider<OwnershipCommand, OwnershipEvent, OwnershipState> = { initialState, evolve, decide };
