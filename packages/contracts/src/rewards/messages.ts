/** The rewards domain's user-facing words (spec sections 5 and 8) and error codes. */
import { formatCents } from '../shared/money';
import { CONTRACT_CALL_ARG_MAX_LENGTH, CONTRACT_CALL_MAX_ARGS, CONTRACT_RUNS_WAITING_MAX } from './test-runs';
import { FORGE_PER_COMPLETED_TEST, FORGE_TEST_DAILY_MAX, type NextTier } from './forge';

const count = (n: number) => n.toLocaleString('en-US');

export const rewardsMessages = {
  selectNetworkAndType: 'Please select both network and test type',
  signInToRunTests: 'Please sign in to run tests',
  testStarted: 'Test started successfully!',
  testPoints: (points: number) => `+${points} points earned for test completion!`,
  testFailedSimulated: 'Test failed. Please check your configuration and try again.',
  testFailedPrefix: 'Test failed: ',
  contractEmpty: 'Paste a Solidity contract, pick a sample, or leave the contract out',
  contractTooLarge: 'The contract must be at most 64 KiB',
  contractSourceOrSources: 'Send the contract as one source or as named sources, not both',
  suiteOneFileTypes:
    'A Transaction test runs one file: put the contract in one file, or choose Smart Contract, Gas Optimization, Security Audit or Performance',
  /** The 413 of a run's body: one file or a suite's files, whichever it carried. */
  contractBodyTooLarge: 'The contract must be at most 64 KiB, or the files of a suite 256 KiB together',
  contractCallRequired: 'A transaction test needs the function to call',
  contractFunctionInvalid: 'The function name must be a Solidity identifier, such as deposit',
  contractArgsInvalid: `At most ${CONTRACT_CALL_MAX_ARGS} arguments, each at most ${CONTRACT_CALL_ARG_MAX_LENGTH} characters`,
  /** What raises the limit: holding more FORGE (available and staked both count), earned by completed tests. */
  dailyTestLimit: (limit: number, next: NextTier | null, held: number) =>
    `Your tier allows ${count(limit)} tests a day. ` +
    (next
      ? `${next.name} allows ${next.maxTestsPerDay === null ? 'unlimited tests' : `${count(next.maxTestsPerDay)} a day`} from ${count(next.requiredTokens)} FORGE, ` +
        `available or staked (you have ${count(held)}); each completed test earns ${FORGE_PER_COMPLETED_TEST} FORGE, up to ${count(FORGE_TEST_DAILY_MAX)} a day. `
      : '') +
    'Or come back tomorrow.',
  /** The daily limit's words when the figures are not at hand (dailyTestLimit names them). */
  dailyTestLimitUsed: "Your tier's tests for today are used up. Come back tomorrow.",
  contractRunsWaiting: `You already have ${CONTRACT_RUNS_WAITING_MAX} contract runs waiting or running; start another when one of them finishes`,
  minConversion: 'Minimum conversion is 1000 points',
  conversionStep: 'Points convert in steps of 10 (10 points = 1 cent)',
  insufficientPoints: 'Not enough points to convert',
  convertFailed: 'Failed to convert points',
  converted: (points: number, cents: number) => `Converted ${points.toLocaleString('en-US')} points to ${formatCents(cents)}!`,
  stakeInvalid: 'Please enter a valid amount to stake',
  stakeInsufficient: 'Insufficient tokens to stake',
  unstakeInvalid: 'Please enter a valid amount to unstake',
  unstakeInsufficient: 'Insufficient staked tokens to unstake',
  panelInsufficientTokens: 'Insufficient token balance',
  panelInsufficientStaked: 'Insufficient staked balance',
  stakeFailed: 'Failed to stake tokens',
  unstakeFailed: 'Failed to unstake tokens',
  staked: (amount: number) => `Staked ${amount.toLocaleString('en-US')} FORGE`,
  unstaked: (amount: number) => `Unstaked ${amount.toLocaleString('en-US')} FORGE`,
  connectWalletFirst: 'Please connect your Solana wallet first',
  invalidWithdrawalAmount: 'Please enter a valid withdrawal amount',
  insufficientWithdrawalBalance: 'Insufficient balance for withdrawal',
  /** A cash debit (a purchase, a funded bounty) above the balance. */
  insufficientBalance: 'Insufficient balance',
  minimumWithdrawal: 'Minimum withdrawal amount is $0.01',
  withdrawalFailedPrefix: 'Withdrawal failed: ',
  withdrawalRequested: (cents: number) => `Withdrawal of ${formatCents(cents)} requested. Sending it to your wallet...`,
  withdrawalSucceeded: (tx: string) => `Withdrawal successful! TX: ${tx}`,
} as const;

export const rewardsErrorCodes = {
  insufficientPoints: 'insufficient_points',
  insufficientTokens: 'insufficient_tokens',
  insufficientStakedTokens: 'insufficient_staked_tokens',
  insufficientBalance: 'insufficient_balance',
  dailyTestLimit: 'daily_test_limit',
  contractRunsWaiting: 'contract_runs_waiting',
} as const;
