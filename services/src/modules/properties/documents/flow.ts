import type { OwnershipVerification, PropertyDocumentKind, PropertyDocumentReview } from '@acpg/contracts/properties';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { Platform } from '../../../platform/module.ts';
import { toSummary, type PropertyData } from '../../../platform/property-data/port.ts';
import { decide, ownershipDecider, ownershipStream, refuse, type OwnershipCommand } from '../ownership/decider.ts';
import { PROPERTY_VERIFICATIONS_COLLECTION, propertyVerificationsProjection, toOwnershipVerification } from '../ownership/projection.ts';
import { PROPERTY_DOCUMENTS_COLLECTION, propertyDocumentsProjection, toDocumentReview } from './projection.ts';

/** Where a document's bytes are kept (encrypted). */
export const documentFileKey = (documentId: string) => `properties/documents/${documentId}`;

const NOT_FOUND = () => refuse('not_found', 'DOCUMENT_NOT_FOUND', 'This document was not found.');

/** The caller's verification of the property as the member follows it, once the read model holds the write. */
const verificationView = async (platform: Platform, accountId: string, propertyId: string): Promise<OwnershipVerification> => {
  await platform.caughtUp(propertyVerificationsProjection);
  const doc = await platform.documents.get(PROPERTY_VERIFICATIONS_COLLECTION, `${accountId}:${propertyId}`);
  const view = doc ? toOwnershipVerification(doc) : null;
  if (!view) throw new Error('A document was recorded but its verification is not in the read model');
  return view;
};

/**
 * Sends a document for the signed-in account and property: refused first when the decider would refuse it (so a
 * refused document keeps no bytes), then the bytes are kept encrypted and `SubmitDocument` records their key.
 */
const submitCommand = async (
  platform: Platform,
  data: PropertyData,
  input: { accountId: string; propertyId: string; kind: PropertyDocumentKind; contentType: string },
  meta: CommandMeta,
) => {
  const record = await data.findById(input.propertyId);
  if (!record) throw refuse('not_found', 'PROPERTY_NOT_FOUND', 'This property was not found. Look it up by its address or APN.');
  const property = toSummary(record);
  const documentId = meta.newId();
  const fileKey = documentFileKey(documentId);
  const stream = ownershipStream(input.accountId, property.id);
  const command: OwnershipCommand = {
    type: 'SubmitDocument',
    data: { document_id: documentId, account_id: input.accountId, property, kind: input.kind, file_key: fileKey, content_type: input.contentType },
    metadata: meta,
  };
  const { state } = await loadStream(platform.eventStore, stream, ownershipDecider);
  decide(command, state); // throws the refusal before any byte is kept
  return { command, stream, fileKey, property };
};

/**
 * Whether the account may send a document for the property now (the property exists, none under review, fewer than
 * the most): asked before a byte of the file is read, with the same refusals `submitDocument` gives.
 */
export const maySubmitDocument = async (platform: Platform, data: PropertyData, input: { accountId: string; propertyId: string; kind: PropertyDocumentKind }, meta: CommandMeta): Promise<void> => {
  await submitCommand(platform, data, { ...input, contentType: 'application/pdf' }, meta);
};

export const submitDocument = async (
  platform: Platform,
  data: PropertyData,
  input: { accountId: string; propertyId: string; kind: PropertyDocumentKind; file: { bytes: Buffer; contentType: string } },
  meta: CommandMeta,
): Promise<OwnershipVerification> => {
  const { command, stream, fileKey, property } = await submitCommand(platform, data, { accountId: input.accountId, propertyId: input.propertyId, kind: input.kind, contentType: input.file.contentType }, meta);
  await platform.files.put(fileKey, input.file.bytes, { contentType: input.file.contentType, encrypted: true });
  await handleCommand(platform.eventStore, stream, ownershipDecider, command, { retries: 1 });
  return verificationView(platform, input.accountId, property.id);
};

/** A document's row for Super Admins (the read model caught up with the log first). */
export const documentReview = async (platform: Platform, documentId: string): Promise<PropertyDocumentReview & { file_key: string }> => {
  await platform.caughtUp(propertyDocumentsProjection);
  const doc = await platform.documents.get(PROPERTY_DOCUMENTS_COLLECTION, documentId);
  if (!doc || typeof doc.file_key !== 'string') throw NOT_FOUND();
  return { ...toDocumentReview(doc), file_key: doc.file_key };
};

/** Approves (the property is verified, as by a right code) or rejects (with the reason the member sees) a waiting document. */
export const reviewDocument = async (
  platform: Platform,
  input: { documentId: string; by: string; decision: { approve: true } | { approve: false; reason: string } },
  meta: CommandMeta,
): Promise<PropertyDocumentReview> => {
  const row = await documentReview(platform, input.documentId);
  const command: OwnershipCommand = input.decision.approve
    ? { type: 'ApproveDocument', data: { document_id: input.documentId, by: input.by }, metadata: meta }
    : { type: 'RejectDocument', data: { document_id: input.documentId, by: input.by, reason: input.decision.reason }, metadata: meta };
  await handleCommand(platform.eventStore, ownershipStream(row.account_id, row.property.id), ownershipDecider, command, { retries: 1 });
  const { file_key: _fileKey, ...reviewed } = await documentReview(platform, input.documentId);
  return reviewed;
};
