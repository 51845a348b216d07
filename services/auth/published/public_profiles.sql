-- Published for other domains (marketplace reads sellers' names here): the only way another
-- domain may read a user's public names. Never the e-mail address, the password hash, the
-- metadata or the sessions: those stay inside auth.
--   view public_profiles (id, display_name, first_name, last_name)
-- display_name is what the product shows for a person: their full name (first and last, trimmed,
-- whichever are set); else their primary linked wallet shortened as ABCD…WXYZ (public on chain
-- anyway); else 'Starforge user'. It is never derived from the e-mail address, not even its local
-- part. Every account has a row (an account without a profile row reads with null names).
create or replace view public_profiles as
select
  u.id,
  coalesce(
    nullif(btrim(concat_ws(' ', nullif(btrim(p.first_name), ''), nullif(btrim(p.last_name), ''))), ''),
    (select left(w.wallet_address, 4) || '…' || right(w.wallet_address, 4)
     from wallet_auth w where w.user_id = u.id order by w.is_primary desc, w.created_at limit 1),
    'Starforge user'
  ) as display_name,
  p.first_name,
  p.last_name
from users u
left join profiles p on p.id = u.id;
