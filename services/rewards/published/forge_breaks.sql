-- Users whose FORGE differs from the sum of their grants: empty unless something is broken.
create or replace view forge_breaks as
select t.user_id, t.token_amount + t.staked_amount as forge, coalesce(g.granted, 0) as granted
from starforge_tokens t
left join (select user_id, sum(amount) as granted from forge_grants group by user_id) g using (user_id)
where t.token_amount + t.staked_amount <> coalesce(g.granted, 0);
