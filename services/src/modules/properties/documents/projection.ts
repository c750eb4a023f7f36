import type { z } from 'zod';
import { PropertyDocumentReview } from '@acpg/contracts/properties';
import type { DomainEvent } from '../../../platform/commands/handle-command.ts';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { ownEvents } from '../../../platform/commands/own-events.ts';
import type { DocumentApproved, DocumentRejected, DocumentSubmitted } from '../ownership/projection.ts';

export const PROPERTY_DOCUMENTS_COLLECTION = 'property_documents';

type DocumentEvent =
  | DomainEvent<'PropertyDocumentSubmitted', z.infer<typeof DocumentSubmitted>>
  | DomainEvent<'PropertyDocumentApproved', z.infer<typeof DocumentApproved>>
  | DomainEvent<'PropertyDocumentRejected', z.infer<typeof DocumentRejected>>;

const readDocumentEvent = ownEvents<DocumentEvent>(['PropertyDocumentSubmitted', 'PropertyDocumentApproved', 'PropertyDocumentRejected']);

/**
 * Read model `property_documents`: one row per ownership document (deed, tax bill), for Super Admins' review queue
 * (`GET /admin/properties/documents`). Holds the file's key, never its bytes.
 */
export const propertyDocumentsProjection = defineProjection<DocumentEvent>({
  name: 'properties.property_documents',
  collection: PROPERTY_DOCUMENTS_COLLECTION,
  handles: ['PropertyDocumentSubmitted', 'PropertyDocumentApproved', 'PropertyDocumentRejected'],
  // The ownership streams' own events, read back as decided (ownEvents), like every module's own events.
  fromStored: (stored) => (stored.stream.startsWith('properties-ownership-') ? readDocumentEvent(stored) : null),
  documentId: (event) => event.data.document_id,
  indexes: ['status', 'submitted_at', 'reviewed_at', 'account_id'],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'PropertyDocumentSubmitted': {
        const d = event.data;
        return {
          _id: d.document_id,
          document_id: d.document_id,
          account_id: d.account_id,
          property: d.property,
          kind: d.kind,
          file_key: d.file_key,
          content_type: d.content_type,
          status: 'under_review',
          submitted_at: d.submitted_at,
          reason: null,
          reviewed_at: null,
          reviewed_by: null,
        };
      }
      case 'PropertyDocumentApproved':
        return doc ? { ...doc, status: 'approved', reviewed_at: event.data.at, reviewed_by: event.data.by } : null;
      case 'PropertyDocumentRejected':
        return doc ? { ...doc, status: 'rejected', reason: event.data.reason, reviewed_at: event.data.at, reviewed_by: event.data.by } : null;
      default: {
        const unexpected: never = event;
        throw new Error(`Unknown event ${JSON.stringify(unexpected)}`);
      }
    }
  },
});

export const toDocumentReview = (doc: Doc): PropertyDocumentReview => PropertyDocumentReview.parse(doc);
