import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DOCUMENT_RULES, type OwnershipVerification, type PropertyDocumentKind } from '@acpg/contracts/properties';
import { MAX_DOCUMENT_BYTES } from '@acpg/contracts/uploads';
import { Button, Field, MessageBar, MessageBarBody, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DocumentRegular } from '@fluentui/react-icons';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { useFocusFirstInvalid } from '../../../lib/focus.ts';
import { refusalOf, uploadOwnershipDocument } from '../api/properties.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '28rem', minWidth: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  fileGroup: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  error: { color: tokens.colorPaletteRedForeground1 },
  file: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap', overflowWrap: 'anywhere' },
});

/** What a deed or tax bill may be: the server checks the content again. */
const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
const MAX_MB = Math.round(MAX_DOCUMENT_BYTES / 1024 / 1024);

export interface PropertyDocumentFormProps {
  propertyId: string;
  documentsLeft: number;
  /** The document was sent: it now waits for review. */
  onSent: (verification: OwnershipVerification) => void;
  /** Back to the choice of a code by mail or a document. */
  onCancel: () => void;
  /** The property is verified already (another tab). */
  onAlreadyVerified: () => void;
}

/**
 * The second way to show a property is yours: a deed or a property-tax bill in the member's name (PDF, JPEG or PNG),
 * which a Super Admin reviews. The member is told how many documents may still be sent for the property.
 */
export function PropertyDocumentForm({ propertyId, documentsLeft, onSent, onCancel, onAlreadyVerified }: PropertyDocumentFormProps) {
  const s = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<PropertyDocumentKind>('deed');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  const intro = useRef<HTMLParagraphElement>(null);
  // It replaces the button that opened it: focus moves to its first words.
  useEffect(() => intro.current?.focus(), []);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setError(null);
    if (!DOCUMENT_TYPES.includes(chosen.type)) {
      setFile(null);
      setFileError('Choose a PDF, JPEG or PNG file.');
      return;
    }
    if (chosen.size > MAX_DOCUMENT_BYTES) {
      setFile(null);
      setFileError(`The file is larger than ${MAX_MB} MB. Choose a smaller file.`);
      return;
    }
    setFile(chosen);
    setFileError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!file) {
      setFileError(fileError ?? 'Choose the file of your deed or tax bill.');
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const verification = await uploadOwnershipDocument(propertyId, kind, file);
      onSent(verification);
    } catch (failure) {
      setBusy(false);
      const refusal = refusalOf(failure);
      if (refusal.code === 'PROPERTY_ALREADY_VERIFIED') {
        onAlreadyVerified();
        return;
      }
      if (refusal.code === 'VALIDATION_FAILED') {
        setFileError(refusal.message);
        focusFirstInvalid();
        return;
      }
      setError(refusal.message);
    }
  };

  return (
    <form ref={formRef} className={s.form} onSubmit={submit} noValidate aria-label="Upload a document">
      <Text as="p" ref={intro} tabIndex={-1}>
        Send your recorded deed or a property-tax bill that shows your name and this property&apos;s address. We review it, usually within
        two business days, and tell you here. {documentsLeft === 1 ? 'This is the last document you can send for this property.' : `You can send up to ${documentsLeft} more documents for this property.`}
      </Text>
      <Field label="Document" required>
        <RadioGroup value={kind} onChange={(_, d) => setKind(d.value === 'tax_bill' ? 'tax_bill' : 'deed')}>
          <Radio value="deed" label="Deed" />
          <Radio value="tax_bill" label="Property-tax bill" />
        </RadioGroup>
      </Field>
      <div className={s.fileGroup} role="group" aria-labelledby="ownership-document-file-label">
        <Text id="ownership-document-file-label" weight="semibold">
          File (required)
        </Text>
        <div className={s.file}>
          <input
            ref={input}
            type="file"
            accept={DOCUMENT_TYPES.join(',')}
            hidden
            aria-label="Document file"
            data-testid="ownership-document-file"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <Button
            icon={<DocumentRegular />}
            aria-describedby={fileError ? 'ownership-document-file-hint ownership-document-file-error' : 'ownership-document-file-hint'}
            data-invalid={fileError ? true : undefined}
            onClick={() => input.current?.click()}
          >
            {file ? 'Choose another file' : 'Choose file'}
          </Button>
          <Text>{file ? file.name : 'No file chosen'}</Text>
        </div>
        <Text id="ownership-document-file-hint" size={200}>
          PDF, JPEG or PNG, up to {MAX_MB} MB.
        </Text>
        {fileError && (
          <Text id="ownership-document-file-error" size={200} className={s.error} role="alert">
            {fileError}
          </Text>
        )}
      </div>
      {error && (
        <MessageBar intent="error" layout="multiline" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      <div className={s.actions}>
        <SubmitButton busy={busy}>{busy ? 'Sending…' : 'Send for review'}</SubmitButton>
        <Button onClick={onCancel} disabledFocusable={busy}>
          Back
        </Button>
      </div>
      <Text size={200}>At most {DOCUMENT_RULES.maxDocuments} documents per property. We keep it encrypted and only our reviewers can open it.</Text>
    </form>
  );
}
