import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SourceTabs } from './source-tabs';

const files = [
  { name: 'src/Vault.sol', content: 'contract Vault {}' },
  { name: 'test/Vault.t.sol', content: 'contract VaultTest {}\n' },
];

/** Each tab's role, selection, focus order and the panel it controls, in order. */
const tabsOf = (html: string) =>
  [
    ...html.matchAll(
      /<button type="button" role="tab" id="([^"]+)" aria-selected="(true|false)" aria-controls="([^"]+)" tabindex="(-?\d)"[^>]*>([^<]+)<\/button>/g,
    ),
  ].map(([, id, selected, controls, tabindex, name]) => ({ id, selected, controls, tabindex, name }));

describe('SourceTabs', () => {
  it('is a labelled tablist whose selected tab alone is in the tab order and labels the panel', () => {
    const html = renderToStaticMarkup(<SourceTabs files={files} active={1} onSelect={() => {}} onChange={() => {}} />);
    expect(html).toContain('role="tablist" aria-label="Files"');
    const tabs = tabsOf(html);
    expect(tabs.map((t) => [t.name, t.selected, t.tabindex])).toEqual([
      ['src/Vault.sol', 'false', '-1'],
      ['test/Vault.t.sol', 'true', '0'],
    ]);
    const panel = html.match(/<div role="tabpanel" id="([^"]+)" aria-labelledby="([^"]+)"/);
    expect(panel?.[1]).toBe(tabs[1]?.controls);
    expect(panel?.[2]).toBe(tabs[1]?.id);
  });

  it('edits the selected file under a visible label bound to it, with the file name field and the actions', () => {
    const html = renderToStaticMarkup(<SourceTabs files={files} active={1} onSelect={() => {}} onChange={() => {}} />);
    const label = html.match(/<label for="([^"]+)">Solidity source of test\/Vault\.t\.sol<\/label>/);
    expect(label).not.toBeNull();
    expect(html).toContain(`<textarea id="${label?.[1]}"`);
    expect(html).toMatch(/<textarea [^>]*>contract VaultTest \{\}\n<\/textarea>/);
    const name = html.match(/<label for="([^"]+)">File name<\/label>/);
    expect(html).toContain(`<input id="${name?.[1]}" spellCheck="false" autoComplete="off" value="test/Vault.t.sol"/>`);
    expect(html).toMatch(/>Add file<\/button>.*>Rename file<\/button>.*>Remove file<\/button>/);
    expect(html).toContain('of 256 KiB in all');
  });

  it('read-only, shows the files with no way to change them', () => {
    const html = renderToStaticMarkup(<SourceTabs files={files} active={0} onSelect={() => {}} />);
    expect(tabsOf(html)).toHaveLength(2);
    expect(html).toMatch(/<textarea[^>]*readOnly=""/);
    expect(html).not.toMatch(/Add file|Rename file|Remove file|File name/);
  });

  it('cannot remove the only file', () => {
    const html = renderToStaticMarkup(<SourceTabs files={files.slice(0, 1)} active={0} onSelect={() => {}} onChange={() => {}} />);
    expect(html).toMatch(/<button type="button" class="sf-btn sf-btn-ghost" disabled="">Remove file<\/button>/);
  });
});
