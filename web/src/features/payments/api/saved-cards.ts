import type { SaveCardBody, SavedCard } from '@acpg/contracts/payments';
import { http } from '../../../lib/http.ts';

type Ok<T> = { success: boolean; data: T };

/** Saves a payment method of the caller for renewals (the gateway's setup step); refusals come as HttpError. */
export const saveCard = (body: SaveCardBody) => http.post<Ok<SavedCard>>('/payments/saved-cards', body).then((r) => r.data);
