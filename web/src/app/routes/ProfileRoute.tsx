import ProfilePage from '../../features/account/components/ProfilePage.tsx';
import { FaceCapture } from '../../features/sign-up/components/FaceCapture.tsx';
import { SignatureField } from '../../features/sign-up/components/SignatureField.tsx';

const IMAGE_INPUTS = { Face: FaceCapture, Signature: SignatureField };

/** My Account with the sign-up's camera and signature pad for a new face photo or signature (features do not import each other). */
export default function ProfileRoute() {
  return <ProfilePage imageInputs={IMAGE_INPUTS} />;
}
