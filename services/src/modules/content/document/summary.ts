/** A value's canonical JSON (object keys sorted): two bodies are the same document when these are equal. */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
export const sameBody = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

const words = (field: string) => field.replace(/_html$/, '').replace(/_id$/, '').replace(/_/g, ' ');
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What changed in a list: items added, removed, edited, reordered (items with an `id` are followed by it). */
const listChange = (field: string, before: unknown[], after: unknown[]): string => {
  const idOf = (item: unknown, index: number) => (item !== null && typeof item === 'object' && 'id' in item ? String((item as { id: unknown }).id) : `#${index}`);
  const beforeIds = before.map(idOf);
  const afterIds = after.map(idOf);
  const added = afterIds.filter((id) => !beforeIds.includes(id)).length;
  const removed = beforeIds.filter((id) => !afterIds.includes(id)).length;
  const edited = after.filter((item, i) => {
    const j = beforeIds.indexOf(afterIds[i] ?? '');
    return j >= 0 && !sameBody(item, before[j]);
  }).length;
  const kept = afterIds.filter((id) => beforeIds.includes(id));
  const reordered = kept.join('\n') !== beforeIds.filter((id) => afterIds.includes(id)).join('\n');
  const parts = [
    added ? `${plural(added, 'item')} added` : '',
    removed ? `${plural(removed, 'item')} removed` : '',
    edited ? `${plural(edited, 'item')} edited` : '',
    reordered ? 'reordered' : '',
  ].filter(Boolean);
  return `${words(field)}: ${parts.join(', ') || 'changed'}`;
};

/** In words, what a new draft changes from the one before ("First draft", "Edited title, hero; items: 1 item added"). */
export const changeSummary = (before: unknown, after: unknown): string => {
  if (before === null || typeof before !== 'object' || after === null || typeof after !== 'object') return 'First draft';
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((field) => !sameBody(b[field], a[field]));
  const lists = fields.filter((field) => Array.isArray(a[field]) && Array.isArray(b[field]));
  const plain = fields.filter((field) => !lists.includes(field));
  const parts = [plain.length ? `Edited ${plain.map(words).join(', ')}` : '', ...lists.map((field) => listChange(field, b[field] as unknown[], a[field] as unknown[]))].filter(Boolean);
  return parts.join('; ');
};
