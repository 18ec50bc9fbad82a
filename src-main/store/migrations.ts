// The library's schema, as numbered migrations. A migration, once released, is never edited: its
// SHA-256 is recorded when applied and checked on every open (an edited one is refused loudly).
// Add a new migration at the end instead. user_version holds the number of the last one applied.
import { createHash } from '../files/node-crypto'

export interface Migration {
  version: number
  name: string
  sql: string
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'rosters-and-revisions',
    sql: `
      CREATE TABLE rosters (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        army TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        current_revision INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE revisions (
        roster_id TEXT NOT NULL REFERENCES rosters(id) ON DELETE CASCADE,
        revision INTEGER NOT NULL,
        document TEXT NOT NULL CHECK (json_valid(document)),
        saved_at TEXT NOT NULL,
        PRIMARY KEY (roster_id, revision)
      ) STRICT;
      CREATE INDEX rosters_updated ON rosters(updated_at DESC);
    `
  },
  {
    version: 2,
    name: 'organising-and-checks',
    sql: `
      CREATE TABLE folders (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        created_at TEXT NOT NULL
      ) STRICT;
      ALTER TABLE rosters ADD COLUMN folder_id TEXT REFERENCES folders(id) ON DELETE SET NULL;
      ALTER TABLE rosters ADD COLUMN favourite INTEGER NOT NULL DEFAULT 0 CHECK (favourite IN (0, 1));
      ALTER TABLE rosters ADD COLUMN deleted_at TEXT;
      ALTER TABLE rosters ADD COLUMN points REAL;
      ALTER TABLE rosters ADD COLUMN points_limit REAL;
      ALTER TABLE rosters ADD COLUMN valid INTEGER CHECK (valid IN (0, 1));
      ALTER TABLE rosters ADD COLUMN error_count INTEGER;
      ALTER TABLE rosters ADD COLUMN data_version TEXT;
      ALTER TABLE revisions ADD COLUMN points REAL;
      ALTER TABLE revisions ADD COLUMN valid INTEGER CHECK (valid IN (0, 1));
      ALTER TABLE revisions ADD COLUMN data_version TEXT;
      ALTER TABLE revisions ADD COLUMN message TEXT;
      CREATE TABLE tags (
        roster_id TEXT NOT NULL REFERENCES rosters(id) ON DELETE CASCADE,
        tag TEXT NOT NULL COLLATE NOCASE,
        PRIMARY KEY (roster_id, tag)
      ) STRICT;
      CREATE INDEX tags_by_tag ON tags(tag);
      CREATE INDEX rosters_live ON rosters(deleted_at, updated_at DESC);
    `
  },
  {
    version: 3,
    name: 'full-text-search',
    sql: `
      CREATE VIRTUAL TABLE roster_search USING fts5(name, notes, army, troops, tags, tokenize = 'unicode61 remove_diacritics 2');
      -- Index what the library already holds: ids read as words (early-imperial-roman -> early imperial roman).
      INSERT INTO roster_search (rowid, name, notes, army, troops, tags)
      SELECT r.rowid, r.name,
             coalesce(json_extract(v.document, '$.notes'), ''),
             replace(r.army, '-', ' ') || ' ' || replace(r.ruleset, '-', ' '),
             coalesce((SELECT group_concat(replace(json_extract(u.value, '$.troop'), '-', ' ') || ' ' || coalesce(json_extract(u.value, '$.name'), ''), ' ')
                       FROM json_each(v.document, '$.units') u), ''),
             coalesce((SELECT group_concat(t.tag, ' ') FROM tags t WHERE t.roster_id = r.id), '')
      FROM rosters r JOIN revisions v ON v.roster_id = r.id AND v.revision = r.current_revision;
    `
  },
  {
    version: 4,
    name: 'unfinished-rosters',
    sql: `
      -- How many of a roster's errors say something is still to add (a minimum, the general): a roster
      -- whose every error is one is unfinished rather than wrong. NULL until the roster is next checked.
      ALTER TABLE rosters ADD COLUMN todo_count INTEGER;
    `
  },
  {
    version: 5,
    name: 'data-changes',
    sql: `
      -- Set when new data (army lists, rules data, another edition) changed a roster's points or verdict;
      -- cleared when it is saved again or its stored result is brought up to date.
      ALTER TABLE rosters ADD COLUMN data_changed INTEGER NOT NULL DEFAULT 0;
      -- Small facts about the library, e.g. the fingerprint of the data it was last checked with.
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `
  },
  {
    version: 6,
    name: 'collection',
    sql: `
      -- What the player owns, one document (schemas/collection.schema.json) a revision, like a roster's:
      -- the highest revision is the collection; undo saves an earlier one again as a new revision.
      CREATE TABLE collection_revisions (
        revision INTEGER PRIMARY KEY,
        document TEXT NOT NULL CHECK (json_valid(document)),
        saved_at TEXT NOT NULL,
        message TEXT
      ) STRICT;
    `
  },
  {
    version: 7,
    name: 'games',
    sql: `
      -- A game at the table: its sheet (src-shared/play/types.ts PlaySheet, self-contained) and its
      -- taps, one row each, saved one transaction a tap, so a kill loses none. Side 0 is the player's own.
      -- A side's roster id is kept when it came from the library (a file, a share code or an army list
      -- has none), and forgotten when that roster is deleted; player names are as the players gave them.
      CREATE TABLE games (
        id TEXT PRIMARY KEY,
        ruleset TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        finished_at TEXT,
        sheet TEXT NOT NULL CHECK (json_valid(sheet)),
        roster_0_id TEXT REFERENCES rosters(id) ON DELETE SET NULL,
        roster_1_id TEXT REFERENCES rosters(id) ON DELETE SET NULL,
        player_0 TEXT,
        player_1 TEXT,
        -- Set when finished: { over, winner, why, code, finishedAt, agreed }.
        result TEXT CHECK (result IS NULL OR json_valid(result)),
        CHECK ((finished_at IS NULL) = (result IS NULL))
      ) STRICT;
      CREATE TABLE game_taps (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        tap TEXT NOT NULL CHECK (json_valid(tap)),
        at TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
      ) STRICT;
      CREATE INDEX games_updated ON games(updated_at DESC);
      -- A roster's and a player's record: their finished games, on either side.
      CREATE INDEX games_roster_0 ON games(roster_0_id, finished_at) WHERE roster_0_id IS NOT NULL;
      CREATE INDEX games_roster_1 ON games(roster_1_id, finished_at) WHERE roster_1_id IS NOT NULL;
      CREATE INDEX games_player_0 ON games(player_0 COLLATE NOCASE) WHERE player_0 IS NOT NULL;
      CREATE INDEX games_player_1 ON games(player_1 COLLATE NOCASE) WHERE player_1 IS NOT NULL;
    `
  },
  {
    version: 8,
    name: 'events',
    sql: `
      -- An event run in the library (issue 41): its profile (schemas/event.schema.json), its players from
      -- their submitted rosters, its rounds and tables with their results. Each change is one transaction
      -- (store/events.ts). A player's id is the event's own (p1, p2...); players are named by the roster's
      -- player field. A held player (illegal roster) is never paired unless overridden.
      CREATE TABLE events (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        profile TEXT NOT NULL CHECK (json_valid(profile)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE TABLE event_players (
        event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        club TEXT,
        country TEXT,
        status TEXT NOT NULL CHECK (status IN ('active', 'held', 'dropped')),
        held_reasons TEXT CHECK (held_reasons IS NULL OR json_valid(held_reasons)),
        overridden INTEGER NOT NULL DEFAULT 0 CHECK (overridden IN (0, 1)),
        joined_round INTEGER NOT NULL CHECK (joined_round >= 1),
        ruleset TEXT NOT NULL,
        army TEXT NOT NULL,
        army_title TEXT NOT NULL,
        roster TEXT NOT NULL CHECK (json_valid(roster)),
        check_code TEXT NOT NULL,
        revision INTEGER NOT NULL CHECK (revision >= 1),
        PRIMARY KEY (event_id, id)
      ) STRICT;
      -- Every roster a player submitted, as checked, by revision (the player's row holds the latest).
      CREATE TABLE event_rosters (
        event_id TEXT NOT NULL,
        player_id TEXT NOT NULL,
        revision INTEGER NOT NULL,
        roster TEXT NOT NULL CHECK (json_valid(roster)),
        check_code TEXT NOT NULL,
        held_reasons TEXT CHECK (held_reasons IS NULL OR json_valid(held_reasons)),
        entered_at TEXT NOT NULL,
        PRIMARY KEY (event_id, player_id, revision),
        FOREIGN KEY (event_id, player_id) REFERENCES event_players(event_id, id) ON DELETE CASCADE
      ) STRICT;
      CREATE TABLE event_rounds (
        event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        round INTEGER NOT NULL CHECK (round >= 1),
        paired_at TEXT NOT NULL,
        PRIMARY KEY (event_id, round)
      ) STRICT;
      -- A table of a round: two players, or one (player_b NULL) for a bye; its result once entered:
      -- { winner: 0 | 1 | null, score?, slip? } (src-main/event/day-types.ts TableResult), and from where.
      CREATE TABLE event_tables (
        event_id TEXT NOT NULL,
        round INTEGER NOT NULL,
        table_no INTEGER NOT NULL CHECK (table_no >= 1),
        player_a TEXT NOT NULL,
        player_b TEXT,
        why TEXT NOT NULL,
        result TEXT CHECK (result IS NULL OR json_valid(result)),
        result_source TEXT CHECK (result_source IN ('typed', 'slip', 'phone')),
        result_at TEXT,
        PRIMARY KEY (event_id, round, table_no),
        FOREIGN KEY (event_id, round) REFERENCES event_rounds(event_id, round) ON DELETE CASCADE,
        CHECK ((result IS NULL) = (result_source IS NULL))
      ) STRICT;
      CREATE INDEX events_updated ON events(updated_at DESC);
      CREATE UNIQUE INDEX event_players_name ON event_players(event_id, name COLLATE NOCASE);
      CREATE INDEX event_tables_a ON event_tables(event_id, player_a);
      CREATE INDEX event_tables_b ON event_tables(event_id, player_b) WHERE player_b IS NOT NULL;
    `
  },
  {
    version: 9,
    name: 'event result secret',
    sql: `
      -- Each event's secret for its tables' result PINs (services/event-result-pins.ts): the phones'
      -- results page takes a table's result only with that table's PIN, printed on its result slip.
      -- 256 random bits, made by SQLite for every event, old or new (the trigger), so no reader writes.
      ALTER TABLE events ADD COLUMN result_secret TEXT;
      UPDATE events SET result_secret = lower(hex(randomblob(32)));
      CREATE TRIGGER events_result_secret AFTER INSERT ON events WHEN NEW.result_secret IS NULL
      BEGIN
        UPDATE events SET result_secret = lower(hex(randomblob(32))) WHERE rowid = NEW.rowid;
      END;
    `
  }
]

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version

export function migrationHash(m: Migration): string {
  return createHash('sha256').update(m.sql).digest('hex')
}
