import type { Page, TestInfo } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { signInViaApi } from './support/marketplace';
import { showcaseAccount } from './support/showcase';
import { newAccount, signUpViaApi } from './support/accounts';

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

test.describe('the welcome line', () => {
  for (const width of [320, 1280]) {
    test(`a long e-mail's name ends in an ellipsis at ${width} px, whole in the heading's text and title`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const account = newAccount('mission-control-operator.night-shift.long-name');
      const name = account.email.split('@')[0] ?? '';
      await signUpViaApi(page, account);
      await page.goto('/dashboard');
      const heading = page.getByRole('heading', { level: 1, name: `Welcome back, ${name}!` });
      await expect(heading).toBeVisible();
      const measured = await heading.evaluate((h1) => {
        // How far right the heading's own text and its boxes (as clipped) reach, on any of its lines.
        const rights = Array.from(h1.childNodes).flatMap((node) => {
          if (node instanceof Element) return [node.getBoundingClientRect().right];
          const range = document.createRange();
          range.selectNodeContents(node);
          return Array.from(range.getClientRects(), (rect) => rect.right);
        });
        // What 30 characters of the name take in the heading's font: the most it may show.
        const sample = document.createElement('span');
        sample.style.whiteSpace = 'pre';
        sample.textContent = (h1.textContent ?? '').replace(/^Welcome back, /, '').slice(0, 30);
        h1.append(sample);
        const thirtyCharacters = sample.getBoundingClientRect().width;
        sample.remove();
        const name = h1.querySelector('[title]');
        const box = h1.getBoundingClientRect();
        return {
          pageWidth: document.documentElement.scrollWidth,
          lines: Math.round(box.height / Number.parseFloat(getComputedStyle(h1).lineHeight)),
          textWidth: Math.max(...rights) - box.left,
          nameWidth: name?.getBoundingClientRect().width ?? Math.max(...rights) - box.left,
          thirtyCharacters,
        };
      });
      expect(measured.pageWidth, 'the page scrolls sideways').toBeLessThanOrEqual(width);
      // On a phone the name may take the line below the greeting; wider, one line.
      expect(measured.lines, 'lines of the welcome heading').toBeLessThanOrEqual(width < 480 ? 2 : 1);
      expect(measured.textWidth, 'the welcome line runs past the screen').toBeLessThanOrEqual(width);
      expect(measured.nameWidth, 'the name shows more than about 25 characters').toBeLessThanOrEqual(measured.thirtyCharacters);
      // Cut with an ellipsis, the whole name in its title.
      const shown = heading.locator('[title]');
      await expect(shown).toHaveAttribute('title', name);
      await expect(shown).toHaveCSS('text-overflow', 'ellipsis');
      expect(await shown.evaluate((span) => span.scrollWidth > span.clientWidth)).toBe(true);
    });
  }

  test('a short name is shown whole', async ({ page }) => {
    const account = newAccount('ada');
    await signUpViaApi(page, account);
    await page.goto('/dashboard');
    const shown = page.getByRole('heading', { level: 1, name: `Welcome back, ${account.email.split('@')[0]}!` }).locator('[title]');
    await expect(shown).toBeVisible();
    expect(await shown.evaluate((span) => span.scrollWidth > span.clientWidth)).toBe(false);
  });
});
