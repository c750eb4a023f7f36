import { useRef, useState, type FormEvent } from 'react';
import { Button, Field, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { DOCUMENT_RULES, type PropertyDocumentReview } from '@acpg/contracts/properties';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { NoWrap } from '../../../components/GridCells.tsx';
import { ListGrid, ListScreen } from '../../../components/ListScreen.tsx';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { useAccountNames } from '../../../lib/account-names.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { downloadBlob } from '../../../lib/download.ts';
import { useLiveList } from '../../../lib/live-list.ts';
import { notify } from '../../../lib/notify.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import {
  approveOwnershipDocument, DOCUMENT_LIST, fetchOwnershipDocumentFile, fetchOwnershipDocuments, formatAddress, rejectOwnershipDocument,
} from '../api/properties.ts';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  address: { overflowWrap: 'anywhere' },
});

type Row = PropertyDocumentReview & { id: string; version: number; position: number };
const NO_MESSAGES: readonly string[] = [];
const KIND = { deed: 'Deed', tax_bill: 'Property-tax bill' } as const;

/** Opens the document in a new tab (or saves it where a new tab is refused). */
async function openDocument(row: PropertyDocumentReview) {
  try {
    const blob = await fetchOwnershipDocumentFile(row.document_id);
    const url = URL.createObjectURL(blob);
    const opened = window.open(url, '_blank', 'noopener');
    if (opened) setTimeout(() => URL.revokeObjectURL(url), 60_000);
    else {
      URL.revokeObjectURL(url);
      const extension = row.content_type === 'application/pdf' ? 'pdf' : row.content_type === 'image/png' ? 'png' : 'jpg';
      if (!downloadBlob(blob, `ownership-document-${row.document_id}.${extension}`)) notify.error('The document could not be opened. Try again.');
    }
  } catch (error) {
    notify.error(error instanceof Error ? error.message : 'The document could not be opened. Try again.');
  }
}

/**
 * /admin-property-documents (Super Admin): deeds and tax bills members sent to show a property is theirs, the oldest
 * first. Open one, then Approve (the property is verified for the member, as by a mailed code) or Reject with the
 * reason the member sees (they may send another, up to the cap).
 */
export default function AdminPropertyDocumentsPage() {
  const s = useStyles();
  const list = usePagedList(DOCUMENT_LIST);
  const view = useLiveList({
    list,
    messages: NO_MESSAGES,
    fetchPage: fetchOwnershipDocuments,
    toRow: (d: PropertyDocumentReview): Row => ({ ...d, id: d.document_id, version: 0, position: 0 }),
  });
  const rows = view.data?.items ?? null;
  const nameOf = useAccountNames(rows?.map((r) => r.account_id) ?? []);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<Row | null>(null);

  const approve = async (row: Row) => {
    if (busy) return;
    setBusy(row.document_id);
    try {
      await approveOwnershipDocument(row.document_id);
      notify.success(`${formatAddress(row.property)} is verified for ${nameOf(row.account_id) ?? 'the member'}.`, 'Document approved');
      view.reload();
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'The document could not be approved. Try again.');
    } finally {
      setBusy(null);
      document.getElementById('property-documents-title')?.focus();
    }
  };

  const columns: GridColumn<Row>[] = [
    { id: 'submitted_at', header: 'Sent', sortable: true, render: (r) => <NoWrap>{formatDateTime12(r.submitted_at)}</NoWrap> },
    { id: 'member', header: 'Member', render: (r) => <PersonName id={r.account_id} name={nameOf(r.account_id)} /> },
    { id: 'property', header: 'Property', render: (r) => <span className={s.address}>{formatAddress(r.property)}</span> },
    { id: 'kind', header: 'Document', render: (r) => KIND[r.kind] },
    {
      id: 'actions',
      header: 'Actions',
      render: (r) => (
        <div className={s.actions}>
          <Button size="small" onClick={() => void openDocument(r)} aria-label={`Open the document for ${formatAddress(r.property)}`}>
            Open
          </Button>
          <Button
            size="small"
            appearance="primary"
            disabledFocusable={busy !== null}
            icon={busy === r.document_id ? <Spinner size="tiny" /> : undefined}
            onClick={() => void approve(r)}
            aria-label={`Approve the document for ${formatAddress(r.property)}`}
          >
            Approve
          </Button>
          <Button size="small" disabledFocusable={busy !== null} onClick={() => setRejecting(r)} aria-label={`Reject the document for ${formatAddress(r.property)}`}>
            Reject
          </Button>
        </div>
      ),
    },
  ];

  return (
    <ListScreen titleId="property-documents-title" title="Ownership documents">
      <Text>
        Deeds and property-tax bills members sent to show a property is theirs, the oldest first. Approve one only when the name and address match
        the member and the property. A rejected member sees your reason and may send another (at most {DOCUMENT_RULES.maxDocuments} per property).
      </Text>
      <ListGrid
        list={list}
        view={view}
        label="Documents waiting for review"
        pagerLabel="Document pages"
        noun={{ one: 'document', other: 'documents' }}
        columns={columns}
        getRowId={(r) => r.document_id}
        empty="No documents are waiting for review."
      />
      {rejecting && (
        <RejectDialog
          row={rejecting}
          onClose={() => setRejecting(null)}
          onRejected={() => {
            setRejecting(null);
            notify.success('The member sees your reason and may send another document.', 'Document rejected');
            view.reload();
          }}
        />
      )}
    </ListScreen>
  );
}

function RejectDialog({ row, onClose, onRejected }: { row: Row; onClose: () => void; onRejected: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (reason.trim().length < 3) {
      setError('Say why the document is rejected: the member sees it.');
      field.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setFormError(null);
    try {
      await rejectOwnershipDocument(row.document_id, reason.trim());
      onRejected();
    } catch (failure) {
      setBusy(false);
      setFormError(failure instanceof Error ? failure.message : 'The document could not be rejected. Try again.');
    }
  };

  return (
    <FormDialog title="Reject this document?" busy={busy} onDismiss={onClose} onSubmit={(e) => void submit(e)} submitLabel={busy ? 'Rejecting…' : 'Reject document'}>
      <Text>
        {formatAddress(row.property)}. The member sees this reason on My properties and may send another document.
      </Text>
      <Field label="Reason the member sees" required validationMessage={error} validationState={error ? 'error' : 'none'}>
        <Textarea ref={field} value={reason} maxLength={DOCUMENT_RULES.maxReasonLength} onChange={(_, d) => setReason(d.value)} resize="vertical" />
      </Field>
      <AlertBar>{formError}</AlertBar>
    </FormDialog>
  );
}
