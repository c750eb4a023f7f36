/**
 * The stand-in's Stripe.js (served at `/v3/`): `Stripe(publishableKey)` with the calls the app's card form makes:
 * `elements().create('card')` (mount / on('change') / focus / clear / destroy), `createPaymentMethod({ type: 'card', card,
 * billing_details })` and `handleNextAction({ clientSecret })`. Real Stripe.js draws its fields in an iframe; this one
 * draws plain inputs in the mount node and posts to the stand-in with the publishable key, as Stripe.js does.
 */
export const STAND_IN_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var api = new URL('/', script && script.src ? script.src : window.location.href).href.replace(/\/$/, '');
  function encode(obj, prefix, out) {
    Object.keys(obj).forEach(function (k) {
      var v = obj[k];
      if (v === undefined || v === null) return;
      var name = prefix ? prefix + '[' + k + ']' : k;
      if (typeof v === 'object') encode(v, name, out);
      else out.push(encodeURIComponent(name) + '=' + encodeURIComponent(String(v)));
    });
    return out;
  }
  function call(key, path, body) {
    return fetch(api + path, {
      method: 'POST',
      headers: { authorization: 'Bearer ' + key, 'content-type': 'application/x-www-form-urlencoded' },
      body: encode(body, '', []).join('&'),
    }).then(function (r) {
      return r.json().then(function (json) { return { ok: r.ok, json: json }; });
    });
  }
  function field(label, autocomplete, size, placeholder) {
    var input = document.createElement('input');
    input.setAttribute('aria-label', label);
    input.setAttribute('autocomplete', autocomplete);
    input.setAttribute('inputmode', 'numeric');
    input.placeholder = placeholder;
    input.size = size;
    input.style.cssText = 'border:0;outline:none;font:inherit;background:transparent;min-width:0;flex:' + size + ' 1 0;padding:4px';
    return input;
  }
  function CardElement() {
    var listeners = {};
    var wrap = document.createElement('div');
    wrap.setAttribute('data-stand-in', 'card-element');
    wrap.style.cssText = 'display:flex;gap:8px;align-items:center;width:100%';
    var number = field('Card number', 'cc-number', 19, 'Card number');
    var expiry = field('Expiry date (MM / YY)', 'cc-exp', 7, 'MM / YY');
    var cvc = field('CVC', 'cc-csc', 4, 'CVC');
    [number, expiry, cvc].forEach(function (input) {
      wrap.appendChild(input);
      input.addEventListener('input', function () {
        var digits = number.value.replace(/\D/g, '');
        var complete = digits.length >= 12 && /^\d{1,2}\s*\/\s*\d{2,4}$/.test(expiry.value.trim()) && /^\d{3,4}$/.test(cvc.value.trim());
        (listeners.change || []).forEach(function (fn) { fn({ elementType: 'card', empty: !digits && !expiry.value && !cvc.value, complete: complete, error: undefined }); });
      });
    });
    this._values = function () {
      var parts = expiry.value.split('/');
      var year = (parts[1] || '').trim();
      return { number: number.value.replace(/\D/g, ''), exp_month: (parts[0] || '').trim(), exp_year: year.length === 2 ? '20' + year : year, cvc: cvc.value.trim() };
    };
    this.mount = function (target) {
      var node = typeof target === 'string' ? document.querySelector(target) : target;
      node.appendChild(wrap);
      (listeners.ready || []).forEach(function (fn) { fn({ elementType: 'card' }); });
    };
    this.on = function (name, fn) { (listeners[name] = listeners[name] || []).push(fn); return this; };
    this.focus = function () { number.focus(); };
    this.clear = function () { number.value = ''; expiry.value = ''; cvc.value = ''; };
    this.unmount = function () { if (wrap.parentNode) wrap.parentNode.removeChild(wrap); };
    this.destroy = this.unmount;
  }
  function errorOf(json) {
    var e = (json && json.error) || {};
    return { type: e.type || 'api_error', code: e.code, message: e.message || 'The card could not be used.', param: e.param };
  }
  window.Stripe = function (key) {
    if (!key) throw new Error('Stripe(): a publishable key is required');
    return {
      elements: function () {
        return { create: function (type) { if (type !== 'card') throw new Error('stand-in Stripe.js makes card elements only'); return new CardElement(); } };
      },
      createPaymentMethod: function (params) {
        var card = params.card && params.card._values ? params.card._values() : params.card;
        return call(key, '/v1/payment_methods', { type: 'card', card: card, billing_details: params.billing_details }).then(function (r) {
          return r.ok ? { paymentMethod: r.json } : { error: errorOf(r.json) };
        });
      },
      handleNextAction: function (params) {
        var secret = params.clientSecret;
        var id = String(secret).split('_secret_')[0];
        return new Promise(function (resolve) {
          var dialog = document.createElement('dialog');
          dialog.setAttribute('aria-label', 'Stripe stand-in: confirm the payment with your bank');
          var text = document.createElement('p');
          text.textContent = 'Test bank: confirm this payment?';
          var yes = document.createElement('button');
          yes.textContent = 'Complete authentication';
          var no = document.createElement('button');
          no.textContent = 'Fail authentication';
          dialog.appendChild(text); dialog.appendChild(yes); dialog.appendChild(no);
          document.body.appendChild(dialog);
          dialog.showModal();
          function answer(approve) {
            dialog.close(); dialog.remove();
            call(key, '/_stand-in/payment_intents/' + id + '/authenticate', { client_secret: secret, approve: approve }).then(function (r) {
              resolve(r.ok ? { paymentIntent: r.json } : { error: errorOf(r.json) });
            });
          }
          yes.addEventListener('click', function () { answer(true); });
          no.addEventListener('click', function () { answer(false); });
        });
      },
    };
  };
})();
`;
