import {
  ALERT_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  ENROLMENT_STATUS_LABELS,
  type AlertStatus,
  type AlertView,
  type DocumentType,
  type EnrolmentStatus,
  type ProtectedProperty,
} from '@acpg/contracts/equity';

type BadgeColor = 'success' | 'danger' | 'warning' | 'informative' | 'brand';

export const ENROLMENT_BADGE: Record<EnrolmentStatus, BadgeColor> = { awaiting_payment: 'warning', active: 'success', cancelled: 'informative' };
export const ALERT_BADGE: Record<AlertStatus, BadgeColor> = { new: 'warning', confirmed: 'success', disputed: 'danger', resolved: 'informative' };
export const enrolmentStatusLabel = (status: EnrolmentStatus) => ENROLMENT_STATUS_LABELS[status];
/** A Super Admin reads the statuses about the member, not to them. */
export const alertStatusLabel = (status: AlertStatus, admin = false) => (admin && status === 'new' ? 'Awaiting the member' : admin && status === 'confirmed' ? 'Member recognized it' : ALERT_STATUS_LABELS[status]);
export const documentTypeLabel = (type: DocumentType) => DOCUMENT_TYPE_LABELS[type];

/** What each recorded document means for an owner, in plain words (shown with the alert). */
const DOCUMENT_TYPE_MEANINGS: Record<DocumentType, string> = {
  deed: 'A deed transfers ownership of a property from one person to another.',
  grant_deed: 'A grant deed transfers ownership of a property and promises the seller had the right to sell it.',
  quitclaim: 'A quitclaim deed hands over whatever share of the property the signer has, often between family members or after a divorce.',
  deed_of_trust: 'A deed of trust is a new loan secured by your home: if it is not repaid, the lender can take the property.',
  lien: 'A lien is a claim against your property for a debt (taxes, a contractor, a court judgment) that must be paid when the property is sold.',
  notice_of_default: 'A notice of default says a loan on the property is behind on its payments: it is the first step of a foreclosure.',
  reconveyance: 'A reconveyance says a loan on the property was paid off and the lender released its claim.',
};
export const documentTypeMeaning = (type: DocumentType) => DOCUMENT_TYPE_MEANINGS[type];
export const addressOf = (p: ProtectedProperty) => `${p.address_line}, ${p.city}, CA ${p.zip}`;
export const documentOf = (a: Pick<AlertView, 'recording'>) => `${documentTypeLabel(a.recording.document_type)} ${a.recording.document_number}`;
/** A recorded day (YYYY-MM-DD) as the spec shows dates: MM-DD-YYYY. */
export const recordedDay = (day: string) => `${day.slice(5, 7)}-${day.slice(8, 10)}-${day.slice(0, 4)}`;
