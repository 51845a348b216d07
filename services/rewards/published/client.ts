import type { Network, SuiteSource, TransactionSource } from '@starforge/contracts/rewards';
import type { Db, Tx, UserMove } from '@starforge/service-kit';

/**
 * Rewards' typed client: the only way another domain calls rewards' published SQL (this folder's
 * `*.sql`, README "Published SQL functions"). Every call runs in the caller's transaction, so the
 * effect commits with the caller's rows or not at all; the SQLSTATEs they raise are mapped by
 * `rewardsSqlStates` (`@starforge/rewards-published/sql-states`), which a caller's app registers.
 */

/** The cash kinds other domains move. */
export type CashKind = 'sale_proceeds' | 'royalty' | 'bounty_reward';

/** What a ledger row came from; the user's statement links to it. */
export interface MoveSource {
  type: TransactionSource;
  id: string;
}

/** One change of one user's cash. The amount is whole and never negative. */
export interface CashMove {
  /** Whose balance moves. */
  userId: string;
  cents: number;
  kind: CashKind;
  /** Shown on the user's statement (1-500 characters). */
  description: string;
  source: MoveSource | null;
  /**
   * Unique per user for this effect (`sale:<saleId>:royalty`): a repeated key moves nothing, so
   * a retried request or job moves the value once.
   */
  key: string;
}

/** Card proceeds: cash the user may not spend until `settlesAt` has passed and the payment settled. */
export interface PendingCashMove extends CashMove {
  kind: 'sale_proceeds' | 'royalty';
  settlesAt: Date;
}

/** The pending credit under `key` settled. */
export interface Settlement {
  userId: string;
  key: string;
}

const sourceOf = (db: Db, source: MoveSource | null) => (source ? db.json({ type: source.type, id: source.id }) : null);
const movedOf = (rows: { moved: boolean }[]) => rows[0]?.moved === true;

/** `rewards.credit_cash`: true when it wrote the ledger row (false: a zero amount or a repeated key). */
export const creditCash = async (db: Db, m: CashMove): Promise<boolean> =>
  movedOf(
    await db<{ moved: boolean }[]>`
    select rewards.credit_cash(${m.userId}, ${m.cents}, ${m.kind}, ${m.description}, ${sourceOf(db, m.source)}, ${m.key}) as moved`,
  );

/** `rewards.debit_cash`: never below zero (SQLSTATE RW002, its detail naming the balance). */
export const debitCash = async (db: Db, m: CashMove): Promise<boolean> =>
  movedOf(
    await db<{ moved: boolean }[]>`
    select rewards.debit_cash(${m.userId}, ${m.cents}, ${m.kind}, ${m.description}, ${sourceOf(db, m.source)}, ${m.key}) as moved`,
  );

/** `rewards.credit_pending_cash`: pending cash until `settleCash` under the same key. */
export const creditPendingCash = async (db: Db, m: PendingCashMove): Promise<boolean> =>
  movedOf(
    await db<{ moved: boolean }[]>`
    select rewards.credit_pending_cash(${m.userId}, ${m.cents}, ${m.kind}, ${m.description}, ${sourceOf(db, m.source)}, ${m.key}, ${m.settlesAt}) as moved`,
  );

/** `rewards.settle_cash`: the pending credit under the key into cash, once (false when none is pending). */
export const settleCash = async (db: Db, m: Settlement): Promise<boolean> =>
  movedOf(await db<{ moved: boolean }[]>`select rewards.settle_cash(${m.userId}, ${m.key}) as moved`);

/**
 * `rewards.record_nft_mint`: counts a completed mint once per mint id (total_nfts, the NFT
 * achievements, `rewards.account_changed`); true when it earned MINT_POINTS, false past the UTC
 * day's MINT_POINT_AWARDS_PER_DAY or for a mint already recorded.
 */
export const recordNftMint = async (db: Db, m: { userId: string; mintId: string }): Promise<boolean> =>
  (await db<{ earned: boolean }[]>`select rewards.record_nft_mint(${m.userId}, ${m.mintId}) as earned`)[0]?.earned === true;

/** One user's call, for `crossUserTransaction` to make in its lock order; a zero amount calls nothing. */
const inTurn =
  <M extends { userId: string }>(call: (tx: Tx, m: M) => Promise<boolean>, amountOf: (m: M) => number | null) =>
  (m: M): UserMove => ({ userId: m.userId, apply: (tx) => (amountOf(m) === 0 ? Promise.resolve(false) : call(tx, m)) });

/**
 * The value moves a cross-user transaction makes (`crossUserTransaction`'s plan): each runs its
 * function above in that user's turn. A zero amount (a 0 % royalty, a $0 bounty) is skipped.
 */
export const rewardsMoves = {
  creditCash: inTurn(creditCash, (m) => m.cents),
  debitCash: inTurn(debitCash, (m) => m.cents),
  creditPendingCash: inTurn(creditPendingCash, (m) => m.cents),
  settleCash: inTurn(settleCash, () => null),
};

/** Why another domain asks for an engine run: a proof ('proof', counts against the asker's daily test limit), a version's check ('code_check', counts), a re-check after a fix ('recheck', does not). */
export type EnginePurpose = 'proof' | 'code_check' | 'recheck';

export interface EngineRunRequest {
  userId: string;
  purpose: EnginePurpose;
  testType: 'smart_contract' | 'security_audit';
  network: Network;
  sources: readonly SuiteSource[];
}

/**
 * `rewards.start_engine_run`: a contract run of the sources under the user, in the caller's
 * transaction (a refused run, RW006 daily limit or RW007 too many waiting, rolls the caller's
 * write back); its id in `engineRuns`.
 */
export const startEngineRun = async (db: Db, r: EngineRunRequest): Promise<string> => {
  const [row] = await db<{ id: string }[]>`
    select rewards.start_engine_run(${r.userId}, ${r.purpose}, ${r.testType}, ${r.network}, ${db.json(r.sources.map((s) => ({ name: s.name, content: s.content })))}) as id`;
  if (!row) throw new Error('rewards.start_engine_run answered nothing');
  return row.id;
};

/**
 * The view `rewards.engine_runs` (id, user_id, purpose, test_type, status, result, created_at,
 * completed_at; `result` is the engine's ContractRunResult, `{}` when it could not run), as a
 * fragment to read or join in the caller's query: `join ${engineRuns(db)} er on er.id = …`.
 */
export const engineRuns = (db: Db) => db`rewards.engine_runs`;
