-- A completion's executable proof (issue 28): the claimer's test file, run by the engine against
-- the bounty's code version (rewards' engine runs, purpose 'proof'), and every approved proof
-- run again against each newer version of the project (purpose 'recheck').
-- services/bounties/README.md, "Executable proofs" and "Same finding".

-- proof_test: { name, content }; proof_run_id: its newest 'proof' run; proof_submitted_at: when
-- this proof (its file as it is now) was submitted, by the server's clock: the earliest of one
-- fingerprint is the original finding; proof_fingerprint: the newest proof run's, set when that
-- run reproduces (null while it runs, or when it proves nothing).
alter table bounty_completions
  add column proof_test jsonb,
  add column proof_run_id uuid,
  add column proof_submitted_at timestamptz,
  add column proof_fingerprint text,
  add constraint bounty_completions_proof_whole check (
    (proof_test is null) = (proof_run_id is null) and (proof_test is null) = (proof_submitted_at is null)
    and (proof_fingerprint is null or proof_test is not null)
  );
-- The duplicate check: the earliest completion with a fingerprint (which names the version, so
-- the project), one index probe however many completions the project has.
create index bounty_completions_fingerprint on bounty_completions (proof_fingerprint, proof_submitted_at)
  where proof_fingerprint is not null;
-- The approved proofs: what a save re-checks, the findings page lists and the judge's sweep reads
-- for re-checks still waiting (every 30 s in every copy: only these rows, never the whole table).
create index bounty_completions_approved_proofs on bounty_completions (bounty_id)
  where status = 'approved' and proof_test is not null;

-- Every engine run of a proof: the submission's and each "Run proof again" ('proof', against the
-- bounty's version), and the re-checks after a fix ('recheck', against a newer version). Judged
-- once (verdict from 'running', by a conditional update) when rewards says the run finished.
create table proof_runs (
  run_id uuid primary key,
  completion_id uuid not null references bounty_completions (id),
  code_version_id uuid not null references project_code_versions (id),
  purpose text not null check (purpose in ('proof', 'recheck')),
  -- The proof's file name in this run: only its functions are the proof.
  proof_file text not null,
  -- Who asked (the claimer, the creator for "Run proof again" or a save of the code).
  requested_by uuid not null,
  verdict text not null default 'running' check (verdict in ('running', 'reproduces', 'does_not_reproduce', 'does_not_compile')),
  why text,
  fingerprint text,
  started_at timestamptz not null default clock_timestamp(),
  finished_at timestamptz,
  check ((verdict = 'running') = (finished_at is null))
);
create index proof_runs_running on proof_runs (run_id) where verdict = 'running';
-- One re-check per proof and version: two copies' sweeps starting the same one, the second's
-- insert (and the engine run it started in the same transaction) rolls back.
create unique index proof_runs_one_recheck on proof_runs (completion_id, code_version_id) where purpose = 'recheck';
create index proof_runs_of_completion on proof_runs (completion_id, code_version_id, started_at desc);
