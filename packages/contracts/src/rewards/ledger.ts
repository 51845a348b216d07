/** The ledger's rows as the statement shows them: types, statuses, sources, rules, links. */
import { MINT_POINTS, POINTS_PER_DOLLAR, TEST_POINTS_COMPLETED, TEST_POINTS_FAILED } from './points';

/** Spec section 9: the Transactions list shows the last 10. */
export const TRANSACTIONS_LIMIT = 10;

export const TRANSACTION_TYPES = ['earned_points', 'points_to_cash', 'bounty_reward', 'withdrawal', 'sale_proceeds', 'royalty'] as const;

export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ['pending', 'completed'] as const;

export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** What a ledger row came from; the statement links each row to it. */
export const TRANSACTION_SOURCES = ['test_run', 'nft_mint', 'achievement', 'conversion', 'withdrawal', 'bounty', 'nft_sale'] as const;

export type TransactionSource = (typeof TRANSACTION_SOURCES)[number];

export const transactionTypeLabels: Record<TransactionType, string> = {
  earned_points: 'Points earned',
  points_to_cash: 'Points to cash',
  bounty_reward: 'Bounty reward',
  withdrawal: 'Withdrawal',
  sale_proceeds: 'Sale proceeds',
  royalty: 'Royalty',
};

/**
 * The rule that produced a ledger row, as the statement explains it. The service writes the
 * code; a code this list does not know is shown by the row's own description.
 */
export const transactionRuleText: Record<string, string> = {
  test_completed: `Completed test: +${TEST_POINTS_COMPLETED} points`,
  test_failed: `Failed test: +${TEST_POINTS_FAILED} points for trying`,
  nft_minted: `NFT minted: +${MINT_POINTS} points`,
  achievement_unlocked: 'Achievement unlocked: its points, once',
  points_converted: `${POINTS_PER_DOLLAR.toLocaleString('en-US')} points = $1.00`,
  withdrawal: 'Cash held, then sent to your wallet',
  // A bounty's reward (issue 17): held from the creator's cash when it is posted (debit_cash
  // writes the kind as the rule), then released by credit_cash, whose rule for the kind is
  // bounty_approved, both to the claimer on approval and back to the creator on a close; each
  // row's description names which (bountyLedgerDescriptions) and its source links the bounty.
  bounty_reward: 'Bounty reward held from your cash while the bounty is open',
  bounty_approved: 'Bounty reward released: paid to its claimer on approval, or returned to its creator when closed unclaimed',
  sale_proceeds: 'Your NFT sold: its price, less the creator royalty',
  royalty: "Creator royalty: your percent of an NFT's resale price (rounded down to the cent)",
};

/** Where a row's source is shown in the product, or null when it has no screen. */
export const transactionSourcePath = (source: { type: TransactionSource; id: string } | null): string | null => {
  if (!source) return null;
  switch (source.type) {
    case 'test_run':
      // The run's own page: the dashboard lists only the latest few.
      return `/test-runs/${source.id}`;
    case 'nft_mint':
    case 'nft_sale':
      return `/nft/${source.id}`;
    case 'achievement':
      return `/rewards#achievement-${source.id}`;
    case 'conversion':
      return '/balance';
    case 'withdrawal':
      return '/withdrawal';
    case 'bounty':
      return `/bounty/${source.id}/complete`;
  }
};
