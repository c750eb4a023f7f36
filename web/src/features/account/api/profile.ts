import type { ContactChangeSent, Profile, UndoContactChangeResult } from '@acpg/contracts/account';
import { http, refreshAccessToken, HttpError } from '../../../lib/http.ts';
import { useResource } from '../../../lib/use-resource.ts';

type Ok<T> = { success: true; data: T; message?: string };
const withMessage = <T>(r: Ok<T>, fallback: string) => ({ profile: r.data, message: r.message ?? fallback });

export type ContactChannel = 'email' | 'phone';

export const fetchProfile = (signal: AbortSignal) => http.get<Profile>('/account/profile', { signal });
export const saveName = (full_name: string) => http.put<Ok<Profile>>('/account/profile', { full_name }).then((r) => withMessage(r, 'Your profile was saved.'));
/** `data`: the image as a data: URL (or base64); the server checks it by its content. */
export const saveBrokerage = (brokerage_name: string) => http.put<Ok<Profile>>('/account/profile/brokerage', { brokerage_name }).then((r) => withMessage(r, 'Your brokerage was saved.'));
export const saveTimeZone = (time_zone: string) => http.put<Ok<Profile>>('/account/profile/time-zone', { time_zone }).then((r) => withMessage(r, 'Your time zone was saved.'));
export const savePhoto = (data: string) => http.put<Ok<Profile>>('/account/profile/photo', { data }).then((r) => withMessage(r, 'Your photo was saved.'));
export const removePhoto = () => http.delete<Ok<Profile>>('/account/profile/photo').then((r) => withMessage(r, 'Your photo was removed.'));

/** Step-up: the current password goes with the new email or phone. */
export const requestContactChange = (channel: ContactChannel, destination: string, current_password: string) =>
  http
    .post<Ok<ContactChangeSent>>(`/account/${channel}-change`, channel === 'email' ? { email: destination, current_password } : { phone: destination, current_password })
    .then((r) => r.data);
/** The link in the notice of a contact change (public: the link is the proof). */
export const undoContactChange = (body: { change_id: string; token: string }) =>
  http.post<Ok<UndoContactChangeResult>>('/account/contact-change/undo', body).then((r) => ({ result: r.data, message: r.message ?? 'The change was undone.' }));
export const verifyContactChange = (channel: ContactChannel, body: { change_id: string; code: string }) =>
  http.post<Ok<Profile>>(`/account/${channel}-change/verify`, body).then((r) => withMessage(r, 'Saved.'));

/**
 * Under /auth (the refresh cookie names the session to keep), where the client does not refresh on a 401: an access
 * token that expired while the form was open is refreshed here, and the change is sent once more.
 */
export const changePassword = async (body: { current_password: string; new_password: string }) => {
  const send = () => http.post<Ok<Profile>>('/auth/change-password', body);
  try {
    return withMessage(await send(), 'Your password was changed.');
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 401 || !(await refreshAccessToken())) throw error;
    return withMessage(await send(), 'Your password was changed.');
  }
};

export const useProfile = () => useResource(fetchProfile, []);
