import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CheckoutResult, CreatePaymentMethodBody, PaymentMethod } from '@acpg/contracts/payments';
import { HttpError } from '../../../lib/http.ts';
import { awaitOutcomeWith, cardFingerprint, checkoutMachine, DECLINED_MESSAGE, isBusy, REFUSED_MESSAGE, STILL_PROCESSING_MESSAGE } from './checkout.machine.ts';

const card: CreatePaymentMethodBody = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Jane Doe' };
const method: PaymentMethod = { payment_method_id: 'pm-1', brand: 'visa', last4: '4242' };
const answer = (checkout_id: string, status: CheckoutResult['status'], message?: string): CheckoutResult => ({
  checkout_id,
  status,
  ...(message ? { message } : {}),
  amount_due: 7400,
  plan_id: 'plan-m',
  card_brand: 'visa',
  card_last4: '4242',
});

type Script = Partial<{
  createPaymentMethod: (card: CreatePaymentMethodBody) => Promise<PaymentMethod>;
  startCheckout: (checkoutId: string) => Promise<CheckoutResult>;
  confirmCheckout: (checkoutId: string, approve: boolean) => Promise<CheckoutResult>;
  fetchCheckout: (checkoutId: string, call: number) => Promise<CheckoutResult>;
}>;

const succeeded = async (id: string) => answer(id, 'succeeded');

/** A scripted call that throws `error` the first time and answers with `then` (a paid checkout) after. */
function failsOnce(error: Error, then: (id: string) => Promise<CheckoutResult> = succeeded) {
  let first = true;
  return async (id: string) => {
    if (!first) return then(id);
    first = false;
    throw error;
  };
}

type Actor = ReturnType<typeof start>['actor'];
type Snapshot = ReturnType<Actor['getSnapshot']>;
/** Presses Pay with `withCard` and waits until `until` holds (by default: back on the form with an error). */
async function pay(actor: Actor, until: (s: Snapshot) => boolean = (s) => s.matches('ready') && s.context.error != null, withCard: CreatePaymentMethodBody = card) {
  actor.send({ type: 'PAY', card: withCard, consent: true });
  await waitFor(actor, until);
}
const done = (s: Snapshot) => s.status === 'done';

function start(script: Script = {}, timing: { pollForMs?: number; pollEveryMs?: number } = { pollEveryMs: 5 }) {
  const calls = { createPaymentMethod: [] as unknown[], startCheckout: [] as { checkout_id: string; payment_method_id: string; promo_code?: string; accept_terms: boolean }[], confirmCheckout: [] as unknown[], fetchCheckout: [] as unknown[] };
  let ids = 0;
  const fetchScripted = async (checkoutId: string) => {
    calls.fetchCheckout.push({ checkoutId });
    return (script.fetchCheckout ?? (async (id) => answer(id, 'succeeded')))(checkoutId, calls.fetchCheckout.length);
  };
  const machine = checkoutMachine.provide({
    actors: {
      createPaymentMethod: fromPromise(async ({ input }) => {
        calls.createPaymentMethod.push(input);
        return (script.createPaymentMethod ?? (async () => ({ ...method, payment_method_id: `pm-${calls.createPaymentMethod.length}` })))(input);
      }),
      startCheckout: fromPromise(async ({ input }) => {
        calls.startCheckout.push(input);
        return (script.startCheckout ?? (async (id) => answer(id, 'succeeded')))(input.checkout_id);
      }),
      confirmCheckout: fromPromise(async ({ input }) => {
        calls.confirmCheckout.push(input);
        return (script.confirmCheckout ?? (async (id, approve) => answer(id, approve ? 'succeeded' : 'failed')))(input.checkoutId, input.approve);
      }),
      fetchCheckout: fromPromise(async ({ input }) => fetchScripted(input.checkoutId)),
      // The app's own wait (lib/wait-for-outcome.ts) over the scripted server.
      awaitOutcome: awaitOutcomeWith(fetchScripted),
    },
  });
  const actor = createActor(machine, { input: { planId: 'plan-m', newId: () => `checkout-${++ids}`, ...timing } }).start();
  return { actor, calls };
}

describe('checkout machine', () => {
  it('saves the card, charges the plan once and outputs the paid checkout', async () => {
    const { actor, calls } = start();
    await pay(actor, done);
    expect(calls.createPaymentMethod).toEqual([card]);
    expect(calls.startCheckout).toEqual([{ checkout_id: 'checkout-1', plan_id: 'plan-m', payment_method_id: 'pm-1', accept_terms: true }]);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(card.number); // the card is not kept once the gateway has it
    expect(actor.getSnapshot().output).toEqual(answer('checkout-1', 'succeeded'));
  });

  it('sends the applied promo code with the checkout; a refused code ends that checkout and the next Pay is a new one', async () => {
    const { actor, calls } = start({ startCheckout: failsOnce(new HttpError(400, 'The promo code SAVE10 has been used as many times as it allows. Pay without it.', { code: 'PROMO_LIMIT_REACHED' })) });
    actor.send({ type: 'PAY', card, promoCode: 'SAVE10', consent: true });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('The promo code SAVE10 has been used as many times as it allows. Pay without it.');
    actor.send({ type: 'PAY', card, promoCode: null, consent: true });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.startCheckout).toEqual([
      { checkout_id: 'checkout-1', plan_id: 'plan-m', payment_method_id: 'pm-1', promo_code: 'SAVE10', accept_terms: true },
      { checkout_id: 'checkout-2', plan_id: 'plan-m', payment_method_id: 'pm-2', accept_terms: true },
    ]);
    expect(cardFingerprint(card, 'SAVE10')).not.toBe(cardFingerprint(card));
  });

  it('ignores Pay pressed again while the first press is on its way (double click charges once)', async () => {
    let release!: (r: CheckoutResult) => void;
    const { actor, calls } = start({ startCheckout: () => new Promise((resolve) => (release = resolve)) });
    actor.send({ type: 'PAY', card, consent: true });
    await pay(actor, (s) => s.matches('charging'));
    expect(isBusy(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'PAY', card, consent: true });
    release(answer('checkout-1', 'succeeded'));
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.createPaymentMethod).toHaveLength(1);
    expect(calls.startCheckout).toHaveLength(1);
  });

  it('sends the same checkout (id and card) again after a lost answer, so paying again cannot charge twice', async () => {
    const { actor, calls } = start({ startCheckout: failsOnce(new Error('Network error.')) });
    await pay(actor);
    expect(actor.getSnapshot().context.error).toMatch(/^Network error\. You can press Pay again: you will not be charged twice\.$/);
    expect(actor.getSnapshot().context.declined).toBe(false);
    await pay(actor, done);
    expect(calls.createPaymentMethod).toHaveLength(1);
    expect(calls.startCheckout.map((c) => [c.checkout_id, c.payment_method_id])).toEqual([
      ['checkout-1', 'pm-1'],
      ['checkout-1', 'pm-1'],
    ]);
  });

  it('with another card after a lost answer, follows the earlier checkout when the server has it', async () => {
    const { actor, calls } = start({ startCheckout: failsOnce(new Error('Network error.'), () => Promise.reject(new Error('not expected'))), fetchCheckout: succeeded });
    await pay(actor);
    await pay(actor, done, { ...card, number: '5555555555554444' });
    expect(calls.fetchCheckout).toEqual([{ checkoutId: 'checkout-1' }]);
    expect(calls.createPaymentMethod).toHaveLength(1);
    expect(calls.startCheckout).toHaveLength(1);
  });

  it('with another card after a lost answer, starts a new checkout when the earlier one never arrived (404)', async () => {
    const { actor, calls } = start({ startCheckout: failsOnce(new Error('Network error.')), fetchCheckout: () => Promise.reject(new HttpError(404, 'This checkout was not found.', null)) });
    const other = { ...card, number: '5555555555554444' };
    await pay(actor);
    await pay(actor, done, other);
    expect(calls.createPaymentMethod).toEqual([card, other]);
    expect(calls.startCheckout.map((c) => [c.checkout_id, c.payment_method_id])).toEqual([
      ['checkout-1', 'pm-1'],
      ['checkout-2', 'pm-2'],
    ]);
    expect(actor.getSnapshot().context.pendingCard).toBeNull();
  });

  it('a request the server refuses (4xx) started nothing: its message shows and the next Pay is a new checkout', async () => {
    const { actor, calls } = start({ startCheckout: failsOnce(new HttpError(409, 'This checkout id cannot be used. Start a new checkout.', null)) });
    await pay(actor);
    expect(actor.getSnapshot().context.error).toBe('This checkout id cannot be used. Start a new checkout.');
    await pay(actor, done);
    expect(calls.startCheckout.map((c) => c.checkout_id)).toEqual(['checkout-1', 'checkout-2']);
  });

  it('fingerprints a card without its number in the clear', () => {
    expect(cardFingerprint(card)).toBe(cardFingerprint({ ...card }));
    expect(cardFingerprint(card)).not.toBe(cardFingerprint({ ...card, cvc: '124' }));
    expect(cardFingerprint(card)).not.toContain('4242');
  });

  it('says the card was declined, and the next Pay is a new checkout', async () => {
    const { actor, calls } = start({ startCheckout: async (id) => (id === 'checkout-1' ? answer(id, 'failed') : answer(id, 'succeeded')) });
    await pay(actor, (s) => s.matches('ready') && s.context.declined);
    expect(actor.getSnapshot().context.error).toBe(DECLINED_MESSAGE);
    await pay(actor, done, { ...card, number: '4242424242424242' });
    expect(calls.startCheckout.map((c) => c.checkout_id)).toEqual(['checkout-1', 'checkout-2']);
  });

  it("shows the server's own reason for a failed checkout when it gives one", async () => {
    const { actor } = start({ startCheckout: async (id) => answer(id, 'failed', 'Your card was declined. Use another card.') });
    await pay(actor, (s) => s.matches('ready') && s.context.declined);
    expect(actor.getSnapshot().context.error).toBe('Your card was declined. Use another card.');
  });

  it('asks for the second step, and approving it pays', async () => {
    const { actor, calls } = start({ startCheckout: async (id) => answer(id, 'requires_action') });
    await pay(actor, (s) => s.matches('awaitingApproval'));
    actor.send({ type: 'PAY', card, consent: true }); // Pay behind the dialog does nothing
    actor.send({ type: 'APPROVE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.confirmCheckout).toEqual([{ checkoutId: 'checkout-1', approve: true }]);
    expect(calls.startCheckout).toHaveLength(1);
  });

  it('resumes a live checkout after a reload at its second step, and approving it pays that checkout (no new charge)', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'RESUME', checkout: answer('from-before-reload', 'requires_action') });
    await waitFor(actor, (s) => s.matches('awaitingApproval'));
    actor.send({ type: 'APPROVE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.confirmCheckout).toEqual([{ checkoutId: 'from-before-reload', approve: true }]);
    expect(calls.startCheckout).toEqual([]);
    expect(calls.createPaymentMethod).toEqual([]);
  });

  it('follows a resumed checkout the gateway has not reported on, and ignores a resume once this page has paid', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'RESUME', checkout: answer('from-before-reload', 'processing') });
    await waitFor(actor, done);
    expect(calls.fetchCheckout).toEqual([{ checkoutId: 'from-before-reload' }]);
    const fresh = start({ startCheckout: async (id) => answer(id, 'requires_action') });
    await pay(fresh.actor, (s) => s.matches('awaitingApproval'));
    fresh.actor.send({ type: 'REFUSE' });
    await waitFor(fresh.actor, (s) => s.matches('ready') && s.context.declined);
    fresh.actor.send({ type: 'RESUME', checkout: answer('late-answer', 'requires_action') });
    expect(fresh.actor.getSnapshot().matches('ready')).toBe(true); // this page sent a checkout already: its own answers count
  });

  it('refusing the second step charges nothing and says so', async () => {
    const { actor, calls } = start({ startCheckout: async (id) => answer(id, 'requires_action') });
    await pay(actor, (s) => s.matches('awaitingApproval'));
    actor.send({ type: 'REFUSE' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.declined);
    expect(calls.confirmCheckout).toEqual([{ checkoutId: 'checkout-1', approve: false }]);
    expect(actor.getSnapshot().context.error).toBe(REFUSED_MESSAGE);
    expect(actor.getSnapshot().context.checkoutId).toBe('checkout-2');
  });

  it('stays on the second step when its answer is lost, to try again', async () => {
    const { actor } = start({ startCheckout: async (id) => answer(id, 'requires_action'), confirmCheckout: failsOnce(new Error('Network error.')) });
    await pay(actor, (s) => s.matches('awaitingApproval'));
    actor.send({ type: 'APPROVE' });
    await waitFor(actor, (s) => s.matches('awaitingApproval') && s.context.error === 'Network error.');
    actor.send({ type: 'APPROVE' });
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('asks again while the gateway has not reported, then follows its answer', async () => {
    const { actor, calls } = start({
      startCheckout: async (id) => answer(id, 'processing'),
      fetchCheckout: async (id, call) => {
        if (call === 2) throw new Error('lost');
        return answer(id, call < 4 ? 'processing' : 'succeeded');
      },
    });
    await pay(actor, done);
    expect(calls.fetchCheckout).toHaveLength(4);
    expect(calls.fetchCheckout[0]).toEqual({ checkoutId: 'checkout-1' });
  });

  it('stops asking after its deadline and lets Pay ask again with the same checkout', async () => {
    const { actor, calls } = start({ startCheckout: async (id) => answer(id, 'processing'), fetchCheckout: async (id) => answer(id, 'processing') }, { pollForMs: 40, pollEveryMs: 5 });
    await pay(actor);
    expect(actor.getSnapshot().context.error).toBe(STILL_PROCESSING_MESSAGE);
    await pay(actor, (s) => s.matches('processing'));
    expect(calls.startCheckout.map((c) => c.checkout_id)).toEqual(['checkout-1', 'checkout-1']);
    actor.stop();
  });

  it('says when the card cannot be saved and charges nothing', async () => {
    const { actor, calls } = start({ createPaymentMethod: () => Promise.reject(new Error('This card is not accepted. Use one of the test cards.')) });
    await pay(actor);
    expect(actor.getSnapshot().context.error).toBe('This card is not accepted. Use one of the test cards.');
    expect(calls.startCheckout).toHaveLength(0);
  });
});
