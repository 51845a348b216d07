-- A project's code under test (issue 28): each save of a smart_contract, defi, nft or dapp
-- project's Solidity sources is a new version, numbered 1, 2, 3… per project, checked by the
-- engine (rewards' engine run `check_run_id`, a security_audit: does it compile, what does the
-- audit find). A bounty names the version it was posted against: the project's newest then, or
-- none. services/bounties/README.md, "Code under test".
create table project_code_versions (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects (id),
  version integer not null check (version > 0),
  -- [{ name, content }]: the files as a proof imports them (one unnamed file kept as <Contract>.sol).
  sources jsonb not null check (jsonb_typeof(sources) = 'array'),
  -- Who saved it (the project's creator) and the engine run that checks it (rewards.engine_runs.id).
  created_by uuid not null,
  check_run_id uuid not null unique,
  check_status text not null default 'running' check (check_status in ('running', 'compiled', 'does_not_compile')),
  check_summary text,
  checked_at timestamptz,
  created_at timestamptz not null default now(),
  unique (project_id, version),
  check ((check_status = 'running') = (checked_at is null))
);
-- The checks not judged yet: what the judge's sweep reads.
create index project_code_versions_checking on project_code_versions (check_run_id) where check_status = 'running';

alter table bug_bounties add column code_version_id uuid references project_code_versions (id);
