import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { authMessages } from '@starforge/contracts/auth';
import { routeTable } from '@starforge/contracts/shared';
import type { TestAccount } from './support/accounts';
import { test, expect } from './support/fixtures';
import { MarketApi, signInViaApi } from './support/marketplace';
import { type Showcase, showcaseAccount } from './support/showcase';

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** Who looks at a screen: nobody signed in, the showcase's creator, or the hunter who claimed one of their bounties. */
type Viewer = 'signed out' | 'creator' | 'hunter';

/**
 * One visit: where to go, as whom, and what shows the screen's content has arrived (its main
 * heading, and more where data loads); a `state` is reached by `act` once the heading shows.
 */
interface Visit {
  viewer: Viewer;
  url: (showcase: Showcase) => string;
  heading: string | RegExp;
  state?: string;
  act?: (page: Page) => Promise<void>;
  content?: (page: Page, showcase: Showcase) => Locator;
}

/**
 * Every route of the route table, at least once; a public route both signed out and signed in.
 * The showcase gives the private screens something to show: NFTs, listings, a project, bounties
 * (one claimed, its completion waiting for review), and an NFT in the hunter's cart.
 */
const visits: Record<string, Visit[]> = {
  '/': [{ viewer: 'signed out', url: () => '/', heading: 'The Future of Web3 Testing', content: (page) => page.getByRole('region', { name: 'Features' }) }],
  '/auth': [
    { viewer: 'signed out', url: () => '/auth', heading: 'Welcome Back', content: (page) => page.getByLabel('Email', { exact: true }) },
    {
      viewer: 'signed out',
      url: () => '/auth',
      heading: 'Welcome Back',
      state: 'the sign-up form and its toast',
      act: async (page) => {
        await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
        await page.getByLabel('First Name', { exact: true }).fill('Ada');
        await page.getByLabel('Last Name', { exact: true }).fill('Lovelace');
        await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
        await page.getByLabel('Password', { exact: true }).fill('short');
        await page.getByLabel('Confirm Password', { exact: true }).fill('other');
        await page.getByRole('button', { name: 'Create Account' }).click();
      },
      content: (page) => page.getByText(authMessages.passwordsDoNotMatch),
    },
  ],
  '/dashboard': [
    {
      viewer: 'creator',
      url: () => '/dashboard',
      heading: /^Welcome back/,
      content: (page) => page.getByTestId('dashboard-stats').getByText('$15.00', { exact: true }),
    },
    {
      viewer: 'creator',
      url: () => '/dashboard',
      heading: /^Welcome back/,
      state: 'a suite in the Testing Engine’s tabs, a bad file name refused',
      act: async (page) => {
        await page.getByRole('button', { name: 'Your contract', exact: true }).click();
        await page.getByRole('button', { name: 'Vault suite' }).click();
        await page.getByLabel('File name').fill('../Vault.sol');
        await page.getByRole('button', { name: 'Rename file' }).click();
      },
      content: (page) => page.getByRole('alert').filter({ hasText: 'A file name is a path ending in .sol' }),
    },
  ],
  '/settings': [{ viewer: 'creator', url: () => '/settings', heading: 'Settings', content: (page) => page.getByLabel('First Name', { exact: true }) }],
  '/nfts': [
    { viewer: 'creator', url: () => '/nfts', heading: 'NFT Collection', content: (page, { tag }) => page.getByRole('heading', { name: `Comet ${tag}` }) },
  ],
  '/nft/:id': [
    { viewer: 'creator', url: ({ nftId }) => `/nft/${nftId}`, heading: /^Comet / },
    { viewer: 'hunter', url: ({ nftId }) => `/nft/${nftId}`, heading: /^Comet / },
  ],
  '/nft-creator': [{ viewer: 'creator', url: () => '/nft-creator', heading: 'NFT Creator' }],
  '/rewards': [
    { viewer: 'creator', url: () => '/rewards', heading: 'Rewards & Achievements', content: (page) => page.getByText('First Test', { exact: true }) },
  ],
  '/balance': [{ viewer: 'creator', url: () => '/balance', heading: 'Balance & Earnings', content: (page) => page.getByText('Sale proceeds').first() }],
  '/withdrawal': [{ viewer: 'creator', url: () => '/withdrawal', heading: 'Withdraw Funds' }],
  '/marketplace': [
    {
      viewer: 'hunter',
      url: ({ tag }) => `/marketplace?q=${tag}`,
      heading: 'Marketplace',
      content: (page, { tag }) => page.getByRole('heading', { name: `Nebula ${tag}` }),
    },
  ],
  '/cart': [{ viewer: 'hunter', url: () => '/cart', heading: 'Your Cart', content: (page, { tag }) => page.getByText(`Comet ${tag}`).first() }],
  '/payment': [
    { viewer: 'hunter', url: () => '/payment', heading: 'Payment', content: (page, { tag }) => page.getByText(`Comet ${tag}`).first() },
    {
      viewer: 'hunter',
      url: () => '/payment',
      heading: 'Payment',
      state: 'the card form sent empty',
      act: (page) => page.getByRole('button', { name: 'Pay $12.00' }).click(),
      content: (page) => page.locator('.sf-field-error').first(),
    },
    {
      viewer: 'hunter',
      url: () => '/payment',
      heading: 'Payment',
      state: 'the Solana tab',
      act: (page) => page.getByRole('tab', { name: 'Solana' }).click(),
      content: (page) => page.getByTestId('sol-total'),
    },
  ],
  '/projects': [
    { viewer: 'creator', url: () => '/projects', heading: 'QA Testing Projects', content: (page, { tag }) => page.getByText(`Vault ${tag}`).first() },
    {
      viewer: 'creator',
      url: () => '/projects',
      heading: 'QA Testing Projects',
      state: 'a project’s code under test open, its version checked',
      act: (page) =>
        page
          .getByRole('button', { name: /^Code Under Test of Vault / })
          .first()
          .click(),
      content: (page) => page.getByTestId('code-version').filter({ hasText: 'Compiled' }),
    },
  ],
  '/bounties': [
    {
      viewer: 'creator',
      url: ({ projectId }) => `/bounties?project=${projectId}`,
      heading: 'Bug Bounties',
      content: (page, { tag }) => page.getByRole('heading', { name: `Reentrancy in withdraw ${tag}` }),
    },
  ],
  '/bug-bounties': [
    {
      viewer: 'hunter',
      url: ({ tag }) => `/bug-bounties?q=${tag}`,
      heading: 'Open Bug Bounties',
      content: (page, { tag }) => page.getByRole('heading', { name: `Overflow in mint ${tag}` }),
    },
  ],
  '/test-runs': [
    {
      viewer: 'creator',
      url: () => '/test-runs',
      heading: 'Test runs',
      content: (page) => page.getByRole('region', { name: /^Test runs, page 1 of \d+$/ }),
    },
  ],
  '/test-runs/:id': [
    {
      viewer: 'creator',
      url: ({ contractRunId }) => `/test-runs/${contractRunId}`,
      heading: 'Test run',
      content: (page) => page.getByRole('row', { name: /testThiefCannotTakeOthersEther/ }),
    },
    {
      viewer: 'creator',
      url: ({ suiteRunId }) => `/test-runs/${suiteRunId}`,
      heading: 'Test run',
      state: 'a suite’s files as read-only tabs, the second one shown',
      act: (page) => page.getByRole('tab', { name: 'test/Vault.t.sol' }).click(),
      content: (page) => page.getByRole('tabpanel', { name: 'test/Vault.t.sol' }).getByLabel('Solidity source of test/Vault.t.sol'),
    },
  ],
  '/bounty/:id/complete': [
    {
      viewer: 'hunter',
      url: ({ claimedBountyId }) => `/bounty/${claimedBountyId}/complete`,
      heading: 'Complete Bounty',
      content: (page) => page.getByLabel('Completion proof'),
    },
    {
      viewer: 'hunter',
      url: ({ claimedBountyId }) => `/bounty/${claimedBountyId}/complete`,
      heading: 'Complete Bounty',
      state: 'the version’s code, the proof test file and the proof’s verdict',
      content: (page) => page.getByTestId('proof-verdict').getByText('Reproduces', { exact: true }),
    },
  ],
  '/bounty/:id/review': [
    {
      viewer: 'creator',
      url: ({ claimedBountyId }) => `/bounty/${claimedBountyId}/review`,
      heading: 'Review Completion',
      content: (page) => page.getByTestId('submitted-solution'),
    },
    {
      viewer: 'creator',
      url: ({ claimedBountyId }) => `/bounty/${claimedBountyId}/review`,
      heading: 'Review Completion',
      state: 'the proof’s verdict, its test and trace, the proof file open',
      act: (page) => page.getByText('Proof file: Proof.t.sol').click(),
      content: (page) => page.getByTestId('proof-block').getByLabel('Solidity source of Proof.t.sol'),
    },
  ],
  '/pricing': [
    { viewer: 'signed out', url: () => '/pricing', heading: 'Pricing', content: (page) => page.getByRole('link', { name: 'Upgrade to Pro' }) },
    { viewer: 'creator', url: () => '/pricing', heading: 'Pricing', content: (page) => page.getByRole('button', { name: 'Downgrade to Free' }) },
  ],
  '*': [{ viewer: 'signed out', url: () => '/no/such/place', heading: 'Oops! Page not found' }],
};

/** One violation a line, then each element it was found on with what axe says to fix. */
const describe = (violations: Violations): string =>
  violations
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
        violation.nodes.map((node) => `    at ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replaceAll('\n', '\n      ')}`).join('\n'),
    )
    .join('\n');

/**
 * axe cannot tell the colour under the sky (a canvas is an image to it), so it would leave every
 * text's contrast undecided. The sky gives way to its lightest colour, the worst case for this
 * theme's light text, and axe decides.
 */
const skyAsItsLightestColour = async (page: Page) => {
  await expect(page.locator('.sf-starfield'), 'the sky this spec replaces').toHaveCount(1);
  await page.addStyleTag({ content: '.sf-starfield { display: none !important } :root, body { background: #1b1640 !important }' });
};

/** Text over a gradient, which axe leaves undecided: its lowest contrast against the gradient's colour stops, and what it needs. */
interface OverGradient {
  at: string;
  text: string;
  lowest: number;
  needed: number;
}

const contrastOverGradient = (element: Element): Omit<OverGradient, 'at'> | null => {
  const colours = (css: string) => [...css.matchAll(/rgba?\(([^)]+)\)/g)].map((match) => (match[1] ?? '').split(/[\s,/]+/).map(Number));
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: number[], b: number[]) => {
    const [lighter = 0, darker = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (lighter + 0.05) / (darker + 0.05);
  };
  let holder: Element | null = element;
  while (holder && !getComputedStyle(holder).backgroundImage.includes('gradient')) holder = holder.parentElement;
  if (!holder) return null;
  const style = getComputedStyle(element);
  const gradient = getComputedStyle(holder);
  // Text painted with the gradient itself (background-clip: text) stands on the page's background.
  const inks = gradient.backgroundClip === 'text' ? colours(getComputedStyle(document.body).backgroundColor) : colours(style.color);
  const stops = colours(gradient.backgroundImage);
  const size = Number.parseFloat(style.fontSize);
  const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
  return {
    text: (element.textContent ?? '').trim().slice(0, 60),
    lowest: Math.min(...inks.flatMap((ink) => stops.map((stop) => contrast(ink, stop)))),
    needed: large ? 3 : 4.5,
  };
};

const textOverGradients = async (page: Page, incomplete: Violations): Promise<OverGradient[]> => {
  const undecided = (incomplete.find((result) => result.id === 'color-contrast')?.nodes ?? []).filter((node) =>
    node.any.some((check) => (check.data as { messageKey?: string } | null)?.messageKey === 'bgGradient'),
  );
  const found: OverGradient[] = [];
  for (const node of undecided) {
    const at = node.target.join(' ');
    const measured = await page.locator(at).first().evaluate(contrastOverGradient);
    if (measured && measured.lowest < measured.needed) found.push({ at, ...measured });
  }
  return found;
};

const describeGradients = (found: OverGradient[]): string =>
  found
    .map(
      (item) =>
        `\n[serious] color-contrast over a gradient: "${item.text}" at ${item.at} has ${item.lowest.toFixed(2)}:1 at its weakest stop, needs ${item.needed}:1`,
    )
    .join('');

let showcase: Showcase | undefined;

test.beforeAll(async ({ playwright }, testInfo) => {
  // The showcase waits for its proof's verdict from the engine (issue 28).
  test.setTimeout(150_000);
  const baseURL = testInfo.project.use.baseURL ?? '';
  showcase = await showcaseAccount(playwright, baseURL);
  const hunter = await MarketApi.signIn(playwright, baseURL, showcase.hunter);
  await hunter.addToCart(showcase.nftId);
  await hunter.dispose();
});

test('every route of the route table has a visit', () => {
  expect(Object.keys(visits).sort()).toEqual([...routeTable.map((route) => route.path), '*'].sort());
});

for (const [path, pathVisits] of Object.entries(visits)) {
  for (const visit of pathVisits) {
    test(`${path} ${visit.viewer}${visit.state ? `, ${visit.state},` : ''} has no serious or critical axe violation`, async ({ page }) => {
      if (!showcase) throw new Error('the showcase account was not made');
      const account: TestAccount | undefined = visit.viewer === 'creator' ? showcase.creator : visit.viewer === 'hunter' ? showcase.hunter : undefined;
      if (account) await signInViaApi(page, account);
      await page.goto(visit.url(showcase));

      // The screen's own content, not a spinner or a skeleton: its heading, its data, nothing still loading.
      await expect(page.getByRole('heading', { level: 1, name: visit.heading })).toBeVisible();
      await visit.act?.(page);
      if (visit.content) await expect(visit.content(page, showcase)).toBeVisible();
      await expect(page.locator('.sf-spinner, [aria-busy="true"]')).toHaveCount(0);
      await page.evaluate(() => document.fonts.ready);

      await skyAsItsLightestColour(page);
      const { violations, incomplete } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      const lesser = violations.filter((violation) => !serious.includes(violation));
      const where = `${path} (${visit.viewer}${visit.state ? `, ${visit.state}` : ''})`;
      if (lesser.length > 0) console.log(`${where}, moderate and minor:\n${describe(lesser)}`);
      const overGradients = await textOverGradients(page, incomplete);
      expect(serious.length + overGradients.length, `${where}:\n${describe(serious)}${describeGradients(overGradients)}`).toBe(0);
    });
  }
}
