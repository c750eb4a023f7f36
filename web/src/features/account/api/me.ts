import type { Me } from '@acpg/contracts/identity';
import { http } from '../../../lib/http.ts';

/** The signed-in user as the server knows them (`GET /auth/me`): name, email, roles, photo. */
export const fetchMe = (signal: AbortSignal) => http.get<Me>('/auth/me', { signal });
