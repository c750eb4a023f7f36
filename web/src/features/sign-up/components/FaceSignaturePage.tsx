import { useState } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import { useTrackClick } from '../../../lib/track.ts';
import { SignUpActor } from './SignUpFlow.tsx';
import { StepFrame, useFormStyles } from './StepFrame.tsx';
import { FaceCapture } from './FaceCapture.tsx';
import { SignatureField } from './SignatureField.tsx';
import { FieldGroup } from './FieldGroup.tsx';

/** /sign-up/face-signature: a photo of the face (camera or upload) and a signature, stored encrypted on the server. */
export default function FaceSignaturePage() {
  const s = useFormStyles();
  const actor = SignUpActor.useActorRef();
  const track = useTrackClick();
  const error = SignUpActor.useSelector((st) => st.context.error);
  const busy = SignUpActor.useSelector((st) => st.matches('saving') || st.matches('advancing'));
  const [face, setFace] = useState<string | null>(null);
  const [signature, setSignature] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  return (
    <StepFrame screen="Face and signature" title="Your face and signature" intro="We keep them encrypted and use them only to confirm it is you." error={error}>
      <form
        className={s.form}
        aria-label="Face and signature"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          track('Save face and signature');
          if (!face || !signature) return;
          actor.send({ type: 'SAVE', save: { step: 'face_signature', body: { face: { data: face }, signature: { data: signature } } } });
        }}
      >
        <FieldGroup label="Face photo" required error={touched && !face ? 'Take a photo with the camera or upload one' : null}>
          <FaceCapture value={face} onChange={setFace} disabled={busy} />
        </FieldGroup>
        <FieldGroup label="Signature" required error={touched && !signature ? 'Sign in the box, or type your signature' : null}>
          <SignatureField onChange={setSignature} disabled={busy} />
        </FieldGroup>
        <Button type="submit" appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {busy ? 'Saving…' : 'Save and continue'}
        </Button>
      </form>
    </StepFrame>
  );
}
