import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { textOf } from '../../lib/text-of';
import { ProofBlock } from './proof-block';
import { proofOf } from './proof-fixture';

const render = (proof: ReturnType<typeof proofOf>) => renderToStaticMarkup(<ProofBlock bountyId="b1" proof={proof} onRerun={() => {}} />);

/** The live region's own markup. */
const liveRegion = (html: string) => html.match(/<div role="status" aria-live="polite"[^>]*>(.*?)<\/div>/)?.[1] ?? '';

describe('ProofBlock', () => {
  it('announces the verdict and why in a live region, with the version it ran against', () => {
    const html = render(proofOf('reproduces'));
    const live = textOf(liveRegion(html));
    expect(live).toContain('Reproduces against version 2');
    expect(live).toContain('testDrain passed: the vault paid out 2 ether for a 1 ether deposit.');
    for (const verdict of ['running', 'does_not_reproduce', 'does_not_compile'] as const)
      expect(textOf(liveRegion(render(proofOf(verdict))))).toContain(
        { running: 'Running the proof…', does_not_reproduce: 'Does not reproduce', does_not_compile: 'Does not compile' }[verdict],
      );
  });

  it('says which earlier completion it duplicates, by date, inside the live region', () => {
    const live = textOf(liveRegion(render(proofOf('reproduces', '2026-11-27T15:04:00.000Z'))));
    expect(live).toContain('Same finding as the completion submitted on Nov 27, 2026');
    expect(render(proofOf('reproduces'))).not.toContain('Same finding');
  });

  it('gives the gas and the exploiting test; a test that failed with its call trace when it does not reproduce', () => {
    const reproduces = textOf(render(proofOf('reproduces')));
    expect(reproduces).toContain('Gas 121,234 gas');
    expect(reproduces).toMatch(/What reproduces it Passed ProofTest\.testDrain\(\) Unit Gas 81,234 gas/);
    expect(reproduces).not.toContain('testDrainTwice');
    const html = render(proofOf('does_not_reproduce'));
    expect(textOf(html)).toMatch(/What did not hold Failed ProofTest\.testDrainTwice\(\)/);
    expect(html).toContain('<figure class="sf-trace"><figcaption>Call trace of testDrainTwice</figcaption>');
    expect(textOf(html)).toContain('Vault.withdraw() → revert: empty · 9,000 gas');
  });

  it('shows the proof file read-only under a label bound to it', () => {
    const html = render(proofOf('reproduces'));
    expect(textOf(html)).toContain('Proof file: Proof.t.sol');
    const label = html.match(/<label for="([^"]+)">Solidity source of Proof\.t\.sol<\/label>/);
    expect(html).toMatch(new RegExp(`<textarea id="${label?.[1]}"[^>]*readOnly=""`));
  });

  it('offers "Run proof again" as a real button, not while the proof runs', () => {
    expect(render(proofOf('reproduces'))).toMatch(/<button type="button" class="sf-btn sf-btn-secondary" aria-busy="false">Run proof again<\/button>/);
    expect(render(proofOf('running'))).toMatch(/<button type="button" class="sf-btn sf-btn-secondary" disabled="" aria-busy="false">Run proof again<\/button>/);
  });
});
