// Today's date as a result slip writes it (ISO, UTC). Its own module so scoring a game file (services/
// game-score.ts) does not load the result code's deflate and hash just to date the game.
export const todayIso = (): string => new Date().toISOString().slice(0, 10)
