import {
  CLAIM_CATEGORY_LABELS,
  CLAIM_STATUS_LABELS,
  CLAIM_WINDOW_DAYS,
  MAX_CLAIM_CENTS,
  MAX_CLAIM_DOCUMENTS,
  MIN_CLAIM_CENTS,
  type ClaimCategory,
  type ClaimProperty,
  type ClaimStatus,
  type ClaimView,
} from '@acpg/contracts/reimbursement';
import { MAX_DOCUMENT_BYTES } from '@acpg/contracts/uploads';
import { isCalendarDay } from '../../lib/paged-list.ts';

type BadgeColor = 'success' | 'danger' | 'warning' | 'informative' | 'brand';

export const STATUS_BADGE: Record<ClaimStatus, BadgeColor> = {
  submitted: 'informative',
  under_review: 'brand',
  more_info_requested: 'warning',
  approved: 'success',
  rejected: 'danger',
  paid: 'success',
};
/** The claim's short number (CLM-100017); a claim filed before numbers shows the start of its id. */
export const claimNumber = (c: Pick<ClaimView, 'number' | 'claim_id'>) => c.number ?? c.claim_id.slice(0, 8).toUpperCase();
export const statusLabel = (status: ClaimStatus) => CLAIM_STATUS_LABELS[status];
export const categoryLabel = (category: ClaimCategory) => CLAIM_CATEGORY_LABELS[category];
export const propertyText = (p: ClaimProperty) => `${p.address_line}, ${p.city} (${p.county} County, APN ${p.apn})`;

const MONEY = /^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;
/** A minus sign (or the typographic one) before the amount or after its dollar sign: "-250", "$-250", "−250". */
const NEGATIVE = /^\s*(\$\s*)?[-−]/;
/** The one example every amount message and hint gives. */
export const AMOUNT_EXAMPLE = '1250.50';

/** A dollar amount as typed ("1,250.5", "$80") in whole cents; null when it is not a plain amount with at most 2 decimals. */
export function dollarsToCents(text: string): number | null {
  const t = text.trim();
  if (!MONEY.test(t)) return null;
  const [whole = '0', fraction = ''] = t.replace(/[$,\s]/g, '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** A typed amount that starts with a minus sign. */
export const isNegative = (text: string) => NEGATIVE.test(text);

/** Cents as a dollar amount to type in ("1250.50"). */
export const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

/** Why a typed amount cannot be claimed (or approved), or null with its cents. */
export function amountProblem(text: string, what = 'amount', maxCents = MAX_CLAIM_CENTS): { cents: number; problem: null } | { cents: null; problem: string } {
  if (!text.trim()) return { cents: null, problem: `Enter the ${what} in dollars and cents, for example ${AMOUNT_EXAMPLE}.` };
  if (isNegative(text)) return { cents: null, problem: `The ${what} must be more than $0.00.` };
  const cents = dollarsToCents(text);
  if (cents === null) return { cents: null, problem: `Enter the ${what} in dollars and cents, for example ${AMOUNT_EXAMPLE}.` };
  if (cents < MIN_CLAIM_CENTS) return { cents: null, problem: `The ${what} is at least $0.01.` };
  if (cents > maxCents) return { cents: null, problem: `The ${what} is at most $${(maxCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}.` };
  return { cents, problem: null };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The local calendar day of a time, as YYYY-MM-DD. */
export const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** The earliest expense day a claim filed today may name. */
export const earliestExpenseDay = (today: Date) => dayOf(new Date(today.getFullYear(), today.getMonth(), today.getDate() - CLAIM_WINDOW_DAYS));

/** Why an expense date cannot be claimed today (the server checks again, on its UTC day), or null. */
export function expenseDateProblem(day: string, today: Date): string | null {
  if (!day) return 'Enter the day you paid the expense.';
  if (!isCalendarDay(day)) return 'Enter a date as MM/DD/YYYY.';
  if (day > dayOf(today)) return 'The expense date is in the future. Enter the day you paid the expense.';
  if (day < earliestExpenseDay(today)) return `The expense is more than ${CLAIM_WINDOW_DAYS} days old, so it cannot be claimed.`;
  return null;
}

/** What a claim's document may be (the server checks the content again). */
export const DOCUMENT_TYPES: Readonly<Record<string, string>> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP' };
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';
const EXTENSION_TYPES: Readonly<Record<string, string>> = { pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** How many first bytes of a file `documentTypeOf` reads. */
export const DOCUMENT_HEAD_BYTES = 12;

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/**
 * The document type a file's first bytes show, or null: the signatures the server's check (file-type, in
 * `readUpload`) reads for the types a claim accepts, whatever the file's name says.
 */
export function documentTypeOf(head: Uint8Array): 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (startsWith(head, ascii('%PDF'))) return 'application/pdf';
  // JPEG-LS (FF D8 FF F7) shares the first three bytes and is not a JPEG the server takes.
  if (startsWith(head, [0xff, 0xd8, 0xff]) && head[3] !== 0xf7) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** The message for a file that is not one of the document types. */
export const notADocument = (name: string) => `${name} is not a PDF or an image (JPEG, PNG or WebP).`;

/**
 * Why a chosen file cannot be attached, or null. `contentType` is what its first bytes show (`documentTypeOf`) once
 * read; until then the declared type or the extension stands in.
 */
export function documentProblem(file: { name: string; type: string; size: number }, contentType?: string | null): string | null {
  if (file.size === 0) return `${file.name} is empty.`;
  const type = contentType !== undefined ? contentType : file.type || EXTENSION_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''] || '';
  if (!type || !DOCUMENT_TYPES[type]) return notADocument(file.name);
  if (file.size > MAX_DOCUMENT_BYTES) return `${file.name} is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB.`;
  return null;
}

/**
 * The files chosen so far plus the new ones, within the limit; the refused ones are named. `contentTypes[i]` is what
 * the first bytes of `added[i]` show, when they were read.
 */
export function addDocuments<F extends { name: string; type: string; size: number }>(
  current: readonly F[],
  added: readonly F[],
  max = MAX_CLAIM_DOCUMENTS,
  contentTypes: readonly (string | null)[] = [],
): { files: F[]; problems: string[] } {
  const files = [...current];
  const problems: string[] = [];
  added.forEach((file, i) => {
    const problem = documentProblem(file, i < contentTypes.length ? contentTypes[i] : undefined);
    if (problem) problems.push(problem);
    else if (files.length >= max) problems.push(`${file.name} was not added: attach at most ${max} documents.`);
    else files.push(file);
  });
  return { files, problems };
}

/**
 * The server's refusals of a claim's documents (`documents.<index>.data`) as sentences naming each file, e.g.
 * "fake.pdf: The file must be a JPEG, PNG or WebP image or a PDF."; empty when it refused none of them.
 */
export function documentRefusals(errors: readonly { path: string; message: string }[], names: readonly string[]): string[] {
  const out: string[] = [];
  for (const e of errors) {
    const [head, index] = e.path.split('.');
    if (head !== 'documents') continue;
    const name = index !== undefined && /^\d+$/.test(index) ? names[Number(index)] : undefined;
    out.push(name ? `${name}: ${e.message}` : e.message);
  }
  return out;
}

/** A file size in words: "820 KB", "1.4 MB". */
export const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Who took a step: "You", the claimant, ACPG's reviewer or the system. */
export const actorText = (by: string, claimantId: string, viewerId: string | null) =>
  by === viewerId ? 'You' : by === 'system' ? 'ACPG (automatic)' : by === claimantId ? 'The claimant' : 'ACPG reviewer';
