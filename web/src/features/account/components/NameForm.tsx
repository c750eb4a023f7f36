import { FULL_NAME_MAX, type Profile } from '@acpg/contracts/account';
import { saveName } from '../api/profile.ts';
import { OneFieldForm, type OneField } from './OneFieldForm.tsx';

const fullName: OneField = {
  title: 'Full name',
  label: 'Full name',
  autoComplete: 'name',
  max: FULL_NAME_MAX,
  emptyMessage: 'Enter your full name',
  failMessage: 'Your name could not be saved. Try again.',
  buttonText: 'Save name',
  valueOf: (profile) => profile.full_name,
  save: saveName,
};

export function NameForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile, message: string) => void }) {
  return <OneFieldForm field={fullName} profile={profile} onSaved={onSaved} />;
}
