-- Public events (a listing sold, a bounty claimed) go to every open stream: they are stored
-- beside user events, with no user. Replay reads them through events_user_id_id_idx
-- (`user_id is null and id > N`).
alter table events alter column user_id drop not null;

-- Public events commit in id order among themselves, user events per user, but the two kinds
-- not with each other: a stream keeps one cursor per kind, and the cleanup records the largest
-- id it deleted of each kind, so a replay is called complete only when neither was cut.
alter table retention add column public_deleted_through bigint not null default 0;
