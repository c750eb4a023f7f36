import { makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  // A name wraps between words; an id (no name known) keeps one line, cut with an ellipsis (the whole id is its title).
  name: { display: 'block', minWidth: '12ch', maxWidth: '24ch' },
  id: { display: 'block', maxWidth: '16ch', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/**
 * A person in a list: their name (lib/account-names.ts useAccountNames) or, when none is known, their id on one line.
 * Cut only visually: screen readers read the whole text; the title shows the whole id on hover.
 */
export function PersonName({ id, name }: { id: string | null; name: string | null }) {
  const s = useStyles();
  if (!id) return <>—</>;
  return (
    <span className={name ? s.name : s.id} title={name ? `${name} (${id})` : id}>
      {name ?? id}
    </span>
  );
}
