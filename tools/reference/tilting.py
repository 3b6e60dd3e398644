#!/usr/bin/env python3
"""Tilting the Balance Chess: independent reference implementation (stdlib only).

Written from RULINGS.md (O, T) and SPEC.md (sections 2, 3 and 4) only.

Readings (where T1-T9 leave something to choose):
 R1. Snapshot: FEN + `bombs` (`Bb`, `B`, `b`, `-`); craters are `*` in the placement and
     are not counted in the digit runs of empty squares.  Parse rejects: more than one
     king of a side, pawns on ranks 1/8, the side not to move in check (both kings on the
     board), a crater pattern that is not the blast of a spent bomb (T2): craters on ranks
     1-4 must be exactly one clipped 3x3 blast centred on ranks 1-3 and be present iff White
     has spent its bomb; the same for Black on ranks 5-8 / 6-8.  A missing king is
     accepted (O9): the game is over and the position has no legal turn; since only the
     blast just played can remove a king (T5), the side not to move must have spent its
     bomb and the side to move must be among the kingless.
 R2. T1: the bomb needs `at least 16 units` on the board just before it (craters are not
     units).  T2: any of the 24 squares of the bomber's ranks 1-3 (White) / 6-8 (Black) is
     a target; each target is a distinct turn, even when nothing is destroyed.
 R3. T3/T4: a blast removes every unit on its (up to) 9 squares and makes them all
     craters.  A king destroyed loses both its rights; a rook destroyed on the home square
     of a castling right loses that right.  The halfmove clock resets (O6, T7), the en
     passant target is cleared, the bomb letter is removed.
 R4. T5/T6: a blast that removes only the bomber's own king is illegal; one that removes
     the enemy king (alone or with the bomber's) is legal whatever else, and ends the game.
     Otherwise the bomber's king must not be attacked afterwards.  A position with a
     missing king has no legal turn (the game is over); `+`/`#` are never written there.
 R5. T4: craters block rooks, bishops, queens (moving and attacking) and pawn pushes
     (single and double); knights leap over them; no unit lands on one; pawns still attack
     diagonally (no square is passed).  Castling (Chess960 form, O2): every square between
     the king's start and destination and between the rook's start and destination must
     be empty (craters are not empty) except for king and rook; the king may not start in,
     cross or land on an attacked square; and the usual test after the move.
 R6. Canonical SAN: orthodox SAN (disambiguation among legal moves: file, then rank, then
     square), `O-O`/`O-O-O`, promotion `=Q`; bombs `(****)sq` plus `:` and the destroyed
     units' squares in reading order when any.  Check marks from O7: `+` when the side to
     move is in check, `#` when in check without a legal turn (a bomb counts as an answer,
     T6); no mark after a blast that removes a king.
 R7. perft/moves ignore repetition and move-count draws.
"""
import random
import sys

FILES = 'abcdefgh'
W, B = 'w', 'b'
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Bb'
CRATER = '*'


def sqn(s):
    return FILES[s % 8] + str(s // 8 + 1)


def parse_sq(t):
    if len(t) != 2 or t[0] not in FILES or t[1] not in '12345678':
        raise ValueError('bad square ' + t)
    return (int(t[1]) - 1) * 8 + FILES.index(t[0])


def off(s, df, dr):
    f, r = s % 8 + df, s // 8 + dr
    if 0 <= f < 8 and 0 <= r < 8:
        return r * 8 + f
    return None


def colour(x):
    if x in '.*':
        return None
    return W if x.isupper() else B


def other(c):
    return B if c == W else W


def up(c):
    return 1 if c == W else -1


def reading_key(s):
    return (-(s // 8), s % 8)


def blast_squares(t):
    out = [t]
    for df, dr in KING:
        s = off(t, df, dr)
        if s is not None:
            out.append(s)
    return out


def zone(c):
    ranks = (0, 1, 2) if c == W else (5, 6, 7)
    return [s for s in range(64) if s // 8 in ranks]


class Pos:
    def __init__(self):
        self.board = ['.'] * 64
        self.stm = W
        self.castling = set()   # (colour, rook square)
        self.ep = None
        self.half = 0
        self.full = 1
        self.bombs = {W, B}

    def copy(self):
        p = Pos()
        p.board = self.board[:]
        p.stm = self.stm
        p.castling = set(self.castling)
        p.ep = self.ep
        p.half, p.full = self.half, self.full
        p.bombs = set(self.bombs)
        return p

    def king(self, c):
        k = 'K' if c == W else 'k'
        for s in range(64):
            if self.board[s] == k:
                return s
        return None

    def units(self):
        return sum(1 for x in self.board if x not in '.*')


# ---------------------------------------------------------------- snapshots

def parse(snap):
    f = snap.split()
    if len(f) != 7:
        raise ValueError('need 7 fields')
    p = Pos()
    ranks = f[0].split('/')
    if len(ranks) != 8:
        raise ValueError('need 8 ranks')
    for i, row in enumerate(ranks):
        r = 7 - i
        fi = 0
        for ch in row:
            if ch.isdigit():
                fi += int(ch)
            elif ch in 'PNBRQKpnbrqk*':
                if fi >= 8:
                    raise ValueError('rank too long')
                p.board[r * 8 + fi] = ch
                fi += 1
            else:
                raise ValueError('bad char ' + ch)
        if fi != 8:
            raise ValueError('bad rank length')
    if f[1] not in (W, B):
        raise ValueError('bad side')
    p.stm = f[1]
    for ch in f[2]:
        if ch == '-':
            continue
        c = W if ch.isupper() else B
        rank = 0 if c == W else 7
        ks = p.king(c)
        if ks is None or ks // 8 != rank:
            raise ValueError('castling right without king on its first rank')
        rook = 'R' if c == W else 'r'
        kf = ks % 8
        if ch in 'KkQq':
            cands = [x for x in range(8) if p.board[rank * 8 + x] == rook
                     and (x > kf if ch in 'Kk' else x < kf)]
            if not cands:
                raise ValueError('no rook for ' + ch)
            fi = max(cands) if ch in 'Kk' else min(cands)
        else:
            fi = FILES.index(ch.lower())
            if p.board[rank * 8 + fi] != rook:
                raise ValueError('no rook for ' + ch)
        p.castling.add((c, rank * 8 + fi))
    p.ep = None if f[3] == '-' else parse_sq(f[3])
    p.half, p.full = int(f[4]), int(f[5])
    if f[6] == '-':
        p.bombs = set()
    else:
        if f[6] not in ('Bb', 'B', 'b'):
            raise ValueError('bad bombs field')
        p.bombs = ({W} if 'B' in f[6] else set()) | ({B} if 'b' in f[6] else set())
    # validity (O9, T2, SPEC 4)
    for c in (W, B):
        if sum(1 for x in p.board if x == ('K' if c == W else 'k')) > 1:
            raise ValueError('more than one king')
    for s in range(64):
        if p.board[s] in 'Pp' and s // 8 in (0, 7):
            raise ValueError('pawn on ' + sqn(s))
    for c, lo, hi in ((W, 0, 3), (B, 4, 7)):
        cr = {s for s in range(64) if p.board[s] == CRATER and lo <= s // 8 <= hi}
        if c in p.bombs:
            if cr:
                raise ValueError('craters while the bomb is still held')
        elif not any(set(blast_squares(t)) == cr for t in zone(c)):
            raise ValueError('craters are not the blast of the spent bomb')
    kw, kb = p.king(W), p.king(B)
    if kw is not None and kb is not None and attacked(p, p.king(other(p.stm)), p.stm):
        raise ValueError('side not to move is in check')
    if kw is None or kb is None:
        # only a blast removes a king (T5), and it ends the game: the bomber has just moved
        bomber = other(p.stm)
        if bomber in p.bombs:
            raise ValueError('a king is gone, yet the side that just moved holds its bomb')
        if p.king(bomber) is not None and p.king(p.stm) is not None:
            raise ValueError('a king is gone, but not the king of the side to move')
    return p


def castling_str(p):
    out = []
    for c in (W, B):
        ks = p.king(c)
        rank = 0 if c == W else 7
        rook = 'R' if c == W else 'r'
        for s in sorted([s for (cc, s) in p.castling if cc == c], key=lambda s: -s):
            fi, kf = s % 8, ks % 8
            if fi > kf:
                outer = max(x for x in range(8) if p.board[rank * 8 + x] == rook and x > kf)
                ch = 'K' if outer == fi else FILES[fi].upper()
            else:
                outer = min(x for x in range(8) if p.board[rank * 8 + x] == rook and x < kf)
                ch = 'Q' if outer == fi else FILES[fi].upper()
            out.append(ch if c == W else ch.lower())
    return ''.join(out) or '-'


def write(p):
    rows = []
    for r in range(7, -1, -1):
        row, n = '', 0
        for fi in range(8):
            x = p.board[r * 8 + fi]
            if x == '.':
                n += 1
            else:
                row += (str(n) if n else '') + x
                n = 0
        rows.append(row + (str(n) if n else ''))
    ep = sqn(p.ep) if p.ep is not None and ep_legal(p) else '-'
    bombs = ('B' if W in p.bombs else '') + ('b' if B in p.bombs else '')
    return '%s %s %s %s %d %d %s' % ('/'.join(rows), p.stm, castling_str(p), ep,
                                     p.half, p.full, bombs or '-')


# ---------------------------------------------------------------- attacks

def attacked(p, target, by):
    """Could a unit of `by` capture on `target`?  Craters block lines (T4)."""
    if target is None:
        return False
    bd = p.board
    pawn, knight, king = ('P', 'N', 'K') if by == W else ('p', 'n', 'k')
    rq = ('R', 'Q') if by == W else ('r', 'q')
    bq = ('B', 'Q') if by == W else ('b', 'q')
    for df in (-1, 1):
        s = off(target, df, -up(by))
        if s is not None and bd[s] == pawn:
            return True
    for lst, kind in ((KNIGHT, knight), (KING, king)):
        for df, dr in lst:
            s = off(target, df, dr)
            if s is not None and bd[s] == kind:
                return True
    for dirs, kinds in ((ORTH, rq), (DIAG, bq)):
        for df, dr in dirs:
            s = target
            while True:
                s = off(s, df, dr)
                if s is None:
                    break
                if bd[s] != '.':
                    if bd[s] in kinds:
                        return True
                    break
    return False


def in_check(p):
    k = p.king(p.stm)
    if k is None or p.king(other(p.stm)) is None:
        return False
    return attacked(p, k, other(p.stm))


# ---------------------------------------------------------------- moves
# move = (from, to, promo, kind); kind '', 'dbl', 'ep', 'O-O', 'O-O-O', 'bomb'
# (for castling the promo slot holds the rook's square; for a bomb from = to = target)

def unit_moves(p, s):
    bd = p.board
    x = bd[s]
    c = colour(x)
    t = x.upper()
    mv = []
    if t == 'P':
        u = up(c)
        last = 7 if c == W else 0

        def add(to, kind=''):
            if to // 8 == last:
                for q in 'QRBN':
                    mv.append((s, to, q, kind))
            else:
                mv.append((s, to, None, kind))
        a = off(s, 0, u)
        if a is not None and bd[a] == '.':
            add(a)
            if s // 8 == (1 if c == W else 6):
                a2 = off(s, 0, 2 * u)
                if bd[a2] == '.':
                    mv.append((s, a2, None, 'dbl'))
        for df in (-1, 1):
            a = off(s, df, u)
            if a is None:
                continue
            if colour(bd[a]) == other(c):
                add(a)
            elif bd[a] == '.' and a == p.ep:
                v = off(a, 0, -u)
                if v is not None and bd[v] == ('p' if c == W else 'P'):
                    mv.append((s, a, None, 'ep'))
    elif t in 'NK':
        for df, dr in (KNIGHT if t == 'N' else KING):
            a = off(s, df, dr)
            if a is None:
                continue
            if bd[a] == '.' or colour(bd[a]) == other(c):
                mv.append((s, a, None, ''))
    else:
        dirs = ORTH if t == 'R' else DIAG if t == 'B' else ORTH + DIAG
        for df, dr in dirs:
            a = s
            while True:
                a = off(a, df, dr)
                if a is None:
                    break
                if bd[a] == '.':
                    mv.append((s, a, None, ''))
                else:
                    if colour(bd[a]) == other(c):
                        mv.append((s, a, None, ''))
                    break
    return mv


def castle_moves(p, ks):
    c = colour(p.board[ks])
    rank = 0 if c == W else 7
    mv = []
    if ks // 8 != rank:
        return mv
    for (cc, rs) in sorted(p.castling):
        if cc != c:
            continue
        if rs % 8 > ks % 8:
            kd, rd, kind = rank * 8 + 6, rank * 8 + 5, 'O-O'
        else:
            kd, rd, kind = rank * 8 + 2, rank * 8 + 3, 'O-O-O'
        ok = True
        for a, b in ((ks, kd), (rs, rd)):
            for x in range(min(a, b), max(a, b) + 1):
                if x not in (ks, rs) and p.board[x] != '.':
                    ok = False
        if not ok:
            continue
        for x in range(min(ks, kd), max(ks, kd) + 1):
            if attacked(p, x, other(c)):
                ok = False
        if ok:
            mv.append((ks, kd, rs, kind))
    return mv


def apply_move(p, m):
    """Play one turn in place (side change included).  Returns the destroyed squares
    for a bomb, else None."""
    frm, to, promo, kind = m
    bd = p.board
    c = p.stm
    destroyed = None
    reset = False
    if kind == 'bomb':
        destroyed = []
        for s in blast_squares(to):
            x = bd[s]
            if x not in '.*':
                destroyed.append(s)
                if x in 'Kk':
                    p.castling = {r for r in p.castling if r[0] != colour(x)}
            p.castling = {r for r in p.castling if r[1] != s}
            bd[s] = CRATER
        p.bombs.discard(c)
        reset = True
        p.ep = None
    elif kind in ('O-O', 'O-O-O'):
        rs = promo
        rank = 0 if c == W else 7
        rd = rank * 8 + (5 if kind == 'O-O' else 3)
        x, rook = bd[frm], bd[rs]
        bd[frm] = bd[rs] = '.'
        bd[to], bd[rd] = x, rook
        p.castling = {r for r in p.castling if r[0] != c}
        p.ep = None
    else:
        x = bd[frm]
        reset = bd[to] != '.' or kind == 'ep' or x in 'Pp'
        if kind == 'ep':
            bd[off(to, 0, -up(c))] = '.'
        bd[frm] = '.'
        bd[to] = (promo if c == W else promo.lower()) if promo else x
        if x in 'Kk':
            p.castling = {r for r in p.castling if r[0] != c}
        p.castling = {r for r in p.castling if r[1] not in (frm, to)}
        p.ep = off(frm, 0, up(c)) if kind == 'dbl' else None
    p.half = 0 if reset else p.half + 1
    if c == B:
        p.full += 1
    p.stm = other(c)
    return destroyed


def legal_after(p, q, c):
    """Is the turn that led from p (side c to move) to q legal?  (T5, T6)"""
    mine, theirs = q.king(c), q.king(other(c))
    if theirs is None:
        return True          # the enemy king is gone (alone or with ours): game over
    if mine is None:
        return False         # only our own king destroyed
    return not attacked(q, mine, other(c))


def enum_turns(p, first_only=False):
    """All legal turns: list of (move, resulting position, destroyed squares or None)."""
    c = p.stm
    out = []
    if p.king(W) is None or p.king(B) is None:
        return out
    for s in range(64):
        if colour(p.board[s]) != c:
            continue
        ms = unit_moves(p, s)
        if p.board[s] in 'Kk':
            ms += castle_moves(p, s)
        for m in ms:
            q = p.copy()
            apply_move(q, m)
            if legal_after(p, q, c):
                out.append((m, q, None))
                if first_only:
                    return out
    if c in p.bombs and p.units() >= 16:
        for t in zone(c):
            m = (t, t, None, 'bomb')
            q = p.copy()
            d = apply_move(q, m)
            if legal_after(p, q, c):
                out.append((m, q, d))
                if first_only:
                    return out
    return out


def has_turn(p):
    return bool(enum_turns(p, first_only=True))


def ep_legal(p):
    S = p.stm
    if p.king(W) is None or p.king(B) is None:
        return False
    for s in range(64):
        if p.board[s] != ('P' if S == W else 'p'):
            continue
        for m in unit_moves(p, s):
            if m[3] == 'ep':
                q = p.copy()
                apply_move(q, m)
                if legal_after(p, q, S):
                    return True
    return False


def san1(p, m, legal, destroyed):
    frm, to, promo, kind = m
    if kind == 'bomb':
        s = '(****)' + sqn(to)
        if destroyed:
            s += ':' + ''.join(sqn(x) for x in sorted(destroyed, key=reading_key))
        return s
    if kind in ('O-O', 'O-O-O'):
        return kind
    x = p.board[frm].upper()
    cap = p.board[to] != '.' or kind == 'ep'
    if x == 'P':
        return (FILES[frm % 8] + 'x' if cap else '') + sqn(to) + ('=' + promo if promo else '')
    others = [o for o in legal if o[3] not in ('O-O', 'O-O-O', 'bomb') and o[1] == to
              and o[0] != frm and p.board[o[0]].upper() == x]
    dis = ''
    if others:
        if all(o[0] % 8 != frm % 8 for o in others):
            dis = FILES[frm % 8]
        elif all(o[0] // 8 != frm // 8 for o in others):
            dis = str(frm // 8 + 1)
        else:
            dis = sqn(frm)
    return x + dis + ('x' if cap else '') + sqn(to)


def turns(p):
    """Legal turns as (written turn, resulting position), sorted in byte order."""
    ts = enum_turns(p)
    legal = [m for m, _, _ in ts]
    res = []
    for m, q, d in ts:
        s = san1(p, m, legal, d)
        if in_check(q):
            s += '+' if has_turn(q) else '#'
        res.append((s, q))
    res.sort(key=lambda t: t[0].encode())
    names = [r[0] for r in res]
    assert len(set(names)) == len(names), 'duplicate written turn'
    return res


def status(p):
    kw, kb = p.king(W), p.king(B)
    if kw is None and kb is None:
        return 'both kings destroyed: draw'
    if kw is None or kb is None:
        return 'king destroyed: %s wins' % (W if kb is None else B)
    if has_turn(p):
        return 'check' if in_check(p) else 'ongoing'
    if in_check(p):
        return 'checkmate: %s loses' % p.stm
    return 'stalemate: draw'


def perft(p, depth):
    if depth == 0:
        return 1
    ts = enum_turns(p)
    if depth == 1:
        return len(ts)
    return sum(perft(q, depth - 1) for _, q, _ in ts)


def play(p, written):
    """Play one written turn (canonical form, check mark optional)."""
    for s, q in turns(p):
        if s.rstrip('+#') == written.rstrip('+#'):
            return s, q
    raise ValueError('illegal turn %s in %s' % (written, write(p)))


def random_game(seed, plies, start=START):
    rng = random.Random(seed)
    p = parse(start)
    out = []
    for _ in range(plies):
        ts = turns(p)
        if not ts:
            break
        s, q = ts[rng.randrange(len(ts))]
        p = q
        out.append((s, write(p)))
    return out


# ---------------------------------------------------------------- outputs

POSITIONS = [
    ('T1: exactly 16 units, both bombs held: White may bomb; after exd5 (15 units) Black may '
     'not, after any quiet move Black may',
     'r3k2r/p4ppp/8/3p4/4P3/8/P4PPP/R3K2R w KQkq - 0 10 Bb', 3),
    ('T1: only 15 units: no bomb for either side',
     'r3k2r/p4ppp/8/3p4/8/8/P4PPP/R3K2R w KQkq - 0 10 Bb', 2),
    ('T4: craters e5-g7 from Black\'s spent bomb on f6: the queen e2 and the pawns are '
     'blocked by them, the knights leap over them, the black king cannot step onto e7/f7; '
     'White still holds its bomb (T2 zone a1-h3)',
     'r3k2r/pppp***p/2n1***1/1b2***1/8/2N5/PPPPQPPP/R1B1K2R w KQkq - 0 8 B', 2),
    ('T6: fool\'s mate is no mate: White in check from the queen h4 may bomb it (g3, h3, '
     'g2..h2 region) or leave a crater on f2/g3 (e3, f3, ...); blasts touching e1 are illegal',
     'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3 Bb', 2),
    ('T5: black king d4 within reach of White\'s blast, white king c2: e3 (and e.g. d3?) '
     'destroys the black king only (win), c3/d3 destroy both kings (draw), blasts touching '
     'only c2 are illegal',
     'rnbq1bnr/pppppppp/8/8/3k4/8/PPKP1PPP/RNBQ1BNR w - - 0 8 Bb', 2),
    ('T4/O2: both bombs spent on c2 and c7: rooks a1/a8 and kings intact so Q/q stay, but '
     'O-O-O crosses craters (illegal); O-O legal; en passant exf6 legal',
     'r***k2r/p***p1pp/1***4/4Pp2/8/1***4/P***1PPP/R***K2R w KQkq f6 0 9 -', 3),
    ('Seed game 1. e4 g5 2. d4 f6: 3. Qh5+ is no mate, Black answers with (****)g6:h7f6g5h5',
     'rnbqkbnr/ppppp2p/5p2/6p1/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3 Bb', 3),
    ('T6: the same with Black\'s bomb spent on a6 (craters a5-b7): 3. Qh5#',
     'rnbqkbnr/**ppp2p/**3p2/**4p1/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3 B', 2),
    ('T4/O2 Chess960: black king b8, rooks a8/h8, Black\'s bomb spent on e7 (craters '
     'd6-f8): O-O crosses d8-f8, O-O-O lands the rook on the crater d8: both illegal',
     'rk1***1r/ppp***pp/3***2/8/8/8/PPPPPPPP/RK5R b KQkq - 0 6 B', 2),
]


def main():
    args = sys.argv[1:]
    if args and args[0] == 'perft':
        print(perft(parse(args[1]), int(args[2])))
        return
    if args and args[0] == 'moves':
        for s, _ in turns(parse(args[1])):
            print(s)
        return
    depth_start = int(args[0]) if args else 3
    lines = []
    p = parse(START)
    for d in range(1, depth_start + 1):
        lines.append('%s ; depth %d ; %d' % (START, d, perft(p, d)))
        print(lines[-1], flush=True)
    for desc, snap, dep in POSITIONS:
        p = parse(snap)
        snap = write(p)
        for d in range(1, dep + 1):
            lines.append('%s ; depth %d ; %d' % (snap, d, perft(p, d)))
            print(lines[-1], flush=True)
    open('tilting-perft.txt', 'w').write('\n'.join(lines) + '\n')
    blocks = []
    for desc, snap, dep in [('start', START, 0)] + POSITIONS:
        p = parse(snap)
        blocks.append('\n'.join([write(p)] + [s for s, _ in turns(p)]))
    open('tilting-moves.txt', 'w').write('\n\n'.join(blocks) + '\n')
    g = []
    for n in range(1, 21):
        g.append('GAME %d' % n)
        for s, snap in random_game(n, 40):
            g.append('%s\t%s' % (s, snap))
    open('tilting-games.txt', 'w').write('\n'.join(g) + '\n')


if __name__ == '__main__':
    main()
