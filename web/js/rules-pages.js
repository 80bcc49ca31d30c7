// SPDX-License-Identifier: MIT
// The text of the rules pages in English, Turkish and Polish: for each variant a title, a few
// paragraphs saying what it is, and rows [rule, standard Reversi, this variant] of what changes.
// Every page states the same rules as docs/RULES.md; keep the three languages in step.

export const VARIANTS = ['standard', 'anti', 'free', 'blocked', 'handicap', 'multi', 'shapes'];

const en = {
    standard: {
        title: 'Standard Reversi',
        intro: [
            'Two players, Black and White, share an 8×8 board. It starts with four discs on the centre squares: White on d4 and e5, Black on e4 and d5. Black moves first, then the players take turns.',
            'A move puts one of your discs on an empty square so that it closes a straight line of one or more of your opponent’s discs against another disc of yours, across a row, a column or a diagonal. Every line closed this way, in every direction, turns to your colour at once, even when that does not suit you. Only the lines that the new disc closes turn; nothing flips further in a chain.',
            'If you have no such move you pass, and your opponent moves again. You may never pass while you have a move. The game ends when neither player can move, usually because the board is full. The player with more discs wins; equal counts are a draw. Empty squares count for nobody.',
            'To play, click or tap a square, or move round the board with the arrow keys and press Enter. Dots show the legal moves (you can switch them off), and the last move is marked.',
        ],
        rows: [],
    },
    anti: {
        title: 'Anti-Reversi',
        intro: [
            'Anti-Reversi turns the goal upside down: the winner is the player with the fewest discs at the end. Every rule of play stays the same: you must still flip at least one disc with each move, every closed line still flips, and you pass only when you have no move.',
            'Because each move has to flip, you cannot simply stay small. Good play keeps few discs without running out of moves, and tries to leave the opponent only moves that flip many. With three or four players the lowest count wins, and a shared lowest count is a draw for the whole table.',
        ],
        rows: [
            ['Goal', 'Have the most discs at the end.', 'Have the fewest discs at the end.'],
            ['Moves, flips and passes', 'A move must flip; a player without a move passes.', 'Unchanged.'],
            ['Draw', 'Equal counts.', 'Equal counts; with 3-4 players a shared lowest count.'],
            ['Combines with', '—', 'Every board, 3-4 players, free opening, blocked squares and handicap.'],
        ],
    },
    free: {
        title: 'Free opening (original Reversi)',
        intro: [
            'In the free opening the board starts empty. Black puts a disc on one of the four centre squares, then White, then Black, then White, until the centre is full. These four discs flip nothing, no other square may be played before the centre is full, and nobody passes during it.',
            'The players choose the starting position this way: if each colour ends on a diagonal you get the usual crossed start; if two discs of one colour sit side by side you get the parallel start, one of the oldest openings. After the fourth disc the normal rules apply, with Black to move. This is how Reversi was played in the 1880s. Two players only.',
        ],
        rows: [
            ['Start', 'Two Black and two White discs crossed on the centre.', 'An empty board.'],
            ['First four moves', 'Each move must flip.', 'Black, White, Black, White each fill a centre square; nothing flips.'],
            ['Passing', 'Only without a legal move.', 'Never during the opening; afterwards as usual.'],
            ['Players', 'Two.', 'Two only.'],
        ],
    },
    blocked: {
        title: 'Blocked squares',
        intro: [
            'Some squares are closed for the whole game. Nobody may play there and nothing ever flips there. A blocked square is not a disc: it breaks a line, so a row of discs that runs into a blocked square, an edge or a missing octagon corner is not closed and does not flip.',
            'The creator of the table clicks the blocked squares onto the board, or asks for a random layout of N squares. Random layouts are point-symmetric through the centre, so that no seat is favoured, and everyone sees them before the first move. The four centre squares can never be blocked, nor a corner used by a handicap. Blocked squares combine with every board and every number of players.',
        ],
        rows: [
            ['Board', 'Every square can be played.', 'Chosen squares are closed for the whole game.'],
            ['Flipping', 'A line runs up to your own disc.', 'A blocked square breaks a line: nothing beyond it is closed.'],
            ['End', 'When nobody can move.', 'The same; closed-off empty squares may stay empty.'],
            ['Never blocked', '—', 'The four centre squares and handicap corners.'],
        ],
    },
    handicap: {
        title: 'Corner handicap',
        intro: [
            'A handicap gives the weaker player a head start: before the first move, one to four discs of their colour are put on corners, in the order top-left, bottom-right, top-right, bottom-left (on 8×8: a1, h8, h1, a8). Corners can never be flipped, so each is worth a lot.',
            'At setup you choose the number of corners and whether Black or White receives them. Black still moves first. Handicaps are for two players on 6×6, 8×8 and 10×10; the octagon has no corner squares, so it has no handicap.',
        ],
        rows: [
            ['Start', 'Only the four centre discs.', 'Also 1-4 corner discs of the receiver’s colour.'],
            ['Who moves first', 'Black.', 'Black, whoever receives the handicap.'],
            ['Boards', 'Every board.', '6×6, 8×8 and 10×10; two players only.'],
        ],
    },
    multi: {
        title: 'Reversi for three or four players',
        intro: [
            'Three or four players share one board, each with a colour: Black, White, Red and, with four, Green. The game starts with one disc of each colour on the four centre squares, clockwise in turn order from the top-left one; with three players the fourth centre square holds a neutral disc that belongs to nobody.',
            'Black moves first, and the turn goes round the table: White, Red, Green. A move closes a straight line of other discs against one of yours, as usual; the line may mix every other colour, neutral discs included, and all of it turns to your colour.',
            'Nobody ever passes. If you cannot flip anything, you put a disc on any empty square that touches a disc of any colour by an edge or a corner; it flips nothing. A player who has lost every disc keeps playing this way. The game ends when no empty square touches a disc, normally when the board is full. The most discs of your own colour wins; neutral discs count for nobody, and a shared top count is a draw for the whole table.',
        ],
        rows: [
            ['Players', 'Two: Black and White.', 'Three or four: Black, White, Red, Green.'],
            ['Start', 'Two Black and two White discs crossed.', 'One disc of each colour clockwise; with three, one neutral disc.'],
            ['Flipping', 'A line of the opponent’s discs.', 'A line mixing all other colours, neutral included.'],
            ['No flipping move', 'You pass.', 'You never pass: place a disc touching any disc; it flips nothing.'],
            ['End', 'When nobody can move.', 'When no empty square touches a disc.'],
            ['Boards and options', 'Every board and option.', '8×8, 10×10 or octagon, Anti-Reversi and blocked squares; no 6×6, free opening or handicap.'],
        ],
    },
    shapes: {
        title: 'Board shapes',
        intro: [
            'Besides the classic 8×8 board you can play on 6×6 (36 squares, short and sharp games), on 10×10 (100 squares, long games) and on the octagon: a 10×10 board with three squares cut from each corner (a1 b1 a2, i1 j1 j2, a9 a10 b10, j9 i10 j10), 88 squares in all. Columns are lettered a-j from the left, rows numbered 1-10 from the top.',
            'The four starting discs always sit on the centre squares. On the octagon the missing corners act like the edge: a line that reaches them is not closed. All boards work for two players; three and four players need 8×8, 10×10 or the octagon.',
        ],
        rows: [
            ['Size', '8×8, 64 squares.', '6×6 (36), 10×10 (100) or octagon (88).'],
            ['Edges', 'The square edge.', 'On the octagon the cut corners are edge too.'],
            ['Handicap', 'Corners a1, h8, h1, a8.', 'The corners of 6×6 and 10×10; none on the octagon.'],
        ],
    },
};

const tr = {
    standard: {
        title: 'Standart Reversi',
        intro: [
            'İki oyuncu, Siyah ve Beyaz, 8×8 bir tahtayı paylaşır. Oyun merkezdeki dört karede dört diskle başlar: d4 ve e5’te Beyaz, e4 ve d5’te Siyah. İlk hamleyi Siyah yapar, sonra oyuncular sırayla oynar.',
            'Hamle, kendi disklerinizden birini boş bir kareye koymaktır; öyle ki yeni disk, rakibin bir ya da daha çok diskinden oluşan düz bir sırayı satır, sütun ya da çapraz boyunca başka bir diskinizle kuşatsın. Her yönde böyle kuşatılan her sıra, işinize gelmese bile hemen sizin renginize döner. Yalnızca yeni diskin doğrudan kuşattığı sıralar döner; zincirleme çevirme yoktur.',
            'Böyle bir hamleniz yoksa pas geçersiniz ve rakip yeniden oynar. Hamleniz varken pas geçemezsiniz. İki oyuncu da oynayamadığında, çoğunlukla tahta dolunca, oyun biter. Daha çok diski olan kazanır; eşit sayı beraberliktir. Boş kareler kimseye sayılmaz.',
            'Oynamak için bir kareye tıklayın ya da dokunun veya ok tuşlarıyla tahtada gezinip Enter’a basın. Noktalar geçerli hamleleri gösterir (kapatabilirsiniz) ve son hamle işaretlenir.',
        ],
        rows: [],
    },
    anti: {
        title: 'Ters Reversi',
        intro: [
            'Ters Reversi amacı tersine çevirir: oyun sonunda en az diski olan kazanır. Oyunun bütün kuralları aynı kalır: her hamle yine en az bir disk çevirmelidir, kuşatılan her sıra yine döner ve yalnızca hamleniz yoksa pas geçersiniz.',
            'Her hamle çevirmek zorunda olduğu için küçük kalmak kolay değildir. İyi oyun, hamlesiz kalmadan az disk tutar ve rakibe yalnızca çok disk çeviren hamleler bırakmaya çalışır. Üç ya da dört oyuncuyla en düşük sayı kazanır; en düşük sayı paylaşılırsa bütün masa berabere kalır.',
        ],
        rows: [
            ['Amaç', 'Sonunda en çok diske sahip olmak.', 'Sonunda en az diske sahip olmak.'],
            ['Hamle, çevirme ve pas', 'Hamle çevirmelidir; hamlesi olmayan pas geçer.', 'Değişmez.'],
            ['Beraberlik', 'Eşit sayı.', 'Eşit sayı; 3-4 oyuncuyla paylaşılan en düşük sayı.'],
            ['Birleşir', '—', 'Her tahta, 3-4 oyuncu, serbest açılış, kapalı kareler ve handikap.'],
        ],
    },
    free: {
        title: 'Serbest açılış (özgün Reversi)',
        intro: [
            'Serbest açılışta tahta boş başlar. Siyah dört merkez kareden birine bir disk koyar, sonra Beyaz, sonra Siyah, sonra Beyaz; merkez dolana kadar. Bu dört disk hiçbir şey çevirmez, merkez dolmadan başka kareye oynanamaz ve bu sırada kimse pas geçmez.',
            'Başlangıç pozisyonunu böylece oyuncular seçer: her renk bir çaprazda kalırsa alışılmış çapraz başlangıç, bir rengin iki diski yan yana gelirse en eski açılışlardan biri olan paralel başlangıç oluşur. Dördüncü diskten sonra normal kurallar geçerlidir ve sıra Siyah’tadır. Reversi 1880’lerde böyle oynanırdı. Yalnızca iki oyuncu içindir.',
        ],
        rows: [
            ['Başlangıç', 'Merkezde çapraz iki Siyah ve iki Beyaz disk.', 'Boş bir tahta.'],
            ['İlk dört hamle', 'Her hamle çevirmelidir.', 'Siyah, Beyaz, Siyah, Beyaz birer merkez kare doldurur; hiçbir şey dönmez.'],
            ['Pas', 'Yalnızca geçerli hamle yoksa.', 'Açılışta asla; sonrasında her zamanki gibi.'],
            ['Oyuncular', 'İki.', 'Yalnızca iki.'],
        ],
    },
    blocked: {
        title: 'Kapalı kareler',
        intro: [
            'Bazı kareler bütün oyun boyunca kapalıdır. Oraya kimse oynayamaz ve orada hiçbir şey dönmez. Kapalı kare bir disk değildir: sırayı keser; kapalı kareye, kenara ya da sekizgenin eksik köşesine dayanan bir disk sırası kuşatılmış sayılmaz ve dönmez.',
            'Masayı kuran kişi kapalı kareleri tahtaya tıklayarak seçer ya da N karelik rastgele bir dizilim ister. Rastgele dizilimler merkeze göre nokta simetriktir; böylece hiçbir koltuk kayırılmaz ve herkes onları ilk hamleden önce görür. Dört merkez kare ve handikapın kullandığı köşeler asla kapatılamaz. Kapalı kareler her tahta ve her oyuncu sayısıyla birleşir.',
        ],
        rows: [
            ['Tahta', 'Her kareye oynanabilir.', 'Seçilen kareler bütün oyun boyunca kapalıdır.'],
            ['Çevirme', 'Sıra kendi diskinize kadar uzanır.', 'Kapalı kare sırayı keser: ötesi kuşatılmaz.'],
            ['Son', 'Kimse oynayamadığında.', 'Aynı; kapanıp ayrılan boş kareler boş kalabilir.'],
            ['Asla kapatılmaz', '—', 'Dört merkez kare ve handikap köşeleri.'],
        ],
    },
    handicap: {
        title: 'Köşe handikapı',
        intro: [
            'Handikap daha zayıf oyuncuya avantaj verir: ilk hamleden önce onun renginden bir ile dört disk köşelere konur; sıra sol üst, sağ alt, sağ üst, sol alttır (8×8’de a1, h8, h1, a8). Köşeler asla çevrilemez, bu yüzden her biri çok değerlidir.',
            'Kurulumda köşe sayısını ve bunları Siyah’ın mı Beyaz’ın mı alacağını seçersiniz. İlk hamleyi yine Siyah yapar. Handikap iki oyuncu için 6×6, 8×8 ve 10×10’da vardır; sekizgenin köşe karesi olmadığından orada handikap yoktur.',
        ],
        rows: [
            ['Başlangıç', 'Yalnızca dört merkez disk.', 'Ayrıca alan oyuncunun renginde 1-4 köşe diski.'],
            ['İlk hamle', 'Siyah.', 'Handikapı kim alırsa alsın Siyah.'],
            ['Tahtalar', 'Her tahta.', '6×6, 8×8 ve 10×10; yalnızca iki oyuncu.'],
        ],
    },
    multi: {
        title: 'Üç ya da dört kişilik Reversi',
        intro: [
            'Üç ya da dört oyuncu, her biri kendi rengiyle tek bir tahtayı paylaşır: Siyah, Beyaz, Kırmızı ve dört kişiyle Yeşil. Oyun, dört merkez karede sol üstten başlayarak hamle sırasına göre saat yönünde her renkten birer diskle başlar; üç oyuncuyla dördüncü merkez karede kimseye ait olmayan nötr bir disk durur.',
            'İlk hamleyi Siyah yapar ve sıra masada döner: Beyaz, Kırmızı, Yeşil. Hamle her zamanki gibi başka disklerden oluşan düz bir sırayı kendi diskinizle kuşatır; sıra nötr diskler dahil diğer bütün renkleri karıştırabilir ve tamamı sizin renginize döner.',
            'Kimse asla pas geçmez. Hiçbir şey çeviremiyorsanız, herhangi bir renkteki bir diske kenardan ya da köşeden değen herhangi bir boş kareye disk koyarsınız; bu disk hiçbir şey çevirmez. Bütün diskleri alınan oyuncu da böyle oynamaya devam eder. Hiçbir boş kare bir diske değmediğinde, normalde tahta dolunca, oyun biter. Kendi renginde en çok diski olan kazanır; nötr diskler kimseye sayılmaz ve en yüksek sayı paylaşılırsa bütün masa berabere kalır.',
        ],
        rows: [
            ['Oyuncular', 'İki: Siyah ve Beyaz.', 'Üç ya da dört: Siyah, Beyaz, Kırmızı, Yeşil.'],
            ['Başlangıç', 'Çapraz iki Siyah ve iki Beyaz disk.', 'Saat yönünde her renkten bir disk; üç kişiyle bir nötr disk.'],
            ['Çevirme', 'Rakibin disklerinden bir sıra.', 'Nötr dahil diğer bütün renkleri karıştıran bir sıra.'],
            ['Çeviren hamle yoksa', 'Pas geçersiniz.', 'Asla pas yok: bir diske değen kareye disk koyun; hiçbir şey dönmez.'],
            ['Son', 'Kimse oynayamadığında.', 'Hiçbir boş kare bir diske değmediğinde.'],
            ['Tahtalar ve seçenekler', 'Her tahta ve seçenek.', '8×8, 10×10 ya da sekizgen, Ters Reversi ve kapalı kareler; 6×6, serbest açılış ve handikap yok.'],
        ],
    },
    shapes: {
        title: 'Tahta biçimleri',
        intro: [
            'Klasik 8×8 tahtanın yanında 6×6’da (36 kare, kısa ve keskin oyunlar), 10×10’da (100 kare, uzun oyunlar) ve sekizgende oynayabilirsiniz: her köşesinden üç kare kesilmiş 10×10 bir tahta (a1 b1 a2, i1 j1 j2, a9 a10 b10, j9 i10 j10), toplam 88 kare. Sütunlar soldan a-j harfleriyle, satırlar yukarıdan 1-10 sayılarıyla adlandırılır.',
            'Dört başlangıç diski her zaman merkez karelerdedir. Sekizgende eksik köşeler kenar gibidir: onlara ulaşan bir sıra kuşatılmış sayılmaz. Bütün tahtalar iki oyuncu içindir; üç ve dört oyuncu 8×8, 10×10 ya da sekizgen ister.',
        ],
        rows: [
            ['Boyut', '8×8, 64 kare.', '6×6 (36), 10×10 (100) ya da sekizgen (88).'],
            ['Kenarlar', 'Karenin kenarı.', 'Sekizgende kesik köşeler de kenardır.'],
            ['Handikap', 'a1, h8, h1, a8 köşeleri.', '6×6 ve 10×10’un köşeleri; sekizgende yok.'],
        ],
    },
};

const pl = {
    standard: {
        title: 'Reversi standardowe',
        intro: [
            'Dwaj gracze, czarne i białe, dzielą planszę 8×8. Na początku na czterech środkowych polach leżą cztery krążki: białe na d4 i e5, czarne na e4 i d5. Zaczynają czarne, potem gracze ruszają się na zmianę.',
            'Ruch polega na położeniu własnego krążka na pustym polu tak, by zamknął prostą linię jednego lub więcej krążków przeciwnika innym twoim krążkiem, w wierszu, kolumnie lub po przekątnej. Każda tak zamknięta linia, w każdym kierunku, od razu zmienia kolor na twój, nawet gdy ci to nie służy. Odwracają się tylko linie zamknięte bezpośrednio przez nowy krążek; nie ma odwracania łańcuchowego.',
            'Jeśli nie masz takiego ruchu, pasujesz i przeciwnik rusza się ponownie. Nie wolno pasować, gdy masz ruch. Gra kończy się, gdy żaden gracz nie może się ruszyć, zwykle gdy plansza jest pełna. Wygrywa ten, kto ma więcej krążków; równa liczba to remis. Puste pola nie liczą się dla nikogo.',
            'Aby zagrać, kliknij lub dotknij pola albo poruszaj się po planszy strzałkami i naciśnij Enter. Kropki pokazują dozwolone ruchy (można je wyłączyć), a ostatni ruch jest zaznaczony.',
        ],
        rows: [],
    },
    anti: {
        title: 'Anty-Reversi',
        intro: [
            'Anty-Reversi odwraca cel gry: wygrywa ten, kto na końcu ma najmniej krążków. Wszystkie zasady ruchu pozostają bez zmian: każdy ruch nadal musi odwrócić co najmniej jeden krążek, każda zamknięta linia nadal się odwraca, a pasujesz tylko wtedy, gdy nie masz ruchu.',
            'Ponieważ każdy ruch musi coś odwrócić, nie da się po prostu pozostać małym. Dobra gra to trzymanie niewielu krążków bez utraty ruchów i zostawianie przeciwnikowi tylko ruchów, które odwracają dużo. Przy trzech lub czterech graczach wygrywa najniższy wynik, a wspólny najniższy wynik oznacza remis całego stołu.',
        ],
        rows: [
            ['Cel', 'Mieć na końcu najwięcej krążków.', 'Mieć na końcu najmniej krążków.'],
            ['Ruchy, odwracanie i pas', 'Ruch musi odwracać; gracz bez ruchu pasuje.', 'Bez zmian.'],
            ['Remis', 'Równa liczba krążków.', 'Równa liczba; przy 3-4 graczach wspólny najniższy wynik.'],
            ['Łączy się z', '—', 'Każdą planszą, 3-4 graczami, wolnym otwarciem, zablokowanymi polami i handicapem.'],
        ],
    },
    free: {
        title: 'Wolne otwarcie (oryginalne Reversi)',
        intro: [
            'W wolnym otwarciu plansza jest na początku pusta. Czarne kładą krążek na jednym z czterech środkowych pól, potem białe, potem czarne, potem białe, aż środek się zapełni. Te cztery krążki niczego nie odwracają, przed zapełnieniem środka nie wolno grać na innych polach i nikt wtedy nie pasuje.',
            'W ten sposób gracze sami wybierają pozycję początkową: jeśli każdy kolor zostanie na przekątnej, powstaje zwykły układ skrzyżowany; jeśli dwa krążki jednego koloru leżą obok siebie, powstaje układ równoległy, jedno z najstarszych otwarć. Po czwartym krążku obowiązują zwykłe zasady, a ruch mają czarne. Tak grano w Reversi w latach osiemdziesiątych XIX wieku. Tylko dla dwóch graczy.',
        ],
        rows: [
            ['Początek', 'Dwa czarne i dwa białe krążki na krzyż w środku.', 'Pusta plansza.'],
            ['Pierwsze cztery ruchy', 'Każdy ruch musi odwracać.', 'Czarne, białe, czarne, białe zajmują po jednym polu środka; nic się nie odwraca.'],
            ['Pas', 'Tylko bez dozwolonego ruchu.', 'Nigdy w otwarciu; potem jak zwykle.'],
            ['Gracze', 'Dwóch.', 'Tylko dwóch.'],
        ],
    },
    blocked: {
        title: 'Zablokowane pola',
        intro: [
            'Niektóre pola są zamknięte przez całą grę. Nikt nie może na nich grać i nic się na nich nie odwraca. Zablokowane pole nie jest krążkiem: przerywa linię, więc rząd krążków dochodzący do zablokowanego pola, krawędzi lub brakującego rogu ośmiokąta nie jest zamknięty i się nie odwraca.',
            'Twórca stołu klika zablokowane pola na planszy albo prosi o losowy układ N pól. Losowe układy są symetryczne względem środka, aby żadne miejsce nie było uprzywilejowane, i wszyscy widzą je przed pierwszym ruchem. Czterech środkowych pól nigdy nie można zablokować, podobnie jak rogów użytych przez handicap. Zablokowane pola łączą się z każdą planszą i każdą liczbą graczy.',
        ],
        rows: [
            ['Plansza', 'Można grać na każdym polu.', 'Wybrane pola są zamknięte przez całą grę.'],
            ['Odwracanie', 'Linia biegnie do twojego krążka.', 'Zablokowane pole przerywa linię: nic za nim nie jest zamknięte.'],
            ['Koniec', 'Gdy nikt nie może się ruszyć.', 'Tak samo; odcięte puste pola mogą zostać puste.'],
            ['Nigdy zablokowane', '—', 'Cztery środkowe pola i rogi handicapu.'],
        ],
    },
    handicap: {
        title: 'Handicap w rogach',
        intro: [
            'Handicap daje słabszemu graczowi przewagę na start: przed pierwszym ruchem na rogach kładzie się od jednego do czterech krążków jego koloru, w kolejności lewy górny, prawy dolny, prawy górny, lewy dolny (na 8×8: a1, h8, h1, a8). Rogów nigdy nie da się odwrócić, więc każdy jest wiele wart.',
            'W ustawieniach wybierasz liczbę rogów i to, czy dostają je czarne, czy białe. Zaczynają nadal czarne. Handicap jest dla dwóch graczy na planszach 6×6, 8×8 i 10×10; ośmiokąt nie ma pól narożnych, więc nie ma na nim handicapu.',
        ],
        rows: [
            ['Początek', 'Tylko cztery krążki w środku.', 'Do tego 1-4 krążki w rogach w kolorze otrzymującego.'],
            ['Kto zaczyna', 'Czarne.', 'Czarne, bez względu na to, kto dostał handicap.'],
            ['Plansze', 'Każda plansza.', '6×6, 8×8 i 10×10; tylko dwóch graczy.'],
        ],
    },
    multi: {
        title: 'Reversi dla trzech lub czterech graczy',
        intro: [
            'Trzech lub czterech graczy dzieli jedną planszę, każdy ze swoim kolorem: czarne, białe, czerwone i, przy czterech graczach, zielone. Gra zaczyna się od jednego krążka każdego koloru na czterech środkowych polach, zgodnie z ruchem wskazówek zegara w kolejności tur, od lewego górnego; przy trzech graczach na czwartym polu środka leży neutralny krążek, który nie należy do nikogo.',
            'Zaczynają czarne, a tura krąży wokół stołu: białe, czerwone, zielone. Ruch jak zwykle zamyka prostą linię innych krążków twoim krążkiem; linia może mieszać wszystkie inne kolory, także neutralne krążki, i cała zmienia kolor na twój.',
            'Nikt nigdy nie pasuje. Jeśli nie możesz nic odwrócić, kładziesz krążek na dowolnym pustym polu stykającym się bokiem lub rogiem z krążkiem dowolnego koloru; nic on nie odwraca. Gracz, który stracił wszystkie krążki, gra dalej w ten sposób. Gra kończy się, gdy żadne puste pole nie styka się z krążkiem, zwykle gdy plansza jest pełna. Wygrywa najwięcej krążków własnego koloru; neutralne nie liczą się dla nikogo, a wspólny najwyższy wynik to remis całego stołu.',
        ],
        rows: [
            ['Gracze', 'Dwóch: czarne i białe.', 'Trzech lub czterech: czarne, białe, czerwone, zielone.'],
            ['Początek', 'Dwa czarne i dwa białe krążki na krzyż.', 'Po jednym krążku każdego koloru zgodnie z zegarem; przy trzech jeden neutralny.'],
            ['Odwracanie', 'Linia krążków przeciwnika.', 'Linia mieszająca wszystkie inne kolory, także neutralne.'],
            ['Brak ruchu odwracającego', 'Pasujesz.', 'Nigdy nie pasujesz: połóż krążek stykający się z krążkiem; nic się nie odwraca.'],
            ['Koniec', 'Gdy nikt nie może się ruszyć.', 'Gdy żadne puste pole nie styka się z krążkiem.'],
            ['Plansze i opcje', 'Każda plansza i opcja.', '8×8, 10×10 lub ośmiokąt, Anty-Reversi i zablokowane pola; bez 6×6, wolnego otwarcia i handicapu.'],
        ],
    },
    shapes: {
        title: 'Kształty planszy',
        intro: [
            'Oprócz klasycznej planszy 8×8 można grać na 6×6 (36 pól, krótkie i ostre partie), na 10×10 (100 pól, długie partie) i na ośmiokącie: planszy 10×10 z trzema polami wyciętymi w każdym rogu (a1 b1 a2, i1 j1 j2, a9 a10 b10, j9 i10 j10), razem 88 pól. Kolumny oznacza się literami a-j od lewej, wiersze liczbami 1-10 od góry.',
            'Cztery krążki początkowe zawsze stoją na środkowych polach. Na ośmiokącie brakujące rogi działają jak krawędź: linia, która do nich dochodzi, nie jest zamknięta. Wszystkie plansze nadają się dla dwóch graczy; trzech i czterech graczy potrzebuje 8×8, 10×10 lub ośmiokąta.',
        ],
        rows: [
            ['Rozmiar', '8×8, 64 pola.', '6×6 (36), 10×10 (100) lub ośmiokąt (88).'],
            ['Krawędzie', 'Brzeg kwadratu.', 'Na ośmiokącie wycięte rogi też są krawędzią.'],
            ['Handicap', 'Rogi a1, h8, h1, a8.', 'Rogi 6×6 i 10×10; na ośmiokącie brak.'],
        ],
    },
};

export const RULES_PAGES = { en, tr, pl };
