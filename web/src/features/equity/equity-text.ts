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
export const addressOf = (p: ProtectedProperty) => `${p.address_line}, ${p.city}, CA ${p.zip}`;
export const documentOf = (a: Pick<AlertView, 'recording'>) => `${documentTypeLabel(a.recording.document_type)} ${a.recording.document_number}`;
/** A recorded day (YYYY-MM-DD) as the spec shows dates: MM-DD-YYYY. */
export const recordedDay = (day: string) => `${day.slice(5, 7)}-${day.slice(8, 10)}-${day.slice(0, 4)}`;
