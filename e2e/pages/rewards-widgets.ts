import { expect, type Locator, type Page } from '@playwright/test';

/** A stat card's value, found by its label (the dashboard's six, the rewards screens' cards). */
export const statValue = (scope: Page | Locator, label: string): Locator =>
  scope
    .locator('.sf-stat')
    .filter({ has: scope.locator('.sf-stat-label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.sf-stat-value');

/** The line under a stat card's value (which of two points figures it is). */
export const statHint = (scope: Page | Locator, label: string): Locator =>
  scope
    .locator('.sf-stat')
    .filter({ has: scope.locator('.sf-stat-label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.sf-stat-hint');

/** A toast (an announced message) by its exact words. */
export const toastText = (page: Page, text: string | RegExp): Locator => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A dashboard widget's card, by its heading (the innermost section that holds it). */
const widgetCard = (page: Page, heading: string): Locator =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) })
    .last();

/** The dashboard's Testing Engine widget. */
export class TestingEngine {
  readonly root: Locator;
  readonly network: Locator;
  readonly testType: Locator;
  readonly start: Locator;
  readonly status: Locator;
  readonly history: Locator;
  /** Shows or hides the contract panel. */
  readonly contractToggle: Locator;
  readonly source: Locator;
  /** The contract's files, one tab each. */
  readonly fileTabs: Locator;
  readonly fileName: Locator;

  constructor(readonly page: Page) {
    this.root = widgetCard(page, 'Testing Engine');
    this.network = this.root.getByLabel('Network');
    this.testType = this.root.getByLabel('Test Type');
    this.start = this.root.getByRole('button', { name: 'Start Test' });
    this.status = this.root.getByTestId('test-run-status');
    this.history = this.root.locator('[id^="test-run-"]');
    this.contractToggle = this.root.getByRole('button', { name: /^(Your contract|No contract)$/ });
    this.source = this.root.getByLabel('Solidity source');
    this.fileTabs = this.root.getByRole('tablist', { name: 'Files' }).getByRole('tab');
    this.fileName = this.root.getByLabel('File name');
  }

  /** Opens the contract panel and picks a sample by its button's words. */
  async pickSample(title: string) {
    if ((await this.contractToggle.getAttribute('aria-expanded')) !== 'true') await this.contractToggle.click();
    await this.root.getByRole('button', { name: title }).click();
  }

  async run(network: string, testType: string) {
    await this.network.selectOption(network);
    await this.testType.selectOption(testType);
    await this.start.click();
  }
}

/** The dashboard's token-gated access panel. */
export class TokenPanel {
  readonly root: Locator;
  readonly available: Locator;
  readonly staked: Locator;
  readonly tier: Locator;

  constructor(readonly page: Page) {
    this.root = widgetCard(page, 'Token-gated access');
    this.available = this.root.getByTestId('forge-available');
    this.staked = this.root.getByTestId('forge-staked');
    this.tier = this.root.getByTestId('forge-tier');
  }

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  async expectTokens(available: string, staked: string) {
    await expect(this.available).toHaveText(available);
    await expect(this.staked).toHaveText(staked);
  }
}
