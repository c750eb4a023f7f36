import { Badge, Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { VerifiedProperty } from '@acpg/contracts/properties';
import { formatDateUs } from '../../../lib/dates.ts';
import { useSectionStyles } from './form-styles.ts';

const useStyles = makeStyles({
  list: { margin: 0, paddingInlineStart: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', overflowWrap: 'anywhere' },
});

/** The properties the member verified, each with its verification state and date. */
export function PropertiesCard({ properties, error, onRetry }: { properties: readonly VerifiedProperty[] | null; error: string | null; onRetry: () => void }) {
  const s = useSectionStyles();
  const p = useStyles();
  return (
    <Card className={s.card}>
      <Text as="h2" size={500} weight="semibold" className={s.flush}>
        Properties
      </Text>
      {error && (
        <div className={s.row}>
          <Text>Your properties could not be loaded: {error}</Text>
          <Button size="small" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
      {properties && properties.length === 0 && <Text>No verified properties yet.</Text>}
      {properties && properties.length > 0 && (
        <ul className={p.list} aria-label="Your verified properties">
          {properties.map((property) => (
            <li key={property.property_id} className={p.item}>
              <span>
                <Text weight="semibold">{property.address_line}</Text>
                <Text block size={200}>{`${property.city}, ${property.state} ${property.zip} · ${property.county} County · APN ${property.apn}`}</Text>
              </span>
              <Badge appearance="tint" color="success">{`Verified ${formatDateUs(property.verified_at)}`}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
