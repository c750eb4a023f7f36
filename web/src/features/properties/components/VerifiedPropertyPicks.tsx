import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, HomeRegular } from '@fluentui/react-icons';
import type { PropertySummary } from '@acpg/contracts/properties';
import { session } from '../../../lib/session.ts';
import { summaryOf, useVerifiedProperties } from '../api/verified-properties.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  picks: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, minWidth: 0 },
  pick: { maxWidth: '100%', whiteSpace: 'normal', textAlign: 'start', overflowWrap: 'anywhere' },
});

export interface VerifiedPropertyPicksProps {
  /** The property chosen now (its pick shows pressed). */
  selectedId: string | null;
  onPick: (property: PropertySummary) => void;
}

/**
 * The signed-in member's verified properties as one-click choices beside an address search, so a known address is not
 * typed again. Nothing for a visitor, or while the account has none (the search stays the way in).
 */
export function VerifiedPropertyPicks({ selectedId, onPick }: VerifiedPropertyPicksProps) {
  const s = useStyles();
  const titleId = useId();
  const auth = useSnapshot(session);
  const properties = useVerifiedProperties(auth.accessToken != null && auth.user != null);
  const items = properties.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className={s.root} role="group" aria-labelledby={titleId}>
      <Text id={titleId} weight="semibold">
        Your verified properties
      </Text>
      <div className={s.picks}>
        {items.map((p) => {
          const chosen = p.property_id === selectedId;
          return (
            <Button
              key={p.property_id}
              className={s.pick}
              appearance={chosen ? 'primary' : 'outline'}
              aria-pressed={chosen}
              icon={chosen ? <CheckmarkCircleRegular /> : <HomeRegular />}
              onClick={() => onPick(summaryOf(p))}
            >
              {`${p.address_line}, ${p.city}`}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
