-- The duplicate check orders the earlier completions of a fingerprint by (proof_submitted_at, id)
-- and takes the first: with id in the index, that is one probe, instead of fetching every earlier
-- completion of the finding and sorting them (bench/RESULTS.md, "bounties-proofs").
drop index bounty_completions_fingerprint;
create index bounty_completions_fingerprint on bounty_completions (proof_fingerprint, proof_submitted_at, id)
  where proof_fingerprint is not null;
