import { bountiesErrorCodes, bountiesMessages, insufficientFundsMessage } from '@starforge/contracts/bounties';
import { badRequest, conflict, forbidden, notFound } from '@starforge/service-kit';

/** 404: no bounty has this id. */
export const bountyNotFound = () => notFound(bountiesMessages.notFound, bountiesErrorCodes.notFound);

/** 403: only a Pro user may post a bounty (the spec's message). */
export const proRequired = () => forbidden(bountiesMessages.proOnly, bountiesErrorCodes.proRequired);

/** 400: the project is not one of the creator's own active projects. */
export const projectNotActive = () => badRequest(bountiesMessages.projectNotActive, bountiesErrorCodes.projectNotActive);

/** 400: the reward is above the creator's cash; the message names what is available. */
export const insufficientFunds = (availableCents: number) => badRequest(insufficientFundsMessage(availableCents), bountiesErrorCodes.insufficientFunds);

/** 400: nobody claims their own bounty. */
export const ownBounty = () => badRequest(bountiesMessages.ownBounty, bountiesErrorCodes.ownBounty);

/** 409: the bounty was claimed or closed first. */
export const notOpen = () => conflict(bountiesMessages.notOpen, bountiesErrorCodes.notOpen);

/** 409: only an open bounty is closed (a claimed one is decided by its review). */
export const notClosable = () => conflict(bountiesMessages.notClosable, bountiesErrorCodes.notClosable);

/** 403: the caller did not claim this bounty. */
export const notClaimer = () => forbidden(bountiesMessages.notClaimer, bountiesErrorCodes.notClaimer);

/** 403: the caller did not post this bounty: its review (and the proof in it) is the creator's alone. */
export const notCreator = () => forbidden(bountiesMessages.notCreator, bountiesErrorCodes.notCreator);

/** 403: only the bounty's creator closes it. */
export const notCreatorToClose = () => forbidden(bountiesMessages.notCreatorClose, bountiesErrorCodes.notCreator);

/** 409: nothing pending to review (never submitted, already decided, or decided by a concurrent review). */
export const noPendingCompletion = () => conflict(bountiesMessages.noPending, bountiesErrorCodes.noPendingCompletion);

/** 409: an approved completion is final: it is not resubmitted. */
export const completionApproved = () => conflict(bountiesMessages.alreadyApproved, bountiesErrorCodes.alreadyApproved);

/**
 * The cash `rewards.debit_cash` found when it refused a debit (its SQLSTATE RW002, whose detail
 * reads 'balance <n> cents, debit <m> cents', read under the balance row's lock), or null for any
 * other error. routes/bounties.test.ts pins the detail against the real function (the message names the balance).
 */
export const availableCentsOfRefusal = (error: unknown): number | null => {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
  if (code !== 'RW002' || typeof detail !== 'string') return null;
  const match = /^balance (\d+) cents, debit \d+ cents$/.exec(detail);
  return match ? Number(match[1]) : null;
};

/** 403: only the claimer releases a claim. */
export const notClaimerToRelease = () => forbidden(bountiesMessages.notClaimerRelease, bountiesErrorCodes.notClaimer);

/** 409: the claim's time ran out before the completion came (the bounty is, or is about to be, open again). */
export const claimLapsed = () => conflict(bountiesMessages.claimLapsed, bountiesErrorCodes.claimLapsed);
