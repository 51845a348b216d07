import '../shared/zod';
import { z } from 'zod';
import { contractRunResultSchema } from '../rewards/contract-run';
import { suiteSourceSchema, suiteSourcesSchema } from '../rewards/contract-suite';
import { queryWholeNumber } from '../shared/query-numbers';

/**
 * Bounties with executable proofs (issue 28): a project's code under test, saved in versions; a
 * claim's test file that the engine runs against the bounty's version; its verdict, and the
 * completion it duplicates. These are the wire shapes the bounties service and its remote share.
 */

/** The project types whose code can be held under test (an `other` project has none). */
export const CODE_PROJECT_TYPES = ['smart_contract', 'defi', 'nft', 'dapp'] as const;

/** The proof's file name the completion screen offers first. */
export const DEFAULT_PROOF_FILE_NAME = 'Proof.t.sol';

// --- A project's code under test ----------------------------------------------------------

/** PUT /projects/:id/code (the creator): the sources become the project's next version. */
export const saveProjectCodeSchema = z.object({ sources: suiteSourcesSchema });
export type SaveProjectCodeRequest = z.input<typeof saveProjectCodeSchema>;

/**
 * How the engine's check of a version went: each save is compiled (and its sources audited) in
 * the engine workers; `running` until it is done.
 */
export const CODE_CHECK_STATUSES = ['running', 'compiled', 'does_not_compile'] as const;
export type CodeCheckStatus = (typeof CODE_CHECK_STATUSES)[number];

export const codeVersionSummarySchema = z.object({
  id: z.uuid(),
  /** 1, 2, 3… per project, in the order saved. */
  version: z.number().int().positive(),
  created_at: z.string(),
  check_status: z.enum(CODE_CHECK_STATUSES),
  /** The engine's sentence: "Compiled: 2 contracts." or the first compile error with its file and line. */
  check_summary: z.string().nullable(),
});
export type CodeVersionSummary = z.infer<typeof codeVersionSummarySchema>;

export const codeVersionSchema = codeVersionSummarySchema.extend({
  project_id: z.uuid(),
  sources: z.array(suiteSourceSchema),
});
export type CodeVersion = z.infer<typeof codeVersionSchema>;

/**
 * GET /projects/:id/code (any signed-in user: hunters read the code they test), PUT's answer:
 * the versions newest first, and the newest with its sources (null while the project has none).
 */
export const projectCodeAnswerSchema = z.object({ versions: z.array(codeVersionSummarySchema), latest: codeVersionSchema.nullable() });
export type ProjectCodeAnswer = z.infer<typeof projectCodeAnswerSchema>;

/** The project of /projects/:id/code and /projects/:id/findings. */
export const projectIdParamSchema = z.object({ id: z.uuid('Project not found') });

/** GET /projects/:id/code/:version: a version number from 1. */
export const codeVersionParamSchema = projectIdParamSchema.extend({
  version: queryWholeNumber('version', { min: 1, max: 1_000_000, fallback: 1 }),
});

/** GET /projects/:id/code/:version */
export const codeVersionAnswerSchema = z.object({ version: codeVersionSchema });
export type CodeVersionAnswer = z.infer<typeof codeVersionAnswerSchema>;

// --- A claim's executable proof -----------------------------------------------------------

/**
 * The proof test file a claimer may attach to a completion (PUT /bounties/:id/completion's
 * `proof_test`): one Solidity file that imports the project's sources by their names. Its name
 * may not be one of the version's own files.
 */
export const proofTestSchema = suiteSourceSchema;
export type ProofTest = z.infer<typeof proofTestSchema>;

/**
 * What a proof run showed against a version:
 * - `running`: the engine has not answered yet;
 * - `reproduces`: every `test…` of the proof passed (the exploit worked) or an `invariant…` failed;
 * - `does_not_reproduce`: it compiled but a `test…` failed, no invariant broke, or it has no tests;
 * - `does_not_compile`: the proof (or the version) does not compile, or the engine could not run it.
 * A proof that does not compile or does not reproduce can still be submitted: the creator decides.
 */
export const PROOF_VERDICTS = ['running', 'reproduces', 'does_not_reproduce', 'does_not_compile'] as const;
export type ProofVerdict = (typeof PROOF_VERDICTS)[number];

export const proofRunSchema = z.object({
  run_id: z.uuid(),
  /** The project version it ran against. */
  version: z.number().int().positive(),
  verdict: z.enum(PROOF_VERDICTS),
  /** Why, in a sentence: the failing test and its reason, the compile error, "The vault's invariant broke after 2 calls." */
  why: z.string().nullable(),
  /** The engine's result (tests, traces, gas); null while running. */
  result: contractRunResultSchema.nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ProofRun = z.infer<typeof proofRunSchema>;

/**
 * A completion's proof: the file, its newest run, and the earlier completion on the same project
 * whose proof proves the same finding (by fingerprint), named only by when it was submitted:
 * "Same finding as the completion submitted on <date>". Seen by the claimer (their own) and the
 * bounty's creator, never by anyone else.
 */
export const completionProofSchema = z.object({
  test: proofTestSchema,
  run: proofRunSchema,
  same_finding_as_submitted_at: z.string().nullable(),
});
export type CompletionProof = z.infer<typeof completionProofSchema>;

/** POST /bounties/:id/completion/proof-runs (the claimer or the creator): "Run proof again", against the bounty's version. */
export const rerunProofAnswerSchema = z.object({ run: proofRunSchema });
export type RerunProofAnswer = z.infer<typeof rerunProofAnswerSchema>;

// --- Findings on a project, after a fix ------------------------------------------------------

/**
 * Per approved proof on a project, against the project's newest version (re-run in the
 * background each time the creator saves a version): `fixed` says "fixed in version N",
 * `still_reproduces` says "still reproduces", `checking` while the re-run is under way.
 */
export const FINDING_STATES = ['checking', 'fixed', 'still_reproduces'] as const;
export type FindingState = (typeof FINDING_STATES)[number];

export const projectFindingSchema = z.object({
  completion_id: z.uuid(),
  bounty_id: z.uuid(),
  bounty_title: z.string(),
  severity: z.string(),
  approved_at: z.string(),
  /** The version the proof was approved against. */
  found_in_version: z.number().int().positive(),
  state: z.enum(FINDING_STATES),
  /** The first version the proof no longer reproduces against (state `fixed`). */
  fixed_in_version: z.number().int().positive().nullable(),
  /** The version the state was last checked against. */
  checked_version: z.number().int().positive().nullable(),
});
export type ProjectFinding = z.infer<typeof projectFindingSchema>;

/** GET /projects/:id/findings (the project's creator). */
export const projectFindingsAnswerSchema = z.object({ findings: z.array(projectFindingSchema) });
export type ProjectFindingsAnswer = z.infer<typeof projectFindingsAnswerSchema>;

/** The words the product says about proofs, written once for the service and the remote. */
export const proofWords = {
  sameFindingAs: (submittedAt: string) => `Same finding as the completion submitted on ${submittedAt}`,
  fixedIn: (version: number) => `fixed in version ${version}`,
  stillReproduces: 'still reproduces',
  runProofAgain: 'Run proof again',
  verdict: {
    running: 'Running the proof…',
    reproduces: 'Reproduces',
    does_not_reproduce: 'Does not reproduce',
    does_not_compile: 'Does not compile',
  } satisfies Record<ProofVerdict, string>,
} as const;

/** The error codes of the code and proof routes (issue 28), beside `bountiesErrorCodes`. */
export const proofErrorCodes = {
  projectNotFound: 'project_not_found',
  notProjectCreator: 'not_project_creator',
  projectTypeWithoutCode: 'project_type_without_code',
  codeVersionNotFound: 'code_version_not_found',
  bountyWithoutCode: 'bounty_without_code',
  proofFileNameTaken: 'proof_file_name_taken',
  noProofTest: 'no_proof_test',
  notClaimerOrCreator: 'not_claimer_or_creator',
} as const;

/** What the code and proof routes answer when they refuse (issue 28). */
export const proofMessages = {
  projectNotFound: 'Project not found',
  notProjectCreator: 'Only the creator of this project can save its code',
  notProjectCreatorFindings: 'Only the creator of this project can read its findings',
  projectTypeWithoutCode: 'Only smart contract, DeFi, NFT and dApp projects hold code under test',
  codeVersionNotFound: 'This project has no such code version',
  bountyWithoutCode: 'This bounty was posted without project code: describe your proof in words',
  proofFileNameTaken: (name: string) => `The project's code has a file named ${name}: give your proof file another name`,
  noProofTest: 'This completion has no proof test to run',
  notClaimerOrCreator: 'Only the claimer or the creator of this bounty can run its proof',
} as const;
