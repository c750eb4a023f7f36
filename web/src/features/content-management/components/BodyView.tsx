import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  list: { margin: 0, display: 'grid', gridTemplateColumns: 'minmax(100px, max-content) 1fr', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}` },
  term: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere', '& img': { maxWidth: '100%', height: 'auto' } },
  items: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

/** "cta_label" → "Cta label". */
const labelOf = (key: string) => {
  const words = key.replace(/_html$/, '').replace(/_id$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A document version read-only: its fields by name, lists as lists. `*_html` fields are the server's sanitized HTML
 * and the only thing rendered as HTML.
 */
export function BodyView({ body }: { body: unknown }) {
  const s = useStyles();
  if (Array.isArray(body)) {
    return (
      <ol className={s.items}>
        {body.map((item, i) => (
          <li key={i}>
            <BodyView body={item} />
          </li>
        ))}
      </ol>
    );
  }
  if (body === null || body === undefined || body === '') return <>—</>;
  if (typeof body !== 'object') return <>{String(body)}</>;
  return (
    <dl className={s.list}>
      {Object.entries(body as Record<string, unknown>).map(([key, value]) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt className={s.term}>{labelOf(key)}</dt>
          {key.endsWith('_html') && typeof value === 'string' ? (
            <dd className={s.value} dangerouslySetInnerHTML={{ __html: value }} />
          ) : (
            <dd className={s.value}>
              <BodyView body={value} />
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
