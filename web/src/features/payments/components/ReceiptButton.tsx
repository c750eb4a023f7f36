import { useState } from 'react';
import { Button, Spinner, type ButtonProps } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { downloadBlob } from '../../../lib/download.ts';
import { notify } from '../../../lib/notify.ts';
import { fetchReceipt } from '../api/payments.ts';

/** Downloads a succeeded payment's receipt (PDF); says so when it cannot. */
export function ReceiptButton({ checkoutId, children = 'Download receipt', ...props }: { checkoutId: string; children?: string } & Pick<ButtonProps, 'appearance' | 'size' | 'aria-label'>) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { blob, fileName } = await fetchReceipt(checkoutId);
      if (!downloadBlob(blob, fileName)) notify.error('The receipt could not be saved. Try again.');
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'The receipt could not be downloaded. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button {...props} icon={busy ? <Spinner size="tiny" /> : <ArrowDownloadRegular />} disabledFocusable={busy} onClick={() => void download()}>
      {busy ? 'Downloading…' : children}
    </Button>
  );
}
