import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { bountySchema } from '@starforge/contracts/bounties';
import { CompletionForm } from './completion-form';

const bounty = (code_version: number | null) =>
  bountySchema.parse({
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Drain the vault',
    description: 'Find a way to take more than you put in.',
    severity: 'critical',
    reward_cents: 50_000,
    project_id: '00000000-0000-4000-8000-000000000002',
    project_name: 'Vault',
    status: 'claimed',
    created_at: '2026-11-27T12:00:00.000Z',
    creator_name: 'Ada',
    created_by_me: false,
    claimed_by_me: true,
    review_seconds: null,
    claim_days: 7,
    claim_lapses_at: '2026-12-04T12:00:00.000Z',
    code_version,
  });

const render = (codeVersion: number | null) => renderToStaticMarkup(<CompletionForm bounty={bounty(codeVersion)} completion={null} onSubmitted={() => {}} />);

describe('CompletionForm with an executable proof (issue 28)', () => {
  it('offers a proof test file beside the proof text and URL when the bounty names a code version', () => {
    const html = render(3);
    expect(html).toMatch(/Completion proof.*Completion URL \(optional\).*<legend>Executable proof \(optional\)<\/legend>/s);
    expect(html).toContain('against version 3 of the project’s code');
    const name = html.match(/<label for="([^"]+)">Proof file name<\/label>/);
    expect(html).toMatch(new RegExp(`<input id="${name?.[1]}"[^>]*value="Proof.t.sol"`));
    const source = html.match(/<label for="([^"]+)">Solidity source of Proof\.t\.sol<\/label>/);
    expect(html).toMatch(new RegExp(`<textarea id="${source?.[1]}"`));
    expect(html).not.toMatch(/<textarea id="[^"]+"[^>]*readOnly=""[^>]*><\/textarea>/);
    expect(html).toContain('aria-label="Project code, version 3"');
  });

  it('is the spec’s form alone when the bounty has no code version', () => {
    const html = render(null);
    expect(html).toContain('Completion proof');
    expect(html).not.toMatch(/Executable proof|Proof file name|Project code/);
  });
});
