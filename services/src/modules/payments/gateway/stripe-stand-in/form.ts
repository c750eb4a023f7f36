/**
 * Stripe's request bodies: `application/x-www-form-urlencoded` with bracketed keys (`metadata[checkout_id]=c1`,
 * `expand[0]=customer`), as the `stripe` library and Stripe.js encode them. Values stay strings, as Stripe reads them.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

const arrays = (value: FormValue): FormValue => {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => arrays(value[k] as FormValue));
  return Object.fromEntries(keys.map((k) => [k, arrays(value[k] as FormValue)]));
};

export const parseForm = (body: string): FormObject => {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: FormObject = root;
    path.forEach((part, i) => {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) node[name] = value;
      else {
        const next = node[name];
        node = typeof next === 'object' && !Array.isArray(next) ? next : (node[name] = {});
      }
    });
  }
  return arrays(root) as FormObject;
};

export const str = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
export const obj = (value: FormValue | undefined): FormObject => (typeof value === 'object' && !Array.isArray(value) ? value : {});
