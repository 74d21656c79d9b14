-- The owner epoch of each game (SQLite's schema version 2): whoever runs a game's room holds
-- its current value; a room taking a stored game over raises it, and appends and the
-- settlement are written only while the writer's epoch is still the game's.
ALTER TABLE games ADD COLUMN owner_epoch BIGINT NOT NULL DEFAULT 1;
