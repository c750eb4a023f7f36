import type { Locator } from 'playwright-core';

/** Checks the payment form's consent to the Terms of Service (asked before every Pay; the server refuses a Pay without it). */
export const agreeToTerms = (form: Locator): Promise<void> => form.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();

/**
 * Shows the payment form's card fields: with a card on file the form offers it first ("Pay with Visa •••• 4242"), and
 * this picks "Use a new card". Waits for the form to have loaded (either the card fields or the choice are there).
 */
export const useNewCard = async (form: Locator): Promise<void> => {
  const radio = form.getByRole('radio', { name: 'Use a new card' });
  await form.getByLabel('Card number').or(radio).first().waitFor({ timeout: 20_000 });
  if ((await radio.count()) > 0) await radio.check();
};
