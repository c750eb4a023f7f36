import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { formatDateUs } from '../../../lib/dates.ts';

/** The bundled placeholder profile photo (260x250), where a person has no photo of their own. */
export const PROFILE_PLACEHOLDER = '/profile-placeholder.png';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  photo: { width: '36px', height: '36px', borderRadius: '50%', objectFit: 'cover', flexShrink: 0, backgroundColor: tokens.colorNeutralBackground3 },
  text: { display: 'flex', flexDirection: 'column' },
  name: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  date: { color: tokens.colorNeutralForeground2 },
});

/** A post's author (with the placeholder photo) and its date. */
export function AuthorLine({ author, date }: { author: string; date: string | null }) {
  const s = useStyles();
  return (
    <div className={s.row}>
      <img className={s.photo} src={PROFILE_PLACEHOLDER} alt="" width={36} height={36} loading="lazy" />
      <span className={s.text}>
        <Caption1 className={s.name}>{author}</Caption1>
        {date && <Caption1 className={s.date}>{formatDateUs(date)}</Caption1>}
      </span>
    </div>
  );
}
