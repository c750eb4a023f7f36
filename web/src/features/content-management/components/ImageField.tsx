import { useId, useRef, useState } from 'react';
import { Button, Image, Label, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, DeleteRegular } from '@fluentui/react-icons';
import { imageUrl, uploadImage } from '../api/content-admin.ts';
import { messageOfError } from './errors.ts';
import { IMAGE_KINDS, imageFileProblem } from '../content-rules.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, position: 'relative' },
  error: { color: tokens.colorPaletteRedForeground1 },
  body: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  preview: { maxWidth: '320px', maxHeight: '180px', width: 'auto', height: 'auto', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  hidden: { position: 'absolute', width: '1px', height: '1px', opacity: 0, overflow: 'hidden', pointerEvents: 'none' },
  muted: { color: tokens.colorNeutralForeground2 },
});

const FALLBACK_WIDTHS = [256, 128, 64, 32, 16] as const;

/** An image field: upload (POST /cms/images), the uploaded image, remove; errors at the field. */
export function ImageField({
  label,
  value,
  onChange,
  error,
  hint,
  previewWidth = 640,
}: {
  label: string;
  value: string | null;
  onChange: (imageId: string | null) => void;
  error?: string | undefined;
  hint?: string;
  previewWidth?: number;
}) {
  const s = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The widths the upload answered (an image read from the server shows at the smallest DECISIONS.md width ≥ 256).
  const [widths, setWidths] = useState<Record<string, number[]>>({});

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const wrong = imageFileProblem(file);
    setProblem(wrong);
    if (wrong) return;
    setBusy(true);
    try {
      const image = await uploadImage(file);
      setWidths((w) => ({ ...w, [image.image_id]: image.widths }));
      onChange(image.image_id);
    } catch (err) {
      setProblem(messageOfError(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  // An image read from the server (its widths unknown here) shows at 256 px, or the next smaller stored width when
  // the original is narrower (DECISIONS.md widths are stored only up to the original's width).
  const [smaller, setSmaller] = useState<{ id: string; step: number }>({ id: '', step: 0 });
  const step = smaller.id === value ? smaller.step : 0;
  const shownWidth = (id: string) => {
    const known = widths[id];
    if (known && known.length > 0) return known.filter((w) => w <= previewWidth).pop() ?? known[0]!;
    return FALLBACK_WIDTHS[Math.min(step, FALLBACK_WIDTHS.length - 1)]!;
  };
  const message = problem ?? error;

  return (
    <div role="group" aria-labelledby={labelId} className={s.root}>
      <Label id={labelId} weight="semibold">
        {label}
      </Label>
      {hint && (
        <Text id={hintId} size={200} className={s.muted}>
          {hint}
        </Text>
      )}
      <div className={s.body}>
        {value ? <Image className={s.preview} src={imageUrl(value, shownWidth(value))} onError={() => step < FALLBACK_WIDTHS.length - 1 && setSmaller({ id: value, step: step + 1 })} alt={`${label}: the uploaded image`} /> : <Text className={s.muted}>No image</Text>}
        <input
          ref={input}
          className={s.hidden}
          type="file"
          accept={IMAGE_KINDS.join(',')}
          tabIndex={-1}
          aria-hidden="true"
          aria-label={`${label} file`}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <Button
          icon={busy ? <Spinner size="tiny" /> : <ArrowUploadRegular />}
          disabledFocusable={busy}
          aria-describedby={[hint ? hintId : '', message ? errorId : ''].filter(Boolean).join(' ') || undefined}
          data-invalid={message ? 'true' : undefined}
          onClick={() => input.current?.click()}
        >
          {busy ? 'Uploading…' : value ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
        </Button>
        {value && (
          <Button icon={<DeleteRegular />} onClick={() => onChange(null)}>
            Remove {label.toLowerCase()}
          </Button>
        )}
      </div>
      {message && (
        <Text id={errorId} size={200} role="alert" className={s.error}>
          {message}
        </Text>
      )}
    </div>
  );
}
