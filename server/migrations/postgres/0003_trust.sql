-- SQLite's schema version 3: where and when each player was created (the hourly
-- allowance of new players per address), whether a game may be rated and why it was
-- not, the one game each player is in (enforced by the primary key), and the index
-- behind the per-pair daily limit of rated games.
ALTER TABLE players ADD COLUMN created_by TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN created_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX players_created ON players(created_by, created_at);
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE games ADD COLUMN unrated TEXT;
CREATE INDEX games_pair ON games(black, white, finished_at);
CREATE TABLE playing (
    player  TEXT PRIMARY KEY REFERENCES players(id),
    game_id TEXT NOT NULL REFERENCES games(id)
);
INSERT INTO playing SELECT black, id FROM games WHERE status = 'playing' ON CONFLICT DO NOTHING;
INSERT INTO playing SELECT white, id FROM games WHERE status = 'playing' ON CONFLICT DO NOTHING;
