// SPDX-License-Identifier: MIT
// The one translation table of the client (English, Turkish, Polish) and the helpers that read
// it. Every string the interface shows comes from here (the rules pages' long texts sit in
// rules-pages.js). The language comes from a saved choice, else from navigator.languages, else
// English; a missing key falls back to English, then to the key itself.

export const LANGS = [['en', 'English'], ['tr', 'Türkçe'], ['pl', 'Polski']];
const LangKey = 'reversi.lang';

const en = {
    'app.title': 'Reversi',
    'nav.label': 'Main', 'nav.new': 'New game', 'nav.lobby': 'Lobby', 'nav.rules': 'Rules',
    'nav.language': 'Language',
    'colour.0': 'Black', 'colour.1': 'White', 'colour.2': 'Red', 'colour.3': 'Green', 'colour.neutral': 'Neutral',
    'shape.6': '6×6', 'shape.8': '8×8', 'shape.10': '10×10', 'shape.octagon': 'Octagon (88)',
    'board.blocked': 'blocked', 'board.empty': 'empty', 'board.legal': 'legal move', 'board.last': 'last move',
    'board.hint': 'hint',
    'setup.title': 'New game', 'setup.boardGroup': 'Board and rules', 'setup.shape': 'Board',
    'setup.players': 'Players', 'setup.nPlayers': '{n} players', 'setup.anti': 'Anti-Reversi (fewest discs wins)',
    'setup.free': 'Free opening (start from an empty board)', 'setup.handicap': 'Corner handicap',
    'setup.nCorners': '{n} corners', 'setup.none': 'None', 'setup.handicapTo': 'Handicap goes to',
    'setup.blockedGroup': 'Blocked squares', 'setup.blocked.none': 'No blocked squares',
    'setup.blocked.pick': 'Pick squares on the board', 'setup.blocked.random': 'Random, point-symmetric',
    'setup.randomCount': 'Number of blocked squares',
    'setup.randomNote': 'The server places them symmetrically through the centre; everyone sees them before the first move.',
    'setup.pickNote': 'Click squares on the board below to block or free them.', 'setup.pickedList': 'Blocked: {list}.',
    'setup.preview': 'Starting position', 'setup.seatsGroup': 'Seats', 'setup.seatType': 'Seat {colour}',
    'setup.seatLevel': 'Level of {colour}', 'setup.local': 'Everyone plays at this screen',
    'setup.mySeat': 'Your seat', 'setup.watch': 'None, just watch', 'setup.name': 'Your name',
    'setup.extrasGroup': 'Hints and clock', 'setup.hints': 'Allow hints', 'setup.clock': 'Clock',
    'setup.moveSeconds': 'Seconds per move', 'setup.gameMinutes': 'Minutes per player',
    'setup.increment': 'Increment (seconds)', 'setup.create': 'Start game', 'setup.aboutRules': 'rules',
    'setup.rulesLink': 'Read the rules of this option',
    'clock.none': 'No clock', 'clock.move': 'Per move', 'clock.game': 'Per game, with increment',
    'seat.human': 'Human', 'seat.computer': 'Computer', 'seat.level': 'Level {n}',
    'seat.computerLevel': 'Computer (level {n})', 'seat.free': 'free seat',
    'problem.shape': 'Choose a board: 6×6, 8×8, 10×10 or the octagon.',
    'problem.players': 'A game has 2, 3 or 4 players.',
    'problem.multi6': 'Three or four players need more room: choose 8×8, 10×10 or the octagon.',
    'problem.multiFree': 'The free opening is for two players only.',
    'problem.multiHandicap': 'A corner handicap is for two players only.',
    'problem.handicapRange': 'A handicap uses 0 to 4 corners.',
    'problem.octagonHandicap': 'The octagon has no corner squares, so it has no handicap.',
    'problem.blockedOff': '{sq} is not a square of this board.',
    'problem.blockedCentre': '{sq} is a centre square: the four centre squares can never be blocked.',
    'problem.blockedCorner': '{sq} is a handicap corner and cannot be blocked.',
    'problem.randomRange': 'Choose between 0 and {max} blocked squares.',
    'problem.randomOdd': 'A point-symmetric layout needs an even number of squares.',
    'problem.randomAndList': 'Pick squares or ask for random ones, not both.',
    'problem.noHuman': 'A table needs at least one human seat: the computer does not play against itself here.',
    'problem.nameChars': 'A name may not hold control characters or invisible formatting characters.',
    'problem.nameLong': 'That name is too long; choose a shorter one.',
    'problem.mySeat': 'Your seat must be a human seat (or choose to watch).',
    'problem.clock': 'Choose a clock time within the limits.',
    'game.board': 'Board', 'game.moves': 'Moves', 'game.rulesLink': 'Rules of this game',
    'game.share': 'Link to this table (others join or watch with it): ',
    'game.freeSeats': 'Free seats:', 'game.take': 'Play as {colour}', 'game.you': '(you)', 'game.discs': 'discs',
    'game.waiting': 'Waiting for players to take their seats.',
    'game.yourMove': 'Your move ({colour}).', 'game.toMove': '{colour} to move.',
    'game.thinking': 'The computer ({colour}) is thinking…',
    'game.mustPass': '{colour} has no legal move and must pass.', 'game.passed': '{colour} passed.',
    'game.pass': 'Pass', 'game.passWord': 'pass',
    'game.illegal': '{sq} is not a legal move for {colour}.', 'game.notYourTurn': 'It is not your turn.',
    'game.spectating': 'You are watching this game.', 'game.hint': 'Hint', 'game.undo': 'Undo',
    'game.resign': 'Resign', 'game.rematch': 'Rematch', 'game.toRematch': 'Go to the rematch', 'game.showLegal': 'Show legal moves',
    'game.sound': 'Sound', 'game.confirmResign': 'Resign the game for {colour}?',
    'game.cancel': 'Cancel table', 'game.confirmCancel': 'Cancel this table? Nobody will be able to play at it.',
    'game.hintIs': 'Hint: {sq} (score {score}, depth {depth}).', 'game.notFound': 'Table not found',
    'result.wins': '{colour} wins {counts}.', 'result.draw': 'Draw {counts}.',
    'result.byResign': '(by resignation)', 'result.byTime': '(on time)', 'result.anti': '(Anti-Reversi: fewest discs wins)',
    'result.cancelled': 'Table cancelled: the game never started.',
    'result.expired': 'Nobody came: the table expired before the game started.',
    'status.waiting': 'waiting', 'status.playing': 'playing', 'status.finished': 'finished',
    'lobby.title': 'Lobby', 'lobby.refresh': 'Refresh', 'lobby.open': 'Open tables', 'lobby.finished': 'Finished games',
    'lobby.join': 'Join', 'lobby.watch': 'Watch', 'lobby.replay': 'Replay', 'lobby.ply': 'move {n}',
    'lobby.noTables': 'No open tables. Start a new game!', 'lobby.noGames': 'No finished games yet.',
    'replay.title': 'Replay', 'replay.at': 'Move {ply} of {total}', 'replay.first': '« Start',
    'replay.prev': '◀ Back', 'replay.next': 'Forward ▶', 'replay.last': 'End »', 'replay.exportText': 'Transcript',
    'rules.variants': 'Variants', 'rules.changes': 'What changes', 'rules.rule': 'Rule', 'rules.play': 'Play a game',
    'rules.back': 'Back',
    'desc.players': '{n} players', 'desc.anti': 'Anti', 'desc.free': 'free opening', 'desc.blocked': '{n} blocked',
    'desc.randomBlocked': '{n} random blocked', 'desc.handicap': 'handicap {n} to {colour}',
    'error.bad_json': 'The server could not read the message.', 'error.bad_request': 'The request was incomplete.',
    'error.bad_setup': 'This setup breaks the rules.', 'error.not_found': 'Not found.',
    'error.illegal_move': 'That move is not legal.', 'error.not_your_turn': 'It is not your turn.',
    'error.not_your_seat': 'That seat is not yours.', 'error.bad_token': 'Your seat link is not valid; you are watching.',
    'error.seat_taken': 'Someone already took that seat.', 'error.game_over': 'The game is over.',
    'error.not_allowed': 'That is not allowed here.', 'error.stale': 'The board changed; try again.',
    'error.too_large': 'The message was too large.', 'error.internal': 'Something went wrong on the server.',
    'error.busy': 'The server is busy right now; try again in a moment.',
    'error.rate_limited': 'Too many new tables from your address; wait a little before starting another.',
    'error.unavailable': 'The server could not save this, so nothing changed; try again.',
    'error.network': 'Cannot reach the server.',
};

const tr = {
    'app.title': 'Reversi',
    'nav.label': 'Ana menü', 'nav.new': 'Yeni oyun', 'nav.lobby': 'Lobi', 'nav.rules': 'Kurallar', 'nav.language': 'Dil',
    'colour.0': 'Siyah', 'colour.1': 'Beyaz', 'colour.2': 'Kırmızı', 'colour.3': 'Yeşil', 'colour.neutral': 'Nötr',
    'shape.6': '6×6', 'shape.8': '8×8', 'shape.10': '10×10', 'shape.octagon': 'Sekizgen (88)',
    'board.blocked': 'kapalı', 'board.empty': 'boş', 'board.legal': 'geçerli hamle', 'board.last': 'son hamle',
    'board.hint': 'ipucu',
    'setup.title': 'Yeni oyun', 'setup.boardGroup': 'Tahta ve kurallar', 'setup.shape': 'Tahta',
    'setup.players': 'Oyuncular', 'setup.nPlayers': '{n} oyuncu', 'setup.anti': 'Ters Reversi (en az disk kazanır)',
    'setup.free': 'Serbest açılış (boş tahtadan başla)', 'setup.handicap': 'Köşe handikapı',
    'setup.nCorners': '{n} köşe', 'setup.none': 'Yok', 'setup.handicapTo': 'Handikapı alan',
    'setup.blockedGroup': 'Kapalı kareler', 'setup.blocked.none': 'Kapalı kare yok',
    'setup.blocked.pick': 'Kareleri tahtada seç', 'setup.blocked.random': 'Rastgele, nokta simetrik',
    'setup.randomCount': 'Kapalı kare sayısı',
    'setup.randomNote': 'Sunucu onları merkeze göre simetrik yerleştirir; herkes ilk hamleden önce görür.',
    'setup.pickNote': 'Kapatmak ya da açmak için aşağıdaki tahtada karelere tıklayın.', 'setup.pickedList': 'Kapalı: {list}.',
    'setup.preview': 'Başlangıç pozisyonu', 'setup.seatsGroup': 'Koltuklar', 'setup.seatType': '{colour} koltuğu',
    'setup.seatLevel': '{colour} seviyesi', 'setup.local': 'Herkes bu ekranda oynar',
    'setup.mySeat': 'Koltuğunuz', 'setup.watch': 'Hiçbiri, yalnızca izle', 'setup.name': 'Adınız',
    'setup.extrasGroup': 'İpucu ve saat', 'setup.hints': 'İpucuna izin ver', 'setup.clock': 'Saat',
    'setup.moveSeconds': 'Hamle başına saniye', 'setup.gameMinutes': 'Oyuncu başına dakika',
    'setup.increment': 'Artış (saniye)', 'setup.create': 'Oyunu başlat', 'setup.aboutRules': 'kurallar',
    'setup.rulesLink': 'Bu seçeneğin kurallarını okuyun',
    'clock.none': 'Saat yok', 'clock.move': 'Hamle başına', 'clock.game': 'Oyun başına, artışlı',
    'seat.human': 'İnsan', 'seat.computer': 'Bilgisayar', 'seat.level': 'Seviye {n}',
    'seat.computerLevel': 'Bilgisayar (seviye {n})', 'seat.free': 'boş koltuk',
    'problem.shape': 'Bir tahta seçin: 6×6, 8×8, 10×10 ya da sekizgen.',
    'problem.players': 'Bir oyunda 2, 3 ya da 4 oyuncu olur.',
    'problem.multi6': 'Üç ya da dört oyuncu daha çok yer ister: 8×8, 10×10 ya da sekizgen seçin.',
    'problem.multiFree': 'Serbest açılış yalnızca iki oyuncu içindir.',
    'problem.multiHandicap': 'Köşe handikapı yalnızca iki oyuncu içindir.',
    'problem.handicapRange': 'Handikap 0 ile 4 arası köşe kullanır.',
    'problem.octagonHandicap': 'Sekizgenin köşe karesi yoktur, bu yüzden handikapı da yoktur.',
    'problem.blockedOff': '{sq} bu tahtanın bir karesi değil.',
    'problem.blockedCentre': '{sq} bir merkez karedir: dört merkez kare asla kapatılamaz.',
    'problem.blockedCorner': '{sq} bir handikap köşesidir ve kapatılamaz.',
    'problem.randomRange': '0 ile {max} arasında kapalı kare seçin.',
    'problem.randomOdd': 'Nokta simetrik bir dizilim çift sayıda kare ister.',
    'problem.randomAndList': 'Kareleri ya seçin ya da rastgele isteyin, ikisini birden değil.',
    'problem.noHuman': 'Bir masada en az bir insan koltuğu olmalı: bilgisayar burada kendine karşı oynamaz.',
    'problem.nameChars': 'Ad, kontrol karakterleri ya da görünmez biçim karakterleri içeremez.',
    'problem.nameLong': 'Bu ad çok uzun; daha kısa bir ad seçin.',
    'problem.mySeat': 'Koltuğunuz bir insan koltuğu olmalı (ya da izlemeyi seçin).',
    'problem.clock': 'Sınırlar içinde bir süre seçin.',
    'game.board': 'Tahta', 'game.moves': 'Hamleler', 'game.rulesLink': 'Bu oyunun kuralları',
    'game.share': 'Bu masanın bağlantısı (başkaları bununla katılır ya da izler): ',
    'game.freeSeats': 'Boş koltuklar:', 'game.take': '{colour} olarak oyna', 'game.you': '(siz)', 'game.discs': 'disk',
    'game.waiting': 'Oyuncuların koltuklarına oturması bekleniyor.',
    'game.yourMove': 'Sıra sizde ({colour}).', 'game.toMove': 'Sıra {colour} oyuncusunda.',
    'game.thinking': 'Bilgisayar ({colour}) düşünüyor…',
    'game.mustPass': '{colour} oyuncusunun geçerli hamlesi yok ve pas geçmeli.', 'game.passed': '{colour} pas geçti.',
    'game.pass': 'Pas', 'game.passWord': 'pas',
    'game.illegal': '{sq}, {colour} için geçerli bir hamle değil.', 'game.notYourTurn': 'Sıra sizde değil.',
    'game.spectating': 'Bu oyunu izliyorsunuz.', 'game.hint': 'İpucu', 'game.undo': 'Geri al',
    'game.resign': 'Terk et', 'game.rematch': 'Rövanş', 'game.toRematch': 'Rövanş masasına git', 'game.showLegal': 'Geçerli hamleleri göster',
    'game.sound': 'Ses', 'game.confirmResign': '{colour} için oyun terk edilsin mi?',
    'game.cancel': 'Masayı iptal et', 'game.confirmCancel': 'Bu masa iptal edilsin mi? Artık kimse bu masada oynayamayacak.',
    'game.hintIs': 'İpucu: {sq} (puan {score}, derinlik {depth}).', 'game.notFound': 'Masa bulunamadı',
    'result.wins': '{colour} kazandı {counts}.', 'result.draw': 'Berabere {counts}.',
    'result.byResign': '(terk ile)', 'result.byTime': '(süre ile)', 'result.anti': '(Ters Reversi: en az disk kazanır)',
    'result.cancelled': 'Masa iptal edildi: oyun hiç başlamadı.',
    'result.expired': 'Kimse gelmedi: oyun başlamadan masanın süresi doldu.',
    'status.waiting': 'bekliyor', 'status.playing': 'oynanıyor', 'status.finished': 'bitti',
    'lobby.title': 'Lobi', 'lobby.refresh': 'Yenile', 'lobby.open': 'Açık masalar', 'lobby.finished': 'Biten oyunlar',
    'lobby.join': 'Katıl', 'lobby.watch': 'İzle', 'lobby.replay': 'Tekrar oynat', 'lobby.ply': '{n}. hamle',
    'lobby.noTables': 'Açık masa yok. Yeni bir oyun başlatın!', 'lobby.noGames': 'Henüz biten oyun yok.',
    'replay.title': 'Tekrar', 'replay.at': 'Hamle {ply} / {total}', 'replay.first': '« Baş',
    'replay.prev': '◀ Geri', 'replay.next': 'İleri ▶', 'replay.last': 'Son »', 'replay.exportText': 'Kayıt',
    'rules.variants': 'Türler', 'rules.changes': 'Neler değişir', 'rules.rule': 'Kural', 'rules.play': 'Oyun oyna',
    'rules.back': 'Geri',
    'desc.players': '{n} oyuncu', 'desc.anti': 'Ters', 'desc.free': 'serbest açılış', 'desc.blocked': '{n} kapalı',
    'desc.randomBlocked': '{n} rastgele kapalı', 'desc.handicap': '{colour} için {n} handikap',
    'error.bad_json': 'Sunucu mesajı okuyamadı.', 'error.bad_request': 'İstek eksikti.',
    'error.bad_setup': 'Bu kurulum kurallara aykırı.', 'error.not_found': 'Bulunamadı.',
    'error.illegal_move': 'Bu hamle geçerli değil.', 'error.not_your_turn': 'Sıra sizde değil.',
    'error.not_your_seat': 'Bu koltuk sizin değil.', 'error.bad_token': 'Koltuk bağlantınız geçersiz; izliyorsunuz.',
    'error.seat_taken': 'Bu koltuğu biri zaten aldı.', 'error.game_over': 'Oyun bitti.',
    'error.not_allowed': 'Burada buna izin verilmiyor.', 'error.stale': 'Tahta değişti; yeniden deneyin.',
    'error.too_large': 'Mesaj çok büyüktü.', 'error.internal': 'Sunucuda bir şeyler ters gitti.',
    'error.busy': 'Sunucu şu anda meşgul; birazdan yeniden deneyin.',
    'error.rate_limited': 'Adresinizden çok fazla yeni masa açıldı; bir sonrakini açmadan önce biraz bekleyin.',
    'error.unavailable': 'Sunucu bunu kaydedemedi, hiçbir şey değişmedi; yeniden deneyin.',
    'error.network': 'Sunucuya ulaşılamıyor.',
};

const pl = {
    'app.title': 'Reversi',
    'nav.label': 'Menu główne', 'nav.new': 'Nowa gra', 'nav.lobby': 'Poczekalnia', 'nav.rules': 'Zasady',
    'nav.language': 'Język',
    'colour.0': 'Czarne', 'colour.1': 'Białe', 'colour.2': 'Czerwone', 'colour.3': 'Zielone', 'colour.neutral': 'Neutralny',
    'shape.6': '6×6', 'shape.8': '8×8', 'shape.10': '10×10', 'shape.octagon': 'Ośmiokąt (88)',
    'board.blocked': 'zablokowane', 'board.empty': 'puste', 'board.legal': 'dozwolony ruch', 'board.last': 'ostatni ruch',
    'board.hint': 'podpowiedź',
    'setup.title': 'Nowa gra', 'setup.boardGroup': 'Plansza i zasady', 'setup.shape': 'Plansza',
    'setup.players': 'Gracze', 'setup.nPlayers': 'Graczy: {n}', 'setup.anti': 'Anty-Reversi (wygrywa najmniej krążków)',
    'setup.free': 'Wolne otwarcie (start od pustej planszy)', 'setup.handicap': 'Handicap w rogach',
    'setup.nCorners': 'Rogi: {n}', 'setup.none': 'Brak', 'setup.handicapTo': 'Handicap otrzymują',
    'setup.blockedGroup': 'Zablokowane pola', 'setup.blocked.none': 'Bez zablokowanych pól',
    'setup.blocked.pick': 'Wybierz pola na planszy', 'setup.blocked.random': 'Losowo, symetrycznie względem środka',
    'setup.randomCount': 'Liczba zablokowanych pól',
    'setup.randomNote': 'Serwer rozmieszcza je symetrycznie względem środka; wszyscy widzą je przed pierwszym ruchem.',
    'setup.pickNote': 'Klikaj pola na planszy poniżej, aby je zablokować lub zwolnić.', 'setup.pickedList': 'Zablokowane: {list}.',
    'setup.preview': 'Pozycja początkowa', 'setup.seatsGroup': 'Miejsca', 'setup.seatType': 'Miejsce: {colour}',
    'setup.seatLevel': 'Poziom: {colour}', 'setup.local': 'Wszyscy grają przy tym ekranie',
    'setup.mySeat': 'Twoje miejsce', 'setup.watch': 'Żadne, tylko oglądam', 'setup.name': 'Twoje imię',
    'setup.extrasGroup': 'Podpowiedzi i zegar', 'setup.hints': 'Zezwól na podpowiedzi', 'setup.clock': 'Zegar',
    'setup.moveSeconds': 'Sekundy na ruch', 'setup.gameMinutes': 'Minuty na gracza',
    'setup.increment': 'Dodatek (sekundy)', 'setup.create': 'Rozpocznij grę', 'setup.aboutRules': 'zasady',
    'setup.rulesLink': 'Przeczytaj zasady tej opcji',
    'clock.none': 'Bez zegara', 'clock.move': 'Na ruch', 'clock.game': 'Na partię, z dodatkiem',
    'seat.human': 'Człowiek', 'seat.computer': 'Komputer', 'seat.level': 'Poziom {n}',
    'seat.computerLevel': 'Komputer (poziom {n})', 'seat.free': 'wolne miejsce',
    'problem.shape': 'Wybierz planszę: 6×6, 8×8, 10×10 lub ośmiokąt.',
    'problem.players': 'W grze bierze udział 2, 3 lub 4 graczy.',
    'problem.multi6': 'Trzech lub czterech graczy potrzebuje więcej miejsca: wybierz 8×8, 10×10 lub ośmiokąt.',
    'problem.multiFree': 'Wolne otwarcie jest tylko dla dwóch graczy.',
    'problem.multiHandicap': 'Handicap w rogach jest tylko dla dwóch graczy.',
    'problem.handicapRange': 'Handicap używa od 0 do 4 rogów.',
    'problem.octagonHandicap': 'Ośmiokąt nie ma pól narożnych, więc nie ma handicapu.',
    'problem.blockedOff': '{sq} nie jest polem tej planszy.',
    'problem.blockedCentre': '{sq} to pole środkowe: czterech pól środka nigdy nie można zablokować.',
    'problem.blockedCorner': '{sq} to róg handicapu i nie można go zablokować.',
    'problem.randomRange': 'Wybierz od 0 do {max} zablokowanych pól.',
    'problem.randomOdd': 'Układ symetryczny względem środka wymaga parzystej liczby pól.',
    'problem.randomAndList': 'Wybierz pola albo poproś o losowe, nie jedno i drugie.',
    'problem.noHuman': 'Stół wymaga co najmniej jednego miejsca dla człowieka: komputer nie gra tu sam ze sobą.',
    'problem.nameChars': 'Imię nie może zawierać znaków sterujących ani niewidocznych znaków formatujących.',
    'problem.nameLong': 'To imię jest za długie; wybierz krótsze.',
    'problem.mySeat': 'Twoje miejsce musi być miejscem dla człowieka (albo wybierz oglądanie).',
    'problem.clock': 'Wybierz czas zegara w dozwolonych granicach.',
    'game.board': 'Plansza', 'game.moves': 'Ruchy', 'game.rulesLink': 'Zasady tej gry',
    'game.share': 'Link do tego stołu (inni dołączają lub oglądają przez niego): ',
    'game.freeSeats': 'Wolne miejsca:', 'game.take': 'Graj jako {colour}', 'game.you': '(ty)', 'game.discs': 'krążki',
    'game.waiting': 'Czekamy, aż gracze zajmą miejsca.',
    'game.yourMove': 'Twój ruch ({colour}).', 'game.toMove': 'Ruch: {colour}.',
    'game.thinking': 'Komputer ({colour}) myśli…',
    'game.mustPass': '{colour}: brak dozwolonego ruchu, trzeba spasować.', 'game.passed': '{colour}: pas.',
    'game.pass': 'Pas', 'game.passWord': 'pas',
    'game.illegal': '{sq} nie jest dozwolonym ruchem ({colour}).', 'game.notYourTurn': 'To nie twoja kolej.',
    'game.spectating': 'Oglądasz tę grę.', 'game.hint': 'Podpowiedź', 'game.undo': 'Cofnij',
    'game.resign': 'Poddaj się', 'game.rematch': 'Rewanż', 'game.toRematch': 'Przejdź do rewanżu', 'game.showLegal': 'Pokaż dozwolone ruchy',
    'game.sound': 'Dźwięk', 'game.confirmResign': 'Poddać partię ({colour})?',
    'game.cancel': 'Anuluj stół', 'game.confirmCancel': 'Anulować ten stół? Nikt już przy nim nie zagra.',
    'game.hintIs': 'Podpowiedź: {sq} (ocena {score}, głębokość {depth}).', 'game.notFound': 'Nie znaleziono stołu',
    'result.wins': 'Wygrywają {colour} {counts}.', 'result.draw': 'Remis {counts}.',
    'result.byResign': '(przez poddanie)', 'result.byTime': '(na czas)', 'result.anti': '(Anty-Reversi: wygrywa najmniej krążków)',
    'result.cancelled': 'Stół anulowano: gra się nie rozpoczęła.',
    'result.expired': 'Nikt nie przyszedł: stół wygasł, zanim gra się zaczęła.',
    'status.waiting': 'czeka', 'status.playing': 'w grze', 'status.finished': 'zakończona',
    'lobby.title': 'Poczekalnia', 'lobby.refresh': 'Odśwież', 'lobby.open': 'Otwarte stoły', 'lobby.finished': 'Zakończone partie',
    'lobby.join': 'Dołącz', 'lobby.watch': 'Oglądaj', 'lobby.replay': 'Odtwórz', 'lobby.ply': 'ruch {n}',
    'lobby.noTables': 'Brak otwartych stołów. Zacznij nową grę!', 'lobby.noGames': 'Nie ma jeszcze zakończonych partii.',
    'replay.title': 'Odtwarzanie', 'replay.at': 'Ruch {ply} z {total}', 'replay.first': '« Początek',
    'replay.prev': '◀ Wstecz', 'replay.next': 'Dalej ▶', 'replay.last': 'Koniec »', 'replay.exportText': 'Zapis',
    'rules.variants': 'Warianty', 'rules.changes': 'Co się zmienia', 'rules.rule': 'Zasada', 'rules.play': 'Zagraj',
    'rules.back': 'Wróć',
    'desc.players': 'graczy: {n}', 'desc.anti': 'Anty', 'desc.free': 'wolne otwarcie', 'desc.blocked': 'zablokowane: {n}',
    'desc.randomBlocked': 'losowo zablokowane: {n}', 'desc.handicap': 'handicap {n} dla: {colour}',
    'error.bad_json': 'Serwer nie mógł odczytać wiadomości.', 'error.bad_request': 'Żądanie było niepełne.',
    'error.bad_setup': 'Te ustawienia łamią zasady.', 'error.not_found': 'Nie znaleziono.',
    'error.illegal_move': 'Ten ruch jest niedozwolony.', 'error.not_your_turn': 'To nie twoja kolej.',
    'error.not_your_seat': 'To nie jest twoje miejsce.', 'error.bad_token': 'Twój link do miejsca jest nieważny; oglądasz.',
    'error.seat_taken': 'Ktoś już zajął to miejsce.', 'error.game_over': 'Gra się skończyła.',
    'error.not_allowed': 'Tu nie jest to dozwolone.', 'error.stale': 'Plansza się zmieniła; spróbuj ponownie.',
    'error.too_large': 'Wiadomość była za duża.', 'error.internal': 'Coś poszło nie tak na serwerze.',
    'error.busy': 'Serwer jest teraz zajęty; spróbuj ponownie za chwilę.',
    'error.rate_limited': 'Z twojego adresu utworzono za dużo nowych stołów; odczekaj chwilę przed założeniem kolejnego.',
    'error.unavailable': 'Serwer nie mógł tego zapisać, więc nic się nie zmieniło; spróbuj ponownie.',
    'error.network': 'Brak połączenia z serwerem.',
};

export const STRINGS = { en, tr, pl };

function detect() {
    try {
        const saved = localStorage.getItem(LangKey);
        if (saved && STRINGS[saved]) return saved;
    } catch {
        // Storage may be unavailable (private mode); fall through to the browser's language.
    }
    const wanted = (typeof navigator !== 'undefined' && navigator.languages) || ['en'];
    for (const l of wanted) {
        const code = String(l).slice(0, 2).toLowerCase();
        if (STRINGS[code]) return code;
    }
    return 'en';
}

let lang = detect();

export function getLang() {
    return lang;
}

// Switches the language and remembers the choice; unknown codes are ignored.
export function setLang(code) {
    if (!STRINGS[code]) return;
    lang = code;
    try {
        localStorage.setItem(LangKey, code);
    } catch {
        // Not remembered; the switch still applies to this page.
    }
}

// The string for `key` in the current language with {name} placeholders filled from `params`.
export function t(key, params = {}) {
    const text = STRINGS[lang][key] ?? en[key] ?? key;
    return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

export function colourName(seat) {
    return t(`colour.${seat}`);
}

// A one-line summary of a setup object: "8×8 · 3 players · Anti · 4 blocked".
export function describeSetup(setup = {}) {
    const parts = [t(`shape.${setup.board ?? '8'}`)];
    const players = setup.players ?? 2;
    if (players !== 2) parts.push(t('desc.players', { n: players }));
    if (setup.anti) parts.push(t('desc.anti'));
    if (setup.free_opening) parts.push(t('desc.free'));
    if (setup.blocked && setup.blocked.length) parts.push(t('desc.blocked', { n: setup.blocked.length }));
    else if (setup.random_blocked) parts.push(t('desc.randomBlocked', { n: setup.random_blocked }));
    if (setup.handicap) {
        parts.push(t('desc.handicap', { n: setup.handicap, colour: colourName(setup.handicap_to === 'white' ? 1 : 0) }));
    }
    return parts.join(' · ');
}
