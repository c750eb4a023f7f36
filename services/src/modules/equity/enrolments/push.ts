import { EQUITY_ENROLMENT_UPDATED_MESSAGE, type EnrolmentView } from '@acpg/contracts/equity-protect';
import type { ProjectionPush } from '../../../platform/projections/define.ts';
import { entityName } from '../../../platform/realtime/rooms.ts';
import type { EnrolmentEvent } from '../enrolment/decider.ts';
import { pushedEnrolmentView } from './view.ts';

/** The identity module's entity kind `account` (the account itself and Super Admins follow it). */
const ACCOUNT_ROOM = 'account';

/** After an enrolment's row is written: to its owner (their list) and Super Admins (the admin list); last row per enrolment. */
export const pushEnrolment: ProjectionPush<EnrolmentEvent> = (applied, realtime) => {
  const latest = new Map<string, EnrolmentView>();
  for (const { doc } of applied) {
    const view = doc ? pushedEnrolmentView(doc) : null;
    if (view) latest.set(view.enrollment_id, view);
  }
  for (const view of latest.values()) {
    realtime.toEntity(entityName(ACCOUNT_ROOM, view.account_id), EQUITY_ENROLMENT_UPDATED_MESSAGE, view);
    realtime.toRole('Super Admin', EQUITY_ENROLMENT_UPDATED_MESSAGE, view);
  }
};
