import { useState, type KeyboardEvent } from 'react';
import { Button, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, TagRegular } from '@fluentui/react-icons';
import type { PromoQuote } from '@acpg/contracts/promo-codes';
import { formatCents } from '../../../lib/money.ts';
import { quotePromoCode } from '../api/payments.ts';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', flexWrap: 'wrap' },
  input: { minWidth: 0, flex: '1 1 160px' },
  applied: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export interface PromoCodeFieldProps {
  /** What the code would take its discount off: a plan or a placed NHD order. */
  target: { plan_id: string } | { nhd_order_id: string } | { equity_enrollment_id: string };
  applied: PromoQuote | null;
  onApplied: (quote: PromoQuote | null) => void;
  /** While a payment is under way the code cannot change. */
  locked: boolean;
}

/**
 * An optional promo code: Apply asks the server what it takes off this plan and shows it, or says why it does not apply
 * (unknown, expired, not yet valid, not for this plan, used up); Remove takes it off again.
 */
export function PromoCodeField({ target, applied, onApplied, locked }: PromoCodeFieldProps) {
  const s = useStyles();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const apply = async () => {
    if (checking || locked) return;
    if (!text.trim()) {
      setError('Enter a promo code, or pay without one.');
      return;
    }
    setChecking(true);
    setError(null);
    try {
      onApplied(await quotePromoCode({ code: text.trim(), ...target }));
      setText('');
    } catch (e) {
      onApplied(null);
      setError(e instanceof Error ? e.message : 'The promo code could not be checked. Try again.');
    } finally {
      setChecking(false);
    }
  };
  // Enter in the code box applies the code; it must not submit (pay) the whole form.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void apply();
    }
  };

  if (applied) {
    return (
      <div className={s.applied} role="status">
        <TagRegular aria-hidden />
        <Text>
          Promo code <Text weight="semibold">{applied.code}</Text> applied: {formatCents(applied.discount_cents)} off
        </Text>
        <Button appearance="subtle" size="small" icon={<DismissRegular />} disabledFocusable={locked} onClick={() => onApplied(null)}>
          Remove
        </Button>
      </div>
    );
  }
  return (
    <Field label="Promo code (optional)" validationMessage={error} validationState={error ? 'error' : 'none'}>
      <div className={s.row}>
        <Input
          className={s.input}
          value={text}
          autoComplete="off"
          readOnly={locked}
          onChange={(_, d) => {
            setText(d.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button appearance="secondary" disabledFocusable={locked || checking} icon={checking ? <Spinner size="tiny" /> : undefined} onClick={() => void apply()}>
          {checking ? 'Checking…' : 'Apply'}
        </Button>
      </div>
    </Field>
  );
}
