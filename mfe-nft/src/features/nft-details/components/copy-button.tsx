import { nftMessages } from '@starforge/contracts/nft-constants';
import { toast } from '@starforge/host';

const copy = async (text: string) => {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(nftMessages.copied);
  } catch (error) {
    console.error('copy failed', error);
    toast.error('Could not copy to the clipboard');
  }
};

/** Copies `text` and says so ('Copied to clipboard!'). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <button type="button" className="sf-btn sf-btn-ghost nft-copy" onClick={() => void copy(text)} aria-label={label}>
      Copy
    </button>
  );
}
