-- Users whose cached balances differ from their ledger, pending cash included: empty unless
-- something is broken.
create or replace view ledger_breaks as
select b.user_id,
       b.points_balance, coalesce(l.points, 0) as ledger_points,
       b.cash_balance_cents, coalesce(l.cash, 0) as ledger_cash_cents,
       b.total_earned_cents, coalesce(l.earned, 0) as ledger_earned_cents,
       b.total_withdrawn_cents, coalesce(l.withdrawn, 0) as ledger_withdrawn_cents,
       b.pending_cash_cents, coalesce(l.pending, 0) as ledger_pending_cents
from user_balances b
left join (
  select user_id,
         sum(points_amount) as points,
         sum(amount_cents) filter (where not waiting) as cash,
         sum(amount_cents) filter (where amount_cents > 0 and not waiting) as earned,
         -sum(amount_cents) filter (where transaction_type = 'withdrawal' and status = 'completed') as withdrawn,
         sum(amount_cents) filter (where waiting) as pending
  from (select *, (status = 'pending' and settles_at is not null) as waiting from transactions) t
  group by user_id
) l using (user_id)
where b.points_balance <> coalesce(l.points, 0)
   or b.cash_balance_cents <> coalesce(l.cash, 0)
   or b.total_earned_cents <> coalesce(l.earned, 0)
   or b.total_withdrawn_cents <> coalesce(l.withdrawn, 0)
   or b.pending_cash_cents <> coalesce(l.pending, 0);
