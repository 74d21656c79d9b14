-- The schema of SQLite's schema version 1 (server/src/store/sqlite.rs), in PostgreSQL's
-- types: the same tables, columns, constraints and indexes. `ord` orders games that
-- finished in the same millisecond (SQLite uses its rowid for that).
CREATE TABLE players (
    id           TEXT PRIMARY KEY,
    token_sha256 BYTEA NOT NULL UNIQUE,
    name         TEXT NOT NULL,
    rating       INTEGER NOT NULL,
    games        INTEGER NOT NULL DEFAULT 0,
    wins         INTEGER NOT NULL DEFAULT 0,
    losses       INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE games (
    id                 TEXT PRIMARY KEY,
    ord                BIGSERIAL NOT NULL,
    black              TEXT NOT NULL REFERENCES players(id),
    white              TEXT NOT NULL REFERENCES players(id),
    black_rating       INTEGER NOT NULL,
    white_rating       INTEGER NOT NULL,
    black_games        INTEGER NOT NULL,
    white_games        INTEGER NOT NULL,
    started_at         BIGINT NOT NULL,
    status             TEXT NOT NULL CHECK (status IN ('playing', 'finished')),
    winner             TEXT CHECK (winner IN ('B', 'W')),
    reason             TEXT,
    black_rating_after INTEGER,
    white_rating_after INTEGER,
    finished_at        BIGINT
);
CREATE INDEX games_status ON games(status);
CREATE INDEX games_black ON games(black, finished_at);
CREATE INDEX games_white ON games(white, finished_at);
CREATE TABLE actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    action  TEXT NOT NULL,
    at      BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
