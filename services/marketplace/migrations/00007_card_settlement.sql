-- Card payments settle before their proceeds are cash (issue 26; README, "Card proceeds settle").
-- A card payment records the processor that took it and when its money settles; the
-- `card-payment.settle` job sets settled_at once the processor says so, in the transaction that
-- turns the seller's and the creator's pending proceeds into cash (rewards.settle_cash).
-- A Solana payment has none of the three: its transfer is verified (and, with a network,
-- confirmed) before it is recorded, so its proceeds are cash at once.
alter table payments
  add column processor_mode text,
  add column settles_at timestamptz,
  add column settled_at timestamptz;

-- Card payments made before this migration were credited as cash at once: they count as settled.
update payments set processor_mode = 'simulated', settles_at = completed_at, settled_at = completed_at where payment_method <> 'solana';

-- (A card payment's row is inserted by the kit's recordPayment, then given its charge's processor
-- and settlement time in the same transaction, so only the Solana side can be a check.)
alter table payments
  add constraint payments_solana_settled check (payment_method <> 'solana' or (processor_mode is null and settles_at is null)),
  add constraint payments_settled_after_paid check (settled_at is null or settles_at is not null);

-- What is still waiting for its settlement.
create index payments_unsettled on payments (settles_at) where settled_at is null and settles_at is not null;
