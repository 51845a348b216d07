import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { textOf } from '../../../shared/lib/text-of';
import { codeVersionSummarySchema, projectFindingSchema } from '@starforge/contracts/bounties';
import { CodeEditor } from './code-editor';
import { CodeVersions } from './code-versions';
import { FindingsList } from './project-findings';

const version = (n: number, check_status: 'running' | 'compiled' | 'does_not_compile', check_summary: string | null) =>
  codeVersionSummarySchema.parse({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    version: n,
    created_at: '2026-11-28T06:00:00.000Z',
    check_status,
    check_summary,
  });

describe('CodeVersions', () => {
  const versions = [
    version(3, 'running', null),
    version(2, 'does_not_compile', 'Vault.sol:4: ParserError: Expected ";"'),
    version(1, 'compiled', 'Compiled: 1 contract.'),
  ];
  const html = renderToStaticMarkup(<CodeVersions versions={versions} />);

  it('lists each version newest first with its check and the engine’s sentence', () => {
    expect(textOf(html)).toMatch(
      /Version 3 Checking… .*Version 2 Does not compile .*Vault\.sol:4: ParserError: Expected ";" Version 1 Compiled .*Compiled: 1 contract\./,
    );
    expect([...html.matchAll(/data-status="([a-z_]+)"/g)].map((m) => m[1])).toEqual(['running', 'does_not_compile', 'compiled']);
  });

  it('announces the newest version’s check in a live region', () => {
    expect(html).toMatch(/<p class="sf-visually-hidden" role="status" aria-live="polite">Version 3: Checking…<\/p>/);
    const checked = renderToStaticMarkup(<CodeVersions versions={[version(3, 'compiled', 'Compiled: 2 contracts.'), ...versions.slice(1)]} />);
    expect(checked).toContain('role="status" aria-live="polite">Version 3: Compiled Compiled: 2 contracts.</p>');
  });
});

describe('FindingsList', () => {
  const finding = (state: 'checking' | 'fixed' | 'still_reproduces', title: string, fixed: number | null) =>
    projectFindingSchema.parse({
      completion_id: crypto.randomUUID(),
      bounty_id: crypto.randomUUID(),
      bounty_title: title,
      severity: 'critical',
      approved_at: '2026-11-27T12:00:00.000Z',
      found_in_version: 1,
      state,
      fixed_in_version: fixed,
      checked_version: 3,
    });

  it('says per finding where it stands against the newest version, in a live list', () => {
    const html = renderToStaticMarkup(
      <FindingsList
        findings={[
          finding('fixed', 'Reentrancy drains the vault', 3),
          finding('still_reproduces', 'Rounding skims fees', null),
          finding('checking', 'Oracle stale price', null),
        ]}
      />,
    );
    expect(html).toContain('<ul class="bounty-code-findings" aria-live="polite">');
    expect(textOf(html)).toMatch(
      /Reentrancy drains the vault Severity: Critical Found in version 1, approved Nov 27, 2026 fixed in version 3 Rounding skims fees .* still reproduces Oracle stale price .* Checking against version 3…/,
    );
  });
});

describe('CodeEditor', () => {
  it('starts from the newest version’s files as tabs, with "Save as new version"', () => {
    const latest = {
      ...version(2, 'compiled', null),
      project_id: '00000000-0000-4000-8000-0000000000aa',
      sources: [
        { name: 'Vault.sol', content: 'contract Vault {}' },
        { name: 'Token.sol', content: 'contract Token {}' },
      ],
    };
    const html = renderToStaticMarkup(<CodeEditor projectId={latest.project_id} latest={latest} onSaved={() => {}} />);
    expect(textOf(html)).toContain('Sources (version 2)');
    expect([...html.matchAll(/role="tab"[^>]*>([^<]+)<\/button>/g)].map((m) => m[1])).toEqual(['Vault.sol', 'Token.sol']);
    expect(html).toMatch(/<label for="([^"]+)">Solidity source of Vault\.sol<\/label>/);
    expect(html).toMatch(/<button type="submit" class="sf-btn sf-btn-primary" aria-busy="false">Save as new version<\/button>/);
  });

  it('starts a project without code from one empty file', () => {
    const html = renderToStaticMarkup(<CodeEditor projectId="p" latest={null} onSaved={() => {}} />);
    expect([...html.matchAll(/role="tab"[^>]*>([^<]+)<\/button>/g)].map((m) => m[1])).toEqual(['Contract.sol']);
  });
});
