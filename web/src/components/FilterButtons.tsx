import { Button } from '@fluentui/react-components';

/** A filter form's two actions: Apply filters (its submit) and Clear. */
export function FilterButtons({ onClear }: { onClear: () => void }) {
  return (
    <>
      <Button type="submit" appearance="primary">
        Apply filters
      </Button>
      <Button appearance="secondary" onClick={onClear}>
        Clear
      </Button>
    </>
  );
}
