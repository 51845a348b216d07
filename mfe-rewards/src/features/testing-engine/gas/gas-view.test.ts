import { describe, expect, it } from 'vitest';
import { GAS_VERDICTS } from '@starforge/contracts/rewards';
import { beforeAfterText, changeText, chartOf, gasSummary, runLabel, thresholdText, verdictWords } from './gas-view';

const run = { id: 'r1', status: 'completed' as const, completed_at: '2026-11-28T02:40:12.345Z' };

describe('the Gas section’s words', () => {
  it('says every verdict in words, a regression as more gas', () => {
    expect(GAS_VERDICTS.map((v) => verdictWords[v].text)).toEqual(['More gas', 'Less gas', 'Within threshold', 'New', 'Removed', 'Test failed']);
    expect(new Set(GAS_VERDICTS.map((v) => verdictWords[v].text)).size).toBe(GAS_VERDICTS.length);
  });

  it('shows before → after and the change with its sign and percent', () => {
    expect(beforeAfterText(60_000, 61_000)).toBe('60,000 → 61,000');
    expect(beforeAfterText(null, 7_000)).toBe('— → 7,000');
    expect(changeText({ delta: 1_000, percent: 1.67 })).toBe('+1,000 gas (+1.67 %)');
    expect(changeText({ delta: -1_000, percent: -1.67 })).toBe('−1,000 gas (−1.67 %)');
    expect(changeText({ delta: 0, percent: 0 })).toBe('±0 gas');
    expect(changeText({ delta: 5, percent: null })).toBe('+5 gas');
    expect(changeText({ delta: null, percent: null })).toBe('—');
  });

  it('names the threshold, the run compared with and how many regressions there are', () => {
    expect(thresholdText({ pct: 1, gas: 500 })).toBe('±1 % or ±500 gas, whichever is larger');
    expect(runLabel(run)).toBe('Nov 28, 02:40:12 UTC · completed');
    expect(gasSummary({ regressions: 0, against: null, threshold: { pct: 1, gas: 500 } })).toBe(
      'The first run of this suite: nothing earlier to compare with.',
    );
    expect(gasSummary({ regressions: 2, against: run, threshold: { pct: 1, gas: 500 } })).toBe(
      '2 tests and functions cost more gas than in the run of Nov 28, 02:40:12 UTC · completed, beyond ±1 % or ±500 gas, whichever is larger.',
    );
    expect(gasSummary({ regressions: 0, against: run, threshold: { pct: 0, gas: 0 } })).toMatch(/^No test or function costs more gas than/);
  });
});

describe('a row’s chart', () => {
  it('spreads the runs along x and the gas from lowest (bottom) to highest (top)', () => {
    const chart = chartOf([100, 200, 150], 108, 58);
    expect(chart.points.map((p) => [p.x, p.y])).toEqual([
      [4, 54],
      [54, 4],
      [104, 29],
    ]);
    expect(chart.path).toBe('M4 54 L54 4 L104 29');
    expect([chart.min, chart.max]).toEqual([100, 200]);
  });

  it('leaves a gap where a run did not measure the row, and draws a flat series in the middle', () => {
    expect(chartOf([100, null, 100, 100], 60, 20).path).toBe('M4 10 M38.7 10 L56 10');
    expect(chartOf([7], 60, 20).points).toEqual([{ index: 0, gas: 7, x: 30, y: 10 }]);
    expect(chartOf([null, null], 60, 20)).toMatchObject({ points: [], path: '' });
  });
});
