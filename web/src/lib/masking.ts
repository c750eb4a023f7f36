import { maskEmail as maskEmailShared, maskPhone as maskPhoneShared } from '@acpg/contracts/masking';

// Spec section 5 masks come from contracts, shared with the server; these accept the null/undefined the UI holds.
export const maskPhone = (phone: string | null | undefined): string => maskPhoneShared(phone ?? '');
export const maskEmail = (email: string | null | undefined): string => maskEmailShared(email ?? '');
