import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, justifyContent: 'flex-end', paddingBlock: tokens.spacingVerticalM },
});

/** Previous/Next stay focusable at the ends (aria-disabled), so a keyboard user's focus is not dropped on the last page. */
export function Pagination({ page, pageSize, total, onPage, label = 'Pagination' }: { page: number; pageSize: number; total: number; onPage: (page: number) => void; label?: string }) {
  const s = useStyles();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={label} className={s.root}>
      <Text>
        Page {page} of {pages} · {total} in all
      </Text>
      <Button icon={<ChevronLeftRegular />} disabledFocusable={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button icon={<ChevronRightRegular />} iconPosition="after" disabledFocusable={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
