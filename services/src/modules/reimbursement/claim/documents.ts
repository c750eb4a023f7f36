import type { ClaimDocument, ClaimDocumentInput } from '@acpg/contracts/reimbursement';
import type { Platform } from '../../../platform/module.ts';
import { readUpload, type CheckedUpload } from '../../../platform/uploads/read-upload.ts';

export type CheckedDocument = CheckedUpload & { name: string };

/** Checks every document by its content (a PDF or an image, within 15 MB): a 400 names the first bad one's field. */
export const checkDocuments = async (documents: readonly ClaimDocumentInput[], field = 'documents'): Promise<CheckedDocument[]> => {
  const checked: CheckedDocument[] = [];
  for (const [index, document] of documents.entries()) {
    checked.push({ ...(await readUpload(document.data, { kinds: ['image', 'pdf'], field: `${field}.${index}.data` })), name: document.name });
  }
  return checked;
};

export const documentKey = (claimId: string, docId: string) => `reimbursement/documents/${claimId}/${docId}`;

/**
 * Keeps each document encrypted under `reimbursement/documents/<claim>/<new doc id>` (a fresh id: a file never
 * replaces another claim's) and answers what the claim's event records of it: the key, never the bytes.
 */
export const keepDocuments = async (platform: Pick<Platform, 'files'>, claimId: string, documents: readonly CheckedDocument[], newId: () => string): Promise<ClaimDocument[]> => {
  const kept: ClaimDocument[] = [];
  for (const document of documents) {
    const docId = newId();
    const fileKey = documentKey(claimId, docId);
    await platform.files.put(fileKey, document.bytes, { contentType: document.contentType, encrypted: true });
    kept.push({ doc_id: docId, file_key: fileKey, name: document.name, content_type: document.contentType, size: document.bytes.length });
  }
  return kept;
};
