/** A noun in the singular and the plural, e.g. `{ one: 'property', other: 'properties' }`. */
export interface Noun {
  one: string;
  other: string;
}

const rules = new Intl.PluralRules('en-US');

/** The noun's form for a count: `one` for 1, `other` for 0, 2, 1.5 … */
export const nounFor = (count: number, noun: Noun): string => (rules.select(count) === 'one' ? noun.one : noun.other);

/** A count with its noun: "1 property", "0 properties", "1,250 claims". */
export const countOf = (count: number, noun: Noun): string => `${count.toLocaleString('en-US')} ${nounFor(count, noun)}`;
