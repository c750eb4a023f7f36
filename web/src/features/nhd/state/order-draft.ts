import { proxy } from 'valtio';
import { DEFAULT_REPORT_TYPE, type EscrowUserInput, type RecipientInput } from '@acpg/contracts/nhd';
import type { PropertySummary } from '@acpg/contracts/properties';
import { persistStore } from '../../../lib/persist.ts';
import { registerReset } from '../../../lib/store-reset.ts';

export const ORDER_STEPS = ['property', 'report', 'recipients', 'escrow', 'review', 'payment', 'done'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

/**
 * The spec's NHD order state group: the property, the report type (default 0), the recipients (identified by email)
 * and the escrow users, the screen (step) and the order's id. Persisted (versioned) so a half-filled order survives a
 * reload or a sign-in on the way; never a card. `orderId` is made once per order: a repeat places nothing new.
 */
export interface OrderDraft {
  version: typeof DRAFT_VERSION;
  propertyData: PropertySummary | null;
  reportType: number;
  recipientData: RecipientInput[];
  escrowUserListData: EscrowUserInput[];
  screen: OrderStep;
  orderId: string;
  /** Set once the server placed the order (then only payment remains). */
  placed: boolean;
}

export const DRAFT_VERSION = 1;
const fresh = (): OrderDraft => ({
  version: DRAFT_VERSION,
  propertyData: null,
  reportType: DEFAULT_REPORT_TYPE,
  recipientData: [],
  escrowUserListData: [],
  screen: 'property',
  orderId: crypto.randomUUID(),
  placed: false,
});

export const orderDraft = proxy<OrderDraft>(fresh());

/** Starts a new order (after one was placed and paid, or on logout). */
export const resetOrderDraft = () => Object.assign(orderDraft, fresh());

registerReset('nhd-order', resetOrderDraft);

/** Reads the persisted draft back; a draft of another version, or an unreadable one, starts over. */
export const restoreOrderDraft = async (): Promise<void> => {
  await persistStore('nhd-order', orderDraft, { fields: ['version', 'propertyData', 'reportType', 'recipientData', 'escrowUserListData', 'screen', 'orderId', 'placed'] });
  const valid = orderDraft.version === DRAFT_VERSION && ORDER_STEPS.includes(orderDraft.screen) && typeof orderDraft.orderId === 'string' && Array.isArray(orderDraft.recipientData);
  if (!valid) resetOrderDraft();
};

/** The furthest step the draft's contents allow (a reload never lands past what is filled in). */
export const reachableStep = (d: Pick<OrderDraft, 'propertyData' | 'recipientData' | 'placed' | 'screen'>): OrderStep => {
  if (!d.propertyData) return 'property';
  if (d.screen === 'property' || d.screen === 'report') return d.screen;
  if (d.recipientData.length === 0) return 'recipients';
  if (d.placed) return d.screen === 'done' ? 'done' : 'payment';
  return d.screen === 'payment' || d.screen === 'done' ? 'review' : d.screen;
};
