import { toast } from './toast';

/** The spec's words for a copy (section 8). */
export const COPIED_MESSAGE = 'Copied to clipboard!';

/** Copies `text` and says so ('Copied to clipboard!'), or says that it could not. */
export const copyToClipboard = async (text: string): Promise<void> => {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(COPIED_MESSAGE);
  } catch (error) {
    console.error('copy failed', error);
    toast.error('Could not copy to the clipboard');
  }
};
