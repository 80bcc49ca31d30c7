// SPDX-License-Identifier: MIT
// The types of docs/PROTOCOL.md and docs/SITE.md as the client reads them: the HTTP answers,
// the table socket's and the lobby socket's messages. Types only (JSDoc, checked by
// `tsc --checkJs`); nothing here runs.

/**
 * @typedef {object} Setup docs/PROTOCOL.md "Setup object"
 * @property {string} [board] '6' | '8' | '10' | 'octagon'
 * @property {number} [players] 2, 3 or 4
 * @property {boolean} [anti]
 * @property {boolean} [free_opening]
 * @property {string[]} [blocked]
 * @property {number} [random_blocked]
 * @property {number} [handicap]
 * @property {string} [handicap_to] 'black' | 'white'
 */

/**
 * @typedef {object} Clock a clock setting, and in a table state its running times
 * @property {'none' | 'move' | 'game' | 'days'} [mode]
 * @property {number} [seconds]
 * @property {number} [days] a correspondence game's days per move
 * @property {number} [increment]
 * @property {(number | null)[]} [remaining_ms] per seat
 * @property {number | null} [running] the seat whose time runs
 */

/**
 * @typedef {object} Range an inclusive bound the server checks
 * @property {number} min
 * @property {number} max
 */

/**
 * @typedef {object} ConfigPool a rating pool and the setup its games are made with
 * @property {string} id '8x8', '3p', ...
 * @property {Setup} setup
 * @property {number} players
 * @property {boolean} any_board its games may be on any board (three and four players)
 */

/**
 * @typedef {object} SiteConfig GET /api/config: what the site allows, which every form is built from
 * @property {{start: number, rd: number}} rating a new rating
 * @property {number} name_chars the longest player name, in characters
 * @property {Range} players
 * @property {Range} levels the computer's levels
 * @property {Range} random_blocked
 * @property {{off_from_screens: number}} hints hints are off by default from this many screens with people
 *   at them (each human seat its own screen; a one-screen table is one)
 * @property {{seconds: Range, increment: Range}} clock a table's live clock
 * @property {ConfigPool[]} pools the live pools, in the order to show them
 * @property {{id: string, clock: Clock}[]} times the time controls the forms offer ('3+2', 'untimed', '3d')
 * @property {{pools: string[], times: string[]}} quick quick pairing
 * @property {{pools: string[], times: string[]}} offers seeks and challenges
 * @property {{pools: {arena: string[], swiss: string[]}, times: string[], rounds: Range, arena_seconds: Range,
 *   name_chars: number}} tournament a player's tournament
 * @property {string[]} errors every error code the server sends
 */

/**
 * @typedef {object} Rating
 * @property {number} rating
 * @property {number} [rd]
 * @property {boolean} [provisional]
 * @property {number} [games]
 */

/**
 * @typedef {object} Seat one seat of a table state or a game summary
 * @property {'human' | 'computer'} type
 * @property {number} [level] a computer's level
 * @property {string} [name] the name at the table
 * @property {string} [player] a registered player's (or guest's) name
 * @property {Rating | number | null} [rating]
 * @property {boolean} [taken]
 * @property {boolean} [connected]
 * @property {boolean} [bot] the seat's player is a bot account
 */

/**
 * @typedef {object} RatingChange
 * @property {number} seat
 * @property {number} before
 * @property {number} after
 */

/**
 * @typedef {object} Result
 * @property {number | null} [winner] the winning seat; null for a draw
 * @property {number[]} [counts]
 * @property {string} [reason] 'end' | 'resign' | 'time' | 'cancelled' | 'expired' | 'agreed' | 'aborted' | 'abandoned'
 * @property {RatingChange[]} [ratings] the rating change of a rated game
 */

/**
 * @typedef {object} Offer a pending offer at a table
 * @property {'draw' | 'takeback' | 'rematch'} kind
 * @property {number} from the seat that offers
 */

/**
 * @typedef {object} RefusedOffer a draw or takeback offer declined or withdrawn at this ply
 * @property {'draw' | 'takeback'} kind
 * @property {number} from the seat that offered
 * @property {number} again_at_ply from which ply the seat may offer it again
 */

/**
 * @typedef {object} TableState docs/PROTOCOL.md "Table state"
 * @property {string} id
 * @property {Setup & {players: number, board: string}} setup normalised
 * @property {Seat[]} seats
 * @property {boolean} [local]
 * @property {boolean} [hints]
 * @property {boolean} [rated]
 * @property {'waiting' | 'playing' | 'finished'} status
 * @property {number} ply
 * @property {string[]} [moves]
 * @property {number | null} to_move
 * @property {string[]} board one string per row, top row first
 * @property {string[]} [legal]
 * @property {string | null} [last_move]
 * @property {string[]} [flipped]
 * @property {number[]} [counts]
 * @property {Clock | null} [clock]
 * @property {Result | null} [result]
 * @property {string | null} [rematch]
 * @property {number} [created]
 * @property {Offer[]} [offers]
 * @property {RefusedOffer[]} [offers_refused]
 * @property {number[]} [rematch_offers_left]
 * @property {boolean[]} [presence]
 * @property {number | null} [claim_at]
 * @property {string | null} [tournament] the tournament that paired this game, or null
 * @property {number[]} [you] seats this connection's token holds
 */

/**
 * @typedef {object} ErrorMessage every refusal, on a socket or as an HTTP body
 * @property {'error'} type
 * @property {string} code
 * @property {string} [message]
 * @property {string} [owner] with code 'moved': the node that plays the table
 */

/**
 * @typedef {object} ChatMessage
 * @property {'chat'} type
 * @property {string} text
 * @property {string} [from]
 * @property {number | null} [seat] null for a spectator
 * @property {number} [seq] the line's number at its table (a report or a moderator names it)
 */

/**
 * @typedef {object} ModReport an open report in the moderators' queue (GET /api/mod/reports)
 * @property {string} id
 * @property {number} at wall ms
 * @property {string} reporter
 * @property {string} player the reported player
 * @property {string} reason abuse, spam, cheating, name or other
 * @property {string} text the reporter's words
 * @property {string} [table] a chat line's table, or the game a profile's report named
 * @property {number} [seq] a chat line's number
 * @property {string} [chat] the chat line as it stood ("Sender: text")
 */

/**
 * @typedef {object} ModReportGroup a reported player's open reports (GET /api/mod/reports)
 * @property {string} player the reported player ("" for visitors without an account)
 * @property {number} count how many open reports they have
 * @property {number} newest wall ms of the newest
 * @property {ModReport[]} reports the newest of them, newest first
 */

/**
 * @typedef {object} AuditEntry a moderator's action (GET /api/mod/audit)
 * @property {number} id increasing; the next page asks for those before the last id
 * @property {number} at wall ms
 * @property {string | null} moderator who acted (null: the site's operator, on the command line)
 * @property {string} action e.g. mute, lift_ban, resolve_report, hide_chat
 * @property {string} player the player acted on, or ""
 * @property {string} detail what it touched
 * @property {string} reason the reason given
 */

/**
 * @typedef {object} BotToken a bot's live API token as listed (never the token itself)
 * @property {string} id the start of its hash
 * @property {number} created wall ms
 * @property {number} last_used wall ms
 */

/**
 * @typedef {object} ModSanction a sanction in force (GET /api/mod/sanctions)
 * @property {string} player
 * @property {string} kind mute, ban or unlisted
 * @property {number} until wall ms, 0: no end
 */

/**
 * @typedef {{type: 'state', table: TableState}
 *   | {type: 'hint', square: string | null, score?: number, depth?: number, ply?: number}
 *   | {type: 'rematch', table: string}
 *   | {type: 'chat_log', messages: ChatMessage[]}
 *   | {type: 'offer_declined', kind: 'draw' | 'takeback' | 'rematch', from: number, by: number}
 *   | {type: 'pong'}
 *   | ChatMessage | ErrorMessage} TableMessage the table socket's messages (server -> client)
 */

/**
 * @typedef {object} Me who this browser is (GET /api/me, the lobby's `me`)
 * @property {string} name
 * @property {boolean} [guest]
 * @property {boolean} [bot] a bot account
 * @property {Record<string, Rating>} [ratings]
 */

/**
 * @typedef {object} Seek an open offer in the lobby
 * @property {string} id
 * @property {string} player
 * @property {boolean} [bot] the seeker is a bot account
 * @property {number | null} [rating]
 * @property {boolean} [provisional]
 * @property {Setup} setup
 * @property {Clock} clock
 * @property {boolean} [rated]
 * @property {string} [seat] 'random' | 'black' | 'white'
 * @property {string | null} [pool]
 * @property {number} [created]
 */

/**
 * @typedef {object} MyGame one of my running games (the lobby's `games`)
 * @property {string} table
 * @property {Setup} setup
 * @property {string[]} [opponents]
 * @property {boolean[]} [opponents_bot] per opponent: a bot account
 * @property {number[]} [opponents_level] per opponent: a computer seat's level, 0 for a person
 * @property {boolean} [your_turn]
 */

/**
 * @typedef {object} Challenge a challenge to me (`challenge`) or from me (`challenge_sent`)
 * @property {string} id
 * @property {string} [from]
 * @property {boolean} [from_bot]
 * @property {string} [to]
 * @property {boolean} [to_bot]
 * @property {Setup} setup
 * @property {Clock} clock
 * @property {boolean} [rated]
 */

/**
 * @typedef {{type: 'lobby', seeks?: Seek[], seeks_total?: number, seeks_per_page?: number, online?: number,
 *      me?: Me, games?: MyGame[]}
 *   | {type: 'seek_page', offset: number, total: number, seeks: Seek[]}
 *   | {type: 'seek_added', seek: Seek}
 *   | {type: 'seek_removed', id: string}
 *   | {type: 'online', count: number}
 *   | {type: 'games', games: MyGame[]}
 *   | {type: 'quick_waiting', pool: string, preset: string, window: number | null, seeking?: number,
 *      any_rating_at?: number | null}
 *   | {type: 'quick_stopped'}
 *   | {type: 'paired', table: string, seat?: number, token?: string}
 *   | ({type: 'challenge'} & Challenge)
 *   | ({type: 'challenge_sent'} & Challenge)
 *   | {type: 'challenge_gone', id: string, reason?: string}
 *   | {type: 'tournament', tournament: TournamentView}
 *   | ErrorMessage} LobbyMessage the lobby socket's messages (server -> client)
 */

/**
 * @typedef {object} TournamentStanding one line of a tournament's standings
 * @property {number} rank
 * @property {string} name
 * @property {boolean} [bot]
 * @property {number} score arena: points; Swiss: half points
 * @property {number} games
 * @property {number} [streak]
 * @property {boolean} [active]
 * @property {boolean} [playing]
 * @property {number} [buchholz] Swiss: half points
 * @property {number} [sonneborn_berger] Swiss: quarter points
 */

/**
 * @typedef {object} TournamentView GET /api/tournaments/ID (the list leaves out games and standings)
 * @property {string} id
 * @property {string} name
 * @property {boolean} [scheduled] made by the site's schedule (docs/SITE.md "Scheduled tournaments")
 * @property {'hourly' | 'daily' | 'weekly' | '' | null} [recurrence] how often a scheduled one recurs:
 *   the client names it by this, in the reader's language
 * @property {'arena' | 'swiss'} kind
 * @property {string} pool
 * @property {Clock} clock
 * @property {boolean} rated
 * @property {'created' | 'running' | 'finished' | 'cancelled'} status `cancelled`: its creator called it off (pushed to its entrants)
 * @property {string} creator
 * @property {number} starts_at
 * @property {number | null} [ends_at] an arena's end (wall ms)
 * @property {number | null} [seconds_left]
 * @property {number | null} [rounds]
 * @property {number} round
 * @property {number} [players]
 * @property {TournamentStanding[]} [standings]
 * @property {{table: string | null, round: number, players: (string | null)[], done: boolean, score: number, points?: number[]}[]} [games]
 *   `points`: three and four players, each seat's half points by place
 */

/**
 * @typedef {object} TournamentResult a finished tournament on a profile
 * @property {string} id
 * @property {string} name
 * @property {'arena' | 'swiss'} kind
 * @property {string} [pool]
 * @property {'hourly' | 'daily' | 'weekly' | '' | null} [recurrence] as a TournamentView's
 * @property {number} rank
 * @property {number} score
 * @property {number} players
 */

/**
 * @typedef {object} GameSummary a finished game (GET /api/games/ID, a profile's recent games)
 * @property {string} id
 * @property {Setup & {players: number, board: string}} setup
 * @property {Seat[]} [seats]
 * @property {string[]} [moves]
 * @property {Result | string | null} [result]
 * @property {boolean} [finished]
 * @property {boolean} [rated]
 * @property {Clock} [clock]
 * @property {number} [created]
 * @property {number | null} [seat] in a profile's recent games: the profile's seat
 * @property {string[]} [opponents] in a profile's recent games: the other seats by name, a
 *   computer as "computer level N" (in seat order)
 */

/**
 * @typedef {object} TableSummary an open table (GET /api/tables)
 * @property {string} id
 * @property {Setup} setup
 * @property {Seat[]} seats
 * @property {string} status
 * @property {number} [ply]
 * @property {Clock} [clock]
 * @property {boolean} [rated]
 */

/**
 * @typedef {object} Player GET /api/players/NAME
 * @property {string} name
 * @property {boolean} [guest]
 * @property {boolean} [bot]
 * @property {boolean} [online]
 * @property {Record<string, Rating>} [ratings]
 * @property {{games?: number, won?: number, drawn?: number, lost?: number}} [stats]
 * @property {GameSummary[]} [recent]
 */

/**
 * @typedef {object} LeaderboardRow
 * @property {string} name
 * @property {boolean} [bot]
 * @property {number} rating
 * @property {number} rd
 * @property {boolean} [provisional]
 * @property {number} [games]
 */

/**
 * @typedef {object} AnalysisPly the verdict on one move of a game's analysis
 * @property {number} seat the seat that moved
 * @property {string} played
 * @property {number} played_score the expected final disc difference for the mover
 * @property {string} best the best move of the same position
 * @property {number} best_score
 * @property {number} loss
 * @property {'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder' | string} class
 */

/**
 * @typedef {object} GameAnalysis GET /api/games/ID/analysis
 * @property {'queued' | 'running' | 'done'} status
 * @property {number} [progress] 0..1
 * @property {AnalysisPly[]} [plies]
 */

/**
 * @typedef {object} PositionScores POST /api/analyze
 * @property {string | null} best
 * @property {number} score
 * @property {{square: string, score: number, exact?: boolean}[]} moves
 */

/**
 * @typedef {object} Created POST /api/tables, POST /api/tables/ID/join
 * @property {string} table
 * @property {string} [token]
 * @property {number} [seat]
 */

export {};

// Puzzles (docs/PUZZLES.md "On the site", docs/PROTOCOL.md).
/**
 * @typedef {object} Puzzle a puzzle without its solution
 * @property {string} id
 * @property {string} pool
 * @property {Setup} setup
 * @property {string[]} moves the game from the start to the puzzle
 * @property {'black' | 'white'} side the solver
 * @property {number} empties
 * @property {number} best the exact result to keep, discs for the solver
 * @property {number} rating
 * @property {boolean} [daily]
 * @property {PuzzleStreak} [streak] in streak mode
 */

/**
 * @typedef {object} PuzzleOverview the pools that have puzzles on this server, and the daily puzzle
 * @property {Object<string, number>} pools each pool's number of puzzles
 * @property {string | null} daily the daily puzzle's id
 */

/**
 * @typedef {object} PuzzleStreak where a streak stands (docs/PUZZLES.md "Streak mode")
 * @property {number} count puzzles solved in a row
 * @property {number} best the player's best streak in the pool
 * @property {boolean} [over] the last move ended it
 * @property {string | null} [next] the next puzzle's id (null: the streak is done)
 */

/**
 * @typedef {object} PuzzleNode one of the solver's turns: every move's exact score, best first,
 *   and what follows each solution move
 * @property {[string, number][]} choices
 * @property {{move: string, replies: string[], next: number}[]} branches
 */

/**
 * @typedef {object} GradedMove
 * @property {string} move
 * @property {number} score
 * @property {number} best
 * @property {number} loss
 * @property {boolean} solution
 * @property {string[]} replies the computer's answer
 */

/**
 * @typedef {object} PuzzleAnswer the grade of the moves sent
 * @property {string} id
 * @property {'playing' | 'solved' | 'failed'} status
 * @property {GradedMove[]} moves
 * @property {boolean} rated
 * @property {PuzzleNode[]} [tree] once finished
 * @property {string[]} [themes]
 * @property {'guest' | 'again' | 'seen'} [unrated] why a finished attempt is not rated: a
 *   guest, a second attempt, or a solution shown before to the account, the device or the address
 * @property {{rating: number, change: number, provisional: boolean}} [player_rating]
 * @property {{rating: number, change: number, provisional: boolean}} [puzzle_rating]
 * @property {PuzzleStreak} [streak] when the puzzle was the player's streak puzzle
 */

/**
 * @typedef {object} PuzzlePlayer a player's puzzle rating
 * @property {string} name
 * @property {number} rating
 * @property {number} rd
 * @property {boolean} provisional the deviation is above the site's threshold (shown with "?")
 * @property {number} attempts
 * @property {number} solved
 * @property {Record<string, number>} [streaks] the best streak per pool
 */

// The opening explorer (docs/EXPLORER.md).
/**
 * @typedef {object} OpeningName
 * @property {string} name
 * @property {number} plies the length of the named line
 */

/**
 * @typedef {object} ExplorerMove
 * @property {string} move
 * @property {number} games
 * @property {number} black Black's wins
 * @property {number} white White's wins
 * @property {number} draws
 */

/**
 * @typedef {object} ExplorerAnswer
 * @property {string} pool
 * @property {string} moves the sequence asked about
 * @property {number} games the games through it
 * @property {ExplorerMove[]} next
 * @property {OpeningName | null} opening
 */

/**
 * @typedef {object} ExplorerEval the engine's score of every legal move (docs/EXPLORER.md)
 * @property {{move: string, score: number, exact: boolean}[]} moves best first; discs for the side to move
 * @property {number} [depth]
 * @property {boolean} exact
 */

/**
 * @typedef {object} GgfImportAnswer games of a GGF or WTHOR upload put in the player's database
 * @property {number} imported
 * @property {number} skipped games that did not read or are not of a pool
 * @property {string[]} errors the first reasons
 * @property {boolean} more games past the upload's bound left unread
 * @property {number} total the player's imported games
 */
