import { parseDollars } from '@starforge/contracts/shared';
import { rewardsMessages } from '@starforge/contracts/rewards';

export type WithdrawalInput = { ok: true; cents: number } | { ok: false; message: string };

/**
 * The withdrawal form's checks in spec section 5's order: a connected wallet, a positive amount,
 * not above the cash balance, at least $0.01. Dollars become integer cents without floating point.
 */
export const withdrawalInput = ({
  walletAddress,
  amount,
  cashBalanceCents,
}: {
  walletAddress: string;
  amount: string;
  cashBalanceCents: number;
}): WithdrawalInput => {
  if (!walletAddress) return { ok: false, message: rewardsMessages.connectWalletFirst };
  const parsed = parseDollars(amount);
  if (!parsed.ok && parsed.reason === 'invalid') return { ok: false, message: rewardsMessages.invalidWithdrawalAmount };
  // Under a cent is still more than nothing: a zero balance is the first thing to say.
  const exceeds = parsed.ok ? parsed.cents > cashBalanceCents : cashBalanceCents <= 0;
  if (exceeds) return { ok: false, message: rewardsMessages.insufficientWithdrawalBalance };
  if (!parsed.ok) return { ok: false, message: rewardsMessages.minimumWithdrawal };
  return { ok: true, cents: parsed.cents };
};

/** A shortcut's amount: `percent` of the balance, rounded down to the cent (100 = the whole balance). */
export const shortcutCents = (cashBalanceCents: number, percent: number): number => Math.floor((Math.max(0, cashBalanceCents) * percent) / 100);
