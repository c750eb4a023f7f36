import { useState } from 'react';
import { StepPage, useStepForm } from './StepPage.tsx';
import { FaceCapture } from './FaceCapture.tsx';
import { SignatureField } from './SignatureField.tsx';
import { FieldGroup } from './FieldGroup.tsx';

/** /sign-up/face-signature: a photo of the face (camera or upload) and a signature, stored encrypted on the server. */
export default function FaceSignaturePage() {
  const form = useStepForm();
  const [face, setFace] = useState<string | null>(null);
  const [signature, setSignature] = useState<string | null>(null);

  return (
    <StepPage
      screen="Face and signature"
      title="Your face and signature"
      intro="We keep them encrypted and use them only to confirm it is you."
      trackAs="Save face and signature"
      form={form}
      save={() => (face && signature ? { step: 'face_signature', body: { face: { data: face }, signature: { data: signature } } } : null)}
    >
      <FieldGroup label="Face photo" required error={form.touched && !face ? 'Take a photo with the camera or upload one' : null}>
        <FaceCapture value={face} onChange={setFace} disabled={form.busy} />
      </FieldGroup>
      <FieldGroup label="Signature" required error={form.touched && !signature ? 'Sign in the box, or type your signature' : null}>
        <SignatureField onChange={setSignature} disabled={form.busy} />
      </FieldGroup>
    </StepPage>
  );
}
