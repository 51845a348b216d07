import type { Page, TestInfo } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { signInViaApi } from './support/marketplace';
import { showcaseAccount } from './support/showcase';

/**
 * A row of cards: the container whose children are the cards, and how many it holds once loaded
 * (a list that other journeys also fill holds at least one). A `set` is a fixed number of cards,
 * each of its lines must fill or stand centred; a `list` grows with the data and sits under a
 * left-aligned heading, so each of its lines starts at the container's left edge (one to three
 * cards never float mid-page).
 */
interface CardRow {
  name: string;
  selector: string;
  kind: 'set' | 'list';
  cards?: number;
}

/** One line of cards inside a row container: how far its first card stands from the container's left, its last from the right. */
interface Line {
  cards: number;
  leftGap: number;
  rightGap: number;
}

const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
  { name: 'wide', viewport: { width: 1920, height: 1080 } },
] as const;

/** Rounding of sub-pixel layout: a line whose gaps differ by less than this is centred, a gap under it is none. */
const tolerance = 3;

/** The container's content box and its visible children, grouped into lines by their top edge. */
const linesOf = (page: Page, selector: string): Promise<Line[]> =>
  page
    .locator(selector)
    .first()
    .evaluate((container) => {
      const box = container.getBoundingClientRect();
      const style = getComputedStyle(container);
      const left = box.left + Number.parseFloat(style.borderLeftWidth) + Number.parseFloat(style.paddingLeft);
      const right = box.right - Number.parseFloat(style.borderRightWidth) - Number.parseFloat(style.paddingRight);
      const lines = new Map<number, DOMRect[]>();
      for (const child of Array.from(container.children)) {
        const rect = child.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        const top = [...lines.keys()].find((t) => Math.abs(t - rect.top) < 2) ?? rect.top;
        lines.set(top, [...(lines.get(top) ?? []), rect]);
      }
      return [...lines.values()].map((rects) => ({
        cards: rects.length,
        leftGap: Math.min(...rects.map((r) => r.left)) - left,
        rightGap: right - Math.max(...rects.map((r) => r.right)),
      }));
    });

/**
 * Waits for the row to hold its cards, saves the screen to test-results, and checks that every
 * line of a set spans the container (no gap at either end) or stands in its middle, and that every
 * line of a list starts at the container's left edge.
 */
const expectRowsFill = async (page: Page, testInfo: TestInfo, screen: string, rows: readonly CardRow[]) => {
  for (const row of rows) {
    const cards = page.locator(row.selector).first().locator(':scope > *');
    if (row.cards === undefined) await expect(cards.first(), `${screen}: ${row.name}`).toBeVisible();
    else await expect(cards, `${screen}: ${row.name}`).toHaveCount(row.cards);
    await expect(page.locator(row.selector).first()).not.toHaveAttribute('aria-busy', 'true');
  }
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: testInfo.outputPath(`${screen.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing'}.png`), fullPage: true });
  for (const row of rows) {
    const lines = await linesOf(page, row.selector);
    lines.forEach((line, index) => {
      const spans = line.leftGap < tolerance && line.rightGap < tolerance;
      const centred = Math.abs(line.leftGap - line.rightGap) < tolerance;
      const startsLeft = Math.abs(line.leftGap) < tolerance;
      expect
        .soft(
          row.kind === 'set' ? spans || centred : startsLeft,
          `${screen}: ${row.name}, line ${index + 1} of ${lines.length} (${line.cards} cards) leaves ${line.leftGap.toFixed(0)} px on the left and ${line.rightGap.toFixed(0)} px on the right`,
        )
        .toBe(true);
    });
  }
};

for (const { name, viewport } of widths) {
  test.describe(`at a ${name} width (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('sets of cards fill their width or stand centred, lists start at the left, signed out and signed in', async ({
      page,
      playwright,
      baseURL,
    }, testInfo) => {
      // Twenty-two screens in one walk: 20 s alone, past the 60 s journey limit on two busy cores (seen in a full run).
      test.slow();
      await page.goto('/');
      await expectRowsFill(page, testInfo, '/', [{ name: 'the feature cards', selector: '#features', kind: 'set', cards: 3 }]);
      await page.goto('/pricing');
      await expectRowsFill(page, testInfo, '/pricing signed out', [{ name: 'the plans', selector: '.plans-grid', kind: 'set', cards: 2 }]);

      const showcase = await showcaseAccount(playwright, baseURL ?? '');
      await signInViaApi(page, showcase.creator);
      await page.goto('/dashboard');
      await expectRowsFill(page, testInfo, '/dashboard', [
        { name: 'the stat cards', selector: '[data-testid="dashboard-stats"]', kind: 'set', cards: 6 },
        { name: 'the navigation cards', selector: 'section[aria-labelledby="dashboard-nav-title"] .sf-grid', kind: 'set', cards: 6 },
      ]);
      await page.goto('/rewards');
      await expectRowsFill(page, testInfo, '/rewards', [
        { name: 'the stat cards', selector: '.sf-stat-grid', kind: 'set', cards: 4 },
        { name: 'the achievements', selector: '.rewards-achievements', kind: 'set', cards: 6 },
      ]);
      await page.goto('/balance');
      await expectRowsFill(page, testInfo, '/balance', [{ name: 'the stat cards', selector: '.sf-stat-grid', kind: 'set', cards: 5 }]);
      await page.goto(`/marketplace?q=${showcase.tag}`);
      await expectRowsFill(page, testInfo, '/marketplace', [{ name: 'the listings', selector: '.market-grid', kind: 'list', cards: 2 }]);
      await page.goto('/nfts');
      await expectRowsFill(page, testInfo, '/nfts', [{ name: 'the collection', selector: '.nft-grid', kind: 'list', cards: 3 }]);
      await page.goto('/projects');
      await expectRowsFill(page, testInfo, '/projects', [{ name: 'the projects', selector: '.bounties-grid', kind: 'list' }]);
      await page.goto(`/bounties?project=${showcase.projectId}`);
      await expectRowsFill(page, testInfo, '/bounties', [{ name: 'the bounties', selector: '.bounties-grid', kind: 'list', cards: 3 }]);
      await page.goto(`/bug-bounties?q=${showcase.tag}`);
      await expectRowsFill(page, testInfo, '/bug-bounties', [{ name: 'the open bounties', selector: '.bounty-grid', kind: 'list', cards: 2 }]);
      await page.goto('/pricing');
      await expectRowsFill(page, testInfo, '/pricing signed in', [{ name: 'the plans', selector: '.plans-grid', kind: 'set', cards: 2 }]);
    });
  });
}
