import { describe, expect, it } from 'vitest';
import { filesSize, newFileName, removeFile, renameProblem, tabAfterKey } from './source-files';

const files = [
  { name: 'src/Vault.sol', content: 'contract Vault {}' },
  { name: 'test/Vault.t.sol', content: 'contract VaultTest {}' },
  { name: 'File3.sol', content: '' },
];

describe('the editor’s files', () => {
  it('names a new file with a name no file has', () => {
    expect(newFileName([])).toBe('File1.sol');
    expect(newFileName(files.slice(0, 2))).toBe('File3.sol');
    expect(newFileName(files)).toBe('File4.sol');
    expect(newFileName([{ name: 'File2.sol', content: '' }])).toBe('File3.sol');
  });

  it('refuses a rename to a bad name or to another file’s name, in the API’s words', () => {
    expect(renameProblem(files, 2, 'test/Other.t.sol')).toBeNull();
    expect(renameProblem(files, 0, 'src/Vault.sol')).toBeNull();
    expect(renameProblem(files, 2, 'src/Vault.sol')).toBe('Two files are named src/Vault.sol.');
    expect(renameProblem(files, 2, 'Vault.txt')).toBe(
      `A file name is a path ending in .sol, with letters, digits, '-', '_' and '.' only ("Vault.txt" is not).`,
    );
    expect(renameProblem(files, 2, '../Up.sol')).toMatch(/^A file name is a path ending in \.sol/);
    expect(renameProblem(files, 2, 'forge-std/Test.sol')).toMatch(/^A file name is a path ending in \.sol/);
  });

  it('removes a file and activates the one beside it, never the last file', () => {
    expect(removeFile(files, 2)).toEqual({ files: files.slice(0, 2), active: 1 });
    expect(removeFile(files, 0)).toEqual({ files: files.slice(1), active: 0 });
    expect(removeFile(files.slice(0, 1), 0)).toEqual({ files: files.slice(0, 1), active: 0 });
  });

  it('moves between tabs with the arrow keys, wrapping, and Home and End', () => {
    expect(tabAfterKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabAfterKey('ArrowLeft', 0, 3)).toBe(2);
    expect(tabAfterKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabAfterKey('Home', 2, 3)).toBe(0);
    expect(tabAfterKey('End', 0, 3)).toBe(2);
    expect(tabAfterKey('a', 0, 3)).toBeNull();
  });

  it('counts the files’ bytes together against 256 KiB', () => {
    expect(filesSize(files)).toMatchObject({ bytes: 38, text: '38 bytes', tooLarge: false });
    expect(filesSize([{ name: 'A.sol', content: 'é'.repeat(131_073) }])).toMatchObject({ text: '256.0 KiB', tooLarge: true });
  });
});
