import { useEffect, useState } from 'react';
import { Button, Caption1, Select, Field, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, OpenRegular } from '@fluentui/react-icons';
import type { ClaimView } from '@acpg/contracts/reimbursement';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { fetchClaimDocument } from '../api/reimbursement.ts';
import { sizeText } from '../claim-text.ts';

type Doc = ClaimView['documents'][number];

const useStyles = makeStyles({
  list: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: '160px', overflowWrap: 'anywhere' },
  preview: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  frame: { width: '100%', height: '70vh', minHeight: '320px', border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium },
  image: { maxWidth: '100%', height: 'auto', alignSelf: 'flex-start', border: `1px solid ${tokens.colorNeutralStroke1}` },
});

const save = (url: string, name: string) => {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
};

/** The claim's documents, each opened in a new tab or downloaded (fetched with the session's token as a blob). */
export function ClaimDocuments({ claim }: { claim: ClaimView }) {
  const s = useStyles();
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (doc: Doc, how: 'open' | 'download') => {
    setBusy(`${how}-${doc.doc_id}`);
    try {
      const url = URL.createObjectURL(await fetchClaimDocument(claim.claim_id, doc.doc_id));
      if (how === 'download') save(url, doc.name);
      else {
        // window.open with 'noopener' always answers null: open without it, then cut the new tab's link back here.
        const tab = window.open(url, '_blank');
        if (tab) tab.opener = null;
        else save(url, doc.name); // a blocked pop-up: the file is saved instead
      }
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : 'The document could not be opened. Try again.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <ul className={s.list} aria-label="Documents">
      {claim.documents.map((d) => (
        <li key={d.doc_id} className={s.item}>
          <span className={s.name}>
            <Text weight="semibold">{d.name}</Text>
            <Caption1>
              {sizeText(d.size)} · added {formatDateTime12(d.added_at)}
            </Caption1>
          </span>
          <Button size="small" icon={busy === `open-${d.doc_id}` ? <Spinner size="tiny" /> : <OpenRegular />} disabledFocusable={busy !== null} aria-label={`Open ${d.name}`} onClick={() => void act(d, 'open')}>
            Open
          </Button>
          <Button size="small" icon={busy === `download-${d.doc_id}` ? <Spinner size="tiny" /> : <ArrowDownloadRegular />} disabledFocusable={busy !== null} aria-label={`Download ${d.name}`} onClick={() => void act(d, 'download')}>
            Download
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** One document shown in the page: a PDF in a frame, an image as an image; read from a blob URL freed when it changes. */
export function DocumentPreview({ claim }: { claim: ClaimView }) {
  const s = useStyles();
  const [docId, setDocId] = useState(claim.documents[0]?.doc_id ?? '');
  const [tick, setTick] = useState(0);
  const [shown, setShown] = useState<{ key: string; url: string | null; error: string | null } | null>(null);
  const doc = claim.documents.find((d) => d.doc_id === docId) ?? claim.documents[0];
  const currentId = doc?.doc_id ?? '';
  const key = `${currentId}#${tick}`;
  useEffect(() => {
    if (!currentId) return;
    const ctl = new AbortController();
    let url: string | null = null;
    fetchClaimDocument(claim.claim_id, currentId, ctl.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        if (!ctl.signal.aborted) setShown({ key, url, error: null });
      })
      .catch((e: unknown) => !ctl.signal.aborted && setShown({ key, url: null, error: e instanceof Error ? e.message : 'The document could not be loaded.' }));
    return () => {
      ctl.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [claim.claim_id, currentId, key]);
  if (!doc) return <Text>No documents.</Text>;
  const current = shown?.key === key ? shown : null;
  return (
    <div className={s.preview}>
      {claim.documents.length > 1 && (
        <Field label="Document shown">
          <Select value={doc.doc_id} onChange={(_, d) => setDocId(d.value)}>
            {claim.documents.map((d, i) => (
              <option key={d.doc_id} value={d.doc_id}>
                {i + 1}. {d.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {current?.error ? (
        <ErrorState title={`${doc.name} could not be shown`} message={current.error} onRetry={() => setTick((t) => t + 1)} />
      ) : !current?.url ? (
        <LoadingBlock label={`Loading ${doc.name}`} lines={6} />
      ) : doc.content_type === 'application/pdf' ? (
        <iframe className={s.frame} src={current.url} title={`Document: ${doc.name}`} />
      ) : (
        <img className={s.image} src={current.url} alt={`Document: ${doc.name}`} />
      )}
    </div>
  );
}
