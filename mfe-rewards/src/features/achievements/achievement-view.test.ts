import { describe, expect, it } from 'vitest';
import { achievementsOrDefaults, progressText } from './achievement-view';

describe('achievement view', () => {
  it('lists the spec six with no progress when the server did not answer', () => {
    const list = achievementsOrDefaults(undefined);
    expect(list.map((a) => [a.name, a.target, a.points])).toEqual([
      ['First Test', 1, 50],
      ['NFT Creator', 1, 100],
      ['Test Master', 10, 250],
      ['NFT Collector', 5, 300],
      ['Perfectionist', 95, 500],
      ['Weekly Warrior', 500, 200],
    ]);
    expect(list.every((a) => a.progress === 0 && a.unlocked_at === null)).toBe(true);
  });

  it('says the progress in the measure of each achievement, capped at the target', () => {
    const [firstTest, , testMaster, collector, perfectionist, warrior] = achievementsOrDefaults(undefined);
    expect(progressText({ ...testMaster!, progress: 3 })).toBe('3 / 10 tests');
    expect(progressText({ ...firstTest!, progress: 12 })).toBe('1 / 1 tests');
    expect(progressText({ ...collector!, progress: 2 })).toBe('2 / 5 NFTs');
    expect(progressText({ ...perfectionist!, progress: 87.25 })).toBe('87.3% / 95% success');
    expect(progressText({ ...warrior!, progress: 1200 })).toBe('500 / 500 points this week');
  });
});
