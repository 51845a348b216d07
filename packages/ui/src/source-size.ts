import { CONTRACT_SOURCE_MAX_BYTES } from '@starforge/contracts/rewards';

/** A source's size as the API counts it (UTF-8 bytes), for the editor's counter. */
export const sourceSize = (source: string): { bytes: number; text: string; tooLarge: boolean } => {
  const bytes = new TextEncoder().encode(source).length;
  const text = bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KiB`;
  return { bytes, text, tooLarge: bytes > CONTRACT_SOURCE_MAX_BYTES };
};
