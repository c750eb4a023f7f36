import { useEffect, useId, useRef, useState } from 'react';
import { Button, Label, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AttachRegular, DismissRegular, DocumentRegular } from '@fluentui/react-icons';
import { MAX_CLAIM_DOCUMENTS } from '@acpg/contracts/reimbursement';
import { addDocuments, DOCUMENT_ACCEPT, DOCUMENT_HEAD_BYTES, documentTypeOf, sizeText } from '../claim-text.ts';
import { readHead } from '../files.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  hint: { color: tokens.colorNeutralForeground2 },
  list: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  error: { color: tokens.colorPaletteRedForeground1 },
  choose: { alignSelf: 'flex-start' },
});

/**
 * Choose 0..max documents (PDF, JPEG, PNG, WebP, 15 MB each), checked here when chosen by size and by their first
 * bytes, as the server checks them again; a refused file is named at once. Each chosen file is listed with a button
 * to remove it; after a removal focus moves to the next file's button (or "Choose documents"), not to the page.
 */
export function DocumentPicker({ label, files, onChange, min, error }: { label: string; files: readonly File[]; onChange: (files: File[]) => void; min: number; error?: string | null | undefined }) {
  const s = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const removeButtons = useRef<(HTMLElement | null)[]>([]);
  const focusAfterRemoval = useRef<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const id = useId();
  const message = problems.length > 0 ? problems.join(' ') : (error ?? null);
  useEffect(() => {
    const removed = focusAfterRemoval.current;
    if (removed === null) return;
    focusAfterRemoval.current = null;
    const next = Math.min(removed, files.length - 1);
    (next >= 0 ? removeButtons.current[next] : chooseButton.current)?.focus();
  }, [files]);
  const choose = async (chosen: FileList | null) => {
    const added = Array.from(chosen ?? []);
    if (input.current) input.current.value = ''; // the same file may be chosen again after a removal
    const types = await Promise.all(added.map(async (f) => documentTypeOf(await readHead(f, DOCUMENT_HEAD_BYTES))));
    const next = addDocuments(files, added, MAX_CLAIM_DOCUMENTS, types);
    setProblems(next.problems);
    if (next.files.length !== files.length) onChange(next.files);
  };
  const remove = (index: number) => {
    setProblems([]);
    focusAfterRemoval.current = index;
    onChange(files.filter((_, j) => j !== index));
  };
  return (
    <div className={s.root} role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}>
      <Label id={`${id}-label`} required={min > 0}>
        {label}
      </Label>
      <Text id={`${id}-hint`} size={200} className={s.hint}>
        {min > 0 ? `${min} to ${MAX_CLAIM_DOCUMENTS}` : `Up to ${MAX_CLAIM_DOCUMENTS}`} documents: receipts, invoices or photos as PDF, JPEG, PNG or WebP, up to 15 MB each.
      </Text>
      <input ref={input} type="file" multiple hidden accept={DOCUMENT_ACCEPT} aria-label={label} onChange={(e) => void choose(e.target.files)} />
      {files.length > 0 && (
        <ul className={s.list} aria-label="Chosen documents">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className={s.item}>
              <DocumentRegular aria-hidden />
              <Text className={s.name}>
                {f.name} ({sizeText(f.size)})
              </Text>
              <Button
                ref={(el) => {
                  removeButtons.current[i] = el;
                }}
                appearance="subtle"
                size="small"
                icon={<DismissRegular />}
                aria-label={`Remove ${f.name}`}
                onClick={() => remove(i)}
              />
            </li>
          ))}
        </ul>
      )}
      {files.length < MAX_CLAIM_DOCUMENTS && (
        // data-invalid: a refused form moves focus here when the documents are its first problem (lib/focus.ts).
        <Button ref={chooseButton} className={s.choose} icon={<AttachRegular />} onClick={() => input.current?.click()} data-invalid={message ? 'true' : undefined}>
          {files.length === 0 ? 'Choose documents' : 'Add documents'}
        </Button>
      )}
      {message && (
        <Text id={`${id}-error`} role="alert" size={200} className={s.error}>
          {message}
        </Text>
      )}
    </div>
  );
}
