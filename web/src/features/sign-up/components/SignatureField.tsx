import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  canvas: {
    width: '100%',
    maxWidth: '480px',
    height: '160px',
    touchAction: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'flex-end' },
});

const SIGNATURE_FONT = 'italic 36px "Segoe Script", "Brush Script MT", cursive';

/** Draws a typed name on the canvas in a handwriting font (CSS pixels: the context is already scaled). */
const drawTyped = (el: HTMLCanvasElement, text: string) => {
  const ctx = el.getContext('2d');
  if (!ctx) return;
  ctx.save();
  ctx.fillStyle = '#1b1b1b';
  ctx.font = SIGNATURE_FONT;
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 16, el.offsetHeight / 2, el.offsetWidth - 32);
  ctx.restore();
};

/**
 * The signature: drawn with a finger, pen or mouse on `signature_pad`, or, for keyboard users, typed and drawn in a
 * handwriting font. Hands a PNG data: URL up (null while empty).
 */
export function SignatureField({ onChange, disabled }: { onChange: (dataUrl: string | null) => void; disabled?: boolean }) {
  const s = useStyles();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [typed, setTyped] = useState('');
  /** The typed signature on the pad (null once drawn over or cleared): a resize draws it again, as it does strokes. */
  const typedOnPad = useRef<string | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const signature = new SignaturePad(el, { penColor: '#1b1b1b', backgroundColor: 'rgb(255,255,255)' });
    pad.current = signature;
    // The canvas's pixels follow its CSS size and the screen's density, else strokes land off the pointer.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = signature.toData();
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      if (typedOnPad.current) drawTyped(el, typedOnPad.current);
      else signature.fromData(data);
    };
    fit();
    const onEnd = () => changed.current(signature.isEmpty() ? null : signature.toDataURL('image/png'));
    // Drawing replaces a typed signature: the pad then holds strokes only.
    const onBegin = () => {
      if (typedOnPad.current) signature.clear();
      typedOnPad.current = null;
    };
    signature.addEventListener('beginStroke', onBegin);
    signature.addEventListener('endStroke', onEnd);
    window.addEventListener('resize', fit);
    return () => {
      signature.removeEventListener('beginStroke', onBegin);
      signature.removeEventListener('endStroke', onEnd);
      window.removeEventListener('resize', fit);
      signature.off();
    };
  }, []);

  useEffect(() => {
    if (disabled) pad.current?.off();
    else pad.current?.on();
  }, [disabled]);

  const clear = () => {
    typedOnPad.current = null;
    pad.current?.clear();
    changed.current(null);
  };

  const signTyped = () => {
    const el = canvas.current;
    const signature = pad.current;
    if (!el || !signature || !typed.trim()) return;
    signature.clear();
    typedOnPad.current = typed.trim();
    drawTyped(el, typedOnPad.current);
    changed.current(el.toDataURL('image/png'));
  };

  return (
    <div className={s.root}>
      <canvas ref={canvas} className={s.canvas} role="img" aria-label="Signature pad: sign here with a finger, pen or mouse" />
      <div className={s.row}>
        <Button onClick={clear} disabled={disabled}>
          Clear signature
        </Button>
      </div>
      <Text size={200}>Cannot draw here? Type your name and we draw it as your signature.</Text>
      <div className={s.row}>
        <Field label="Type your signature">
          <Input value={typed} onChange={(_, d) => setTyped(d.value)} disabled={disabled} />
        </Field>
        <Button onClick={signTyped} disabled={disabled || !typed.trim()}>
          Use typed signature
        </Button>
      </div>
    </div>
  );
}
