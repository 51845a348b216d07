-- Published for other domains: a token whose session is not here was signed out.
create or replace view active_sessions as
  select id, user_id from sessions where revoked_at is null;
