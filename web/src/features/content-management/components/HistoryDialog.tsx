import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ContentChange, ContentKey } from '@acpg/contracts/content-documents';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { HISTORY_PAGE_SIZE, useHistory, useVersion } from '../api/content-admin.ts';
import { BodyView } from './BodyView.tsx';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(760px, calc(100vw - 32px))' },
  list: { listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    paddingBlock: tokens.spacingVerticalS,
  },
  what: { flexGrow: 1, minWidth: '200px', display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground2 },
});

const KIND: Record<ContentChange['kind'], string> = {
  'draft-saved': 'Saved the draft',
  published: 'Published',
  unpublished: 'Unpublished',
  restored: 'Restored',
};

/** One line of history in words: "Published version 3". */
export const changeText = (c: ContentChange): string => {
  if (c.kind === 'published' && c.version !== null) return `Published version ${c.version}`;
  if (c.kind === 'restored' && c.version !== null) return `Restored version ${c.version} into the draft`;
  return KIND[c.kind];
};

/** Who changed the document, what and when (newest first, paged); a published version can be viewed and restored. */
export function HistoryDialog({ contentKey, title, revision, onDismiss, onRestore }: { contentKey: ContentKey; title: string; revision: number; onDismiss: () => void; onRestore: (version: number) => void }) {
  const s = useStyles();
  const [page, setPage] = useState(1);
  const history = useHistory(contentKey, page, revision);
  const [viewing, setViewing] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);

  if (viewing !== null) return <VersionDialog contentKey={contentKey} version={viewing} onBack={() => setViewing(null)} onRestore={() => setRestoring(viewing)} />;
  if (restoring !== null) {
    return (
      <SimpleDialog
        alert
        title={`Restore version ${restoring}?`}
        onDismiss={() => setRestoring(null)}
        actions={
          <>
            <Button onClick={() => setRestoring(null)}>Cancel</Button>
            <Button appearance="primary" onClick={() => onRestore(restoring)}>
              Restore into the draft
            </Button>
          </>
        }
      >
        Version {restoring} replaces the current draft of {title}. What is live does not change until you publish.
      </SimpleDialog>
    );
  }
  return (
    <SimpleDialog title={`History of ${title}`} onDismiss={onDismiss} closable>
      {history.status === 'error' ? (
        <ErrorState message={history.error} onRetry={history.reload} />
      ) : !history.data ? (
        <LoadingBlock label="Loading the history" />
      ) : history.data.items.length === 0 ? (
        <EmptyState>No changes yet.</EmptyState>
      ) : (
        <>
          <ul className={s.list}>
            {history.data.items.map((c, i) => (
              <li key={`${c.at}-${i}`} className={s.item}>
                <div className={s.what}>
                  <Text weight="semibold">{changeText(c)}</Text>
                  <Text size={200} className={s.muted}>
                    {c.by.name} · {formatDateTime12(c.at)}
                  </Text>
                  {c.summary && c.summary !== changeText(c) && <Text size={200}>{c.summary}</Text>}
                </div>
                {c.kind === 'published' && c.version !== null && (
                  <>
                    <Button size="small" onClick={() => setViewing(c.version)}>
                      View version {c.version}
                    </Button>
                    <Button size="small" onClick={() => setRestoring(c.version)}>
                      Restore version {c.version}
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={HISTORY_PAGE_SIZE} total={history.data.total} onPage={setPage} label="History pages" />
        </>
      )}
    </SimpleDialog>
  );
}

function VersionDialog({ contentKey, version, onBack, onRestore }: { contentKey: ContentKey; version: number; onBack: () => void; onRestore: () => void }) {
  const shown = useVersion(contentKey, version);
  return (
    <SimpleDialog
      title={`Version ${version}`}
      onDismiss={onBack}
      actions={
        <>
          <Button onClick={onBack}>Back to history</Button>
          <Button appearance="primary" onClick={onRestore}>
            Restore version {version}
          </Button>
        </>
      }
    >
      {shown.status === 'error' ? (
        <ErrorState message={shown.error} onRetry={shown.reload} />
      ) : !shown.data ? (
        <LoadingBlock label={`Loading version ${version}`} />
      ) : (
        <>
          <Text as="p">Published {formatDateTime12(shown.data.published_at)}.</Text>
          <BodyView body={shown.data.body} />
        </>
      )}
    </SimpleDialog>
  );
}
