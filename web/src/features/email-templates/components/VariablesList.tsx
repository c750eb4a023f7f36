import { Button, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { TemplateVariable } from '@acpg/contracts/email-templates';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  name: { fontFamily: tokens.fontFamilyMonospace, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});

const sampleText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The variables a template may use, each with its type and sample, and a button that puts `{{ name }}` at the caret. */
export function VariablesList({ variables, onInsert, target }: { variables: readonly TemplateVariable[]; onInsert: (name: string) => void; target: string }) {
  const s = useStyles();
  return (
    <div>
      <Subtitle2 as="h2">Variables</Subtitle2>
      <Text as="p" block className={s.muted}>
        Insert puts the variable where the cursor was in the last field you edited ({target}). A variable not listed here is refused when you save.
      </Text>
      <ul className={s.list}>
        {variables.map((v) => (
          <li key={v.name} className={s.item}>
            <div>
              <span className={s.name}>{`{{ ${v.name} }}`}</span>{' '}
              <Text size={200} className={s.muted}>
                {v.type}
                {v.optional ? ', optional' : ''}
              </Text>
              {v.description && (
                <Text block size={200}>
                  {v.description}
                </Text>
              )}
              <Text block size={200} className={s.muted}>
                Sample: {v.sample === null || v.sample === undefined ? '(none)' : sampleText(v.sample)}
              </Text>
            </div>
            <Button size="small" onClick={() => onInsert(v.name)} aria-label={`Insert ${v.name}`}>
              Insert
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
