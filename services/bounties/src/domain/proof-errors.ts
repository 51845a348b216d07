import { proofErrorCodes, proofMessages } from '@starforge/contracts/bounties';
import { badRequest, conflict, forbidden, notFound } from '@starforge/service-kit';

/** 404: no project has this id. */
export const projectNotFound = () => notFound(proofMessages.projectNotFound, proofErrorCodes.projectNotFound);

/** 403: a project's code is saved by its creator alone. */
export const notProjectCreator = () => forbidden(proofMessages.notProjectCreator, proofErrorCodes.notProjectCreator);

/** 403: a project's findings (its approved proofs) are its creator's alone. */
export const notProjectCreatorFindings = () => forbidden(proofMessages.notProjectCreatorFindings, proofErrorCodes.notProjectCreator);

/** 400: an `other` project holds no code under test. */
export const projectTypeWithoutCode = () => badRequest(proofMessages.projectTypeWithoutCode, proofErrorCodes.projectTypeWithoutCode);

/** 404: the project has no version of this number. */
export const codeVersionNotFound = () => notFound(proofMessages.codeVersionNotFound, proofErrorCodes.codeVersionNotFound);

/** 400: a proof test needs the bounty's code version to run against. */
export const bountyWithoutCode = () => badRequest(proofMessages.bountyWithoutCode, proofErrorCodes.bountyWithoutCode);

/** 400: the proof's file would replace one of the version's. */
export const proofFileNameTaken = (name: string) => badRequest(proofMessages.proofFileNameTaken(name), proofErrorCodes.proofFileNameTaken);

/** 409: "Run proof again" on a completion without a proof test. */
export const noProofTest = () => conflict(proofMessages.noProofTest, proofErrorCodes.noProofTest);

/** 403: a proof is run again by the bounty's claimer or creator. */
export const notClaimerOrCreator = () => forbidden(proofMessages.notClaimerOrCreator, proofErrorCodes.notClaimerOrCreator);
