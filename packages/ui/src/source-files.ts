import { SUITE_MAX_BYTES, SUITE_MAX_FILES, suiteFileNameProblem, type SuiteSource } from '@starforge/contracts/rewards';

/** The editor's files: each named by its import path, as a suite's run carries them. */
export type SourceFile = SuiteSource;

/** The name of the one file a one-file contract is edited in. */
export const FIRST_FILE_NAME = 'Contract.sol';

/** A name for a new file that no file has yet: File2.sol, File3.sol, … */
export const newFileName = (files: readonly SourceFile[]): string => {
  const taken = new Set(files.map((f) => f.name));
  let n = files.length + 1;
  while (taken.has(`File${n}.sol`)) n++;
  return `File${n}.sol`;
};

/** Whether another file can be added (a run takes at most SUITE_MAX_FILES). */
export const canAddFile = (files: readonly SourceFile[]): boolean => files.length < SUITE_MAX_FILES;

/** What is wrong with renaming file `index` to `name`, in the API's words; null when it may. */
export const renameProblem = (files: readonly SourceFile[], index: number, name: string): string | null =>
  suiteFileNameProblem(name) ?? (files.some((f, i) => i !== index && f.name === name) ? `Two files are named ${name}.` : null);

/** The files without file `index`, and which tab is active after (the one beside it). Never removes the last file. */
export const removeFile = (files: readonly SourceFile[], index: number): { files: SourceFile[]; active: number } => {
  if (files.length <= 1) return { files: [...files], active: 0 };
  const rest = files.filter((_, i) => i !== index);
  return { files: rest, active: Math.min(index, rest.length - 1) };
};

/** The tab a key moves to in a tablist of `count` tabs (WAI-ARIA: arrows wrap, Home, End); null for other keys. */
export const tabAfterKey = (key: string, index: number, count: number): number | null => {
  if (count < 1) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
};

const utf8 = new TextEncoder();

/** The files' size together, as the API counts it, for the editor's counter. */
export const filesSize = (files: readonly SourceFile[]): { bytes: number; text: string; tooLarge: boolean } => {
  const bytes = files.reduce((sum, f) => sum + utf8.encode(f.content).length, 0);
  const text = bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KiB`;
  return { bytes, text, tooLarge: bytes > SUITE_MAX_BYTES };
};
