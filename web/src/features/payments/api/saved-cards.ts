import type { CardOnFile, SaveCardBody, SavedCard } from '@acpg/contracts/payments';
import { http, type Result } from '../../../lib/http.ts';
import { useResource } from '../../../lib/use-resource.ts';

type Ok<T> = { success: boolean; data: T };

/** Saves a payment method of the caller for renewals (the gateway's setup step); refusals come as HttpError. */
export const saveCard = (body: SaveCardBody) => http.post<Ok<SavedCard>>('/payments/saved-cards', body).then((r) => r.data);

/** The caller's card on file (`GET /payments/saved-cards/mine`): the last card saved or paid with, or none. */
export const fetchCardOnFile = (signal: AbortSignal): Promise<Result<CardOnFile>> => http.get<CardOnFile>('/payments/saved-cards/mine', { signal });

export const useCardOnFile = () => useResource(fetchCardOnFile, []);
