import { useEffect, useState, type ComponentType, type FormEvent } from 'react';
import { Button, Card, Text, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import type { MemberData, MemberImage } from '@acpg/contracts/member-data';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { fetchMemberImage, saveFaceSignature } from '../api/member-data.ts';
import { messageOf, useSectionStyles } from './form-styles.ts';
import { changedOn } from './member-data-words.ts';

/** The sign-up's camera and signature pad, handed in by the app (features do not import each other). */
export interface ImageInputs {
  Face: ComponentType<{ value: string | null; onChange: (dataUrl: string | null) => void; disabled?: boolean }>;
  Signature: ComponentType<{ onChange: (dataUrl: string | null) => void; disabled?: boolean }>;
}

const useStyles = makeStyles({
  images: { display: 'flex', gap: tokens.spacingHorizontalXL, flexWrap: 'wrap', margin: 0 },
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  face: { width: '160px', height: '160px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  signature: { width: '240px', maxWidth: '100%', height: '96px', objectFit: 'contain', backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  surface: { maxWidth: '640px', width: '100%' },
});

/** One stored image, fetched with the member's token and shown from a blob URL (revoked when it changes or leaves). */
function StoredImage({ which, version, className, alt }: { which: MemberImage; version: string; className: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    let made: string | null = null;
    fetchMemberImage(which, ctl.signal)
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch((err: unknown) => {
        if (!ctl.signal.aborted) setFailed(messageOf(err, 'The image could not be loaded.'));
      });
    return () => {
      ctl.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [which, version]);
  if (failed) return <Text>{failed}</Text>;
  return url ? <img src={url} alt={alt} className={className} /> : <Text size={200}>Loading…</Text>;
}

/** The face photo and signature given at sign-up, shown to their owner only; Edit takes a new photo or signature. */
export function FaceSignatureCard({ data, inputs, onSaved }: { data: MemberData; inputs: ImageInputs | undefined; onSaved: (next: MemberData, message: string) => void }) {
  const s = useSectionStyles();
  const f = useStyles();
  const [editing, setEditing] = useState(false);
  const restoreFocus = useRestoreFocusTarget();
  const current = data.face_signature;
  return (
    <Card className={s.card}>
      <Text as="h2" size={500} weight="semibold" className={s.flush}>
        Face photo and signature
      </Text>
      <Text size={200}>They confirm it is you when you claim a benefit or sign for a change.</Text>
      {current ? (
        <>
          <div className={f.images}>
            {current.face && (
              <figure className={f.figure}>
                <StoredImage which="face" version={current.changed_at} className={f.face} alt="Your face photo" />
                <Text as="span" size={200}>Face photo</Text>
              </figure>
            )}
            {current.signature && (
              <figure className={f.figure}>
                <StoredImage which="signature" version={current.changed_at} className={f.signature} alt="Your signature" />
                <Text as="span" size={200}>Signature</Text>
              </figure>
            )}
          </div>
          <Text size={200}>{changedOn(current.changed_at)}</Text>
        </>
      ) : (
        <Text>No face photo or signature on file.</Text>
      )}
      {inputs && (
        <div className={s.row}>
          <Button icon={<EditRegular />} onClick={() => setEditing(true)} {...restoreFocus}>
            {current ? 'Edit face photo or signature' : 'Add a face photo and signature'}
          </Button>
        </div>
      )}
      {inputs && editing && (
        <ImagesDialog
          inputs={inputs}
          surfaceClassName={f.surface}
          onClose={() => setEditing(false)}
          onSaved={(next, message) => {
            setEditing(false);
            onSaved(next, message);
          }}
        />
      )}
    </Card>
  );
}

function ImagesDialog({ inputs, surfaceClassName, onClose, onSaved }: { inputs: ImageInputs; surfaceClassName: string; onClose: () => void; onSaved: (next: MemberData, message: string) => void }) {
  const { Face, Signature } = inputs;
  const [face, setFace] = useState<string | null>(null);
  const [signature, setSignature] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!face && !signature) return setError('Take a new face photo, sign again, or both, then save.');
    setError(null);
    setBusy(true);
    try {
      const saved = await saveFaceSignature({ ...(face ? { face: { data: face } } : {}), ...(signature ? { signature: { data: signature } } : {}) });
      onSaved(saved.data, saved.message);
    } catch (err) {
      setError(messageOf(err, 'Your face photo and signature could not be saved. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title="Face photo and signature" busy={busy} onDismiss={onClose} onSubmit={(e) => void submit(e)} surfaceClassName={surfaceClassName} submitLabel={busy ? 'Saving…' : 'Save'} cancelFirst>
      <Text>Change either one or both; what you leave untouched stays as it is.</Text>
      <AlertBar>{error}</AlertBar>
      <Text weight="semibold">New face photo</Text>
      <Face value={face} onChange={setFace} disabled={busy} />
      <Text weight="semibold">New signature</Text>
      <Signature onChange={setSignature} disabled={busy} />
    </FormDialog>
  );
}
