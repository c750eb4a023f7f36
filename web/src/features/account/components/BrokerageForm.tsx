import { BROKERAGE_NAME_MAX, type Profile } from '@acpg/contracts/account';
import { saveBrokerage } from '../api/profile.ts';
import { OneFieldForm, type OneField } from './OneFieldForm.tsx';

/** The roles that work for a brokerage (as `ROLES_WITH_BROKERAGE` at sign-up): they see and change it here. */
const BROKERAGE_ROLES: readonly string[] = ['Agent', 'Broker'];
export const worksForBrokerage = (profile: Profile) => profile.role.some((role) => BROKERAGE_ROLES.includes(role));

const brokerage: OneField = {
  title: 'Brokerage',
  intro: 'The brokerage you work for. It shows on the NHD orders you place from now on.',
  label: 'Brokerage name',
  autoComplete: 'organization',
  max: BROKERAGE_NAME_MAX,
  emptyMessage: 'Enter the name of your brokerage',
  failMessage: 'Your brokerage could not be saved. Try again.',
  buttonText: 'Save brokerage',
  valueOf: (profile) => profile.brokerage_name ?? '',
  save: saveBrokerage,
};

/** An Agent's or a Broker's brokerage: shown on the NHD orders they place from now on. */
export function BrokerageForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile, message: string) => void }) {
  return <OneFieldForm field={brokerage} profile={profile} onSaved={onSaved} />;
}
