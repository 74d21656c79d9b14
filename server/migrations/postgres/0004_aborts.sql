-- Who aborted a game (did not make a first action in time), for the
-- quick-match cooldown of serial aborters.
ALTER TABLE games ADD COLUMN aborted_by TEXT;
-- The leaderboard reads players by rating.
CREATE INDEX players_rating ON players(rating DESC, games DESC);
