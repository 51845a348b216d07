import { copyToClipboard } from '@starforge/host';

/** Copies `text` and says so ('Copied to clipboard!'). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <button type="button" className="sf-btn sf-btn-ghost nft-copy" onClick={() => void copyToClipboard(text)} aria-label={label}>
      Copy
    </button>
  );
}
