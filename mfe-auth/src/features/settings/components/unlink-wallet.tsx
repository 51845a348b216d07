import { useFormAction } from '@starforge/host';
import { ConfirmButton } from '@starforge/ui';
import { useUnlinkWallet } from '../api/use-unlink-wallet';
import { walletUnlinkErrorMessage } from '../settings-error-message';
import { settingsText } from '../settings-text';

interface UnlinkWalletProps {
  address: string;
  /** Rereads the profile, whose wallet is now empty. */
  onUnlinked: () => void;
}

/** 'Unlink Wallet' for an e-mail account's linked wallet, asked first; the profile's wallet is then empty. */
export function UnlinkWallet({ address, onUnlinked }: UnlinkWalletProps) {
  const unlink = useUnlinkWallet();
  const form = useFormAction({
    name: 'wallet unlink',
    check: () => ({ ok: true }) as const,
    run: () => unlink.run(address),
    success: () => settingsText.walletUnlinked,
    onSuccess: onUnlinked,
    failure: walletUnlinkErrorMessage,
  });
  return (
    <div className="auth-status-action">
      <ConfirmButton
        label={settingsText.unlinkWallet}
        question={settingsText.unlinkQuestion}
        confirm={settingsText.confirmUnlink}
        cancel={settingsText.keepLinked}
        busy={unlink.busy}
        onConfirm={() => void form.run()}
        error={form.error}
      />
    </div>
  );
}
