// The sides of finished games, one row each (its game, roster, player, side 0 or 1, and the winner:
// 0, 1 or null for a draw): what every record and the library's played/won filters count from, written once.
export const FINISHED_SIDES = `
  SELECT id AS game_id, roster_0_id AS roster, player_0 AS player, 0 AS side, json_extract(result, '$.winner') AS winner
  FROM games WHERE finished_at IS NOT NULL
  UNION ALL
  SELECT id, roster_1_id, player_1, 1, json_extract(result, '$.winner') FROM games WHERE finished_at IS NOT NULL`
