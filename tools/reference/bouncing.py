#!/usr/bin/env python3
"""Event Chess #95, Bouncing Pieces: independent reference implementation (stdlib only).

Written from RULINGS.md (O, B) and SPEC.md (sections 2 to 4) only.

A turn is a move plus an optional bounce (B1); every distinct (move, bounce) pair is a
turn of its own, and "no bounce" is one more turn beside them.

Readings where the rulings leave something open:
 R1. Bounce candidates (B1/B2): every unit (either colour, kings too) on the 8 neighbours
     of the moved unit's destination, where "moved unit" is the unit standing there after
     the move (the capturing pawn after en passant, the new piece after a promotion, the
     new piece after an in-place promotion B5).  Its destination 2A-M must be on the
     board and empty (B3).  No bounce after castling.
 R2. Order inside a turn: the move is played in full (capture, en passant removal,
     promotion, castling rights of the move), then the bounce (B8: a bounced king loses
     all its side's rights, a bounced rook the right tied to its square).  Then the
     mover's king must not be attacked (B7); nothing is tested in between.
 R3. Attacks are orthodox.  A pawn on its last rank (unpromoted, B4) attacks nothing: this
     falls out of the geometry (it would attack squares off the board).  A pawn on its own
     first rank attacks like any pawn (B6).
 R4. Pawn moves (B6): a pawn on its last rank has only the in-place promotions `a8=Q`,
     `a8=R`, `a8=B`, `a8=N` (B5).  Any other pawn pushes one, pushes two from its own first
     or second rank when both squares are empty, captures diagonally, takes en passant,
     and promotes when its move (not a bounce) reaches the last rank.  Every two-square
     advance sets the en passant square to the passed square for the next turn only.
 R5. Castling (O1/O2, Chess960 form): king not in check, the squares the king passes (not
     its destination) not attacked with the king lifted off the board, every square
     between king start/destination and rook start/destination empty but for king and
     rook, and the king not attacked after castling.  Castling has no bounce (B1).
 R6. SAN of the move part is orthodox SAN over the set of legal moves, where a move is
     legal when at least one turn (with some bounce or none) that begins with it is
     legal.  Bounce (B9): ", " then the piece letter (upper case, both colours) and the
     destination for pieces (`Kg8`), from-to for pawns (`g7-f8`).  Check mark after the
     whole turn: `+` if the side to move is in check, `#` if it is in check and has no
     legal turn.
 R7. Halfmove clock (O6): reset when the move is a pawn move (in-place promotion too), a
     capture or en passant, or when the bounced unit is a pawn (either colour).
 R8. En passant field written only when some legal turn captures en passant.
 R9. Snapshots (O9): exactly one king per side, the side not to move not in check; pawns
     are accepted on every rank.  Castling rights need the king on its first rank and a
     rook of its colour on the named square.
 R10. perft/moves ignore repetition and move-count draws.
"""
import random
import sys

FILES = 'abcdefgh'
W, B = 'w', 'b'
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'


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
    return None if x == '.' else (W if x.isupper() else B)


def other(c):
    return B if c == W else W


def up(c):
    return 1 if c == W else -1


class Pos:
    def __init__(self):
        self.board = ['.'] * 64
        self.stm = W
        self.castling = set()   # (colour, rook square)
        self.ep = None
        self.half = 0
        self.full = 1

    def copy(self):
        p = Pos()
        p.board = self.board[:]
        p.stm = self.stm
        p.castling = set(self.castling)
        p.ep = self.ep
        p.half, p.full = self.half, self.full
        return p

    def king(self, c):
        k = 'K' if c == W else 'k'
        for s in range(64):
            if self.board[s] == k:
                return s
        return None


# ---------------------------------------------------------------- snapshots

def parse(snap):
    f = snap.split()
    if len(f) != 6:
        raise ValueError('need 6 fields')
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
            elif ch in 'PNBRQKpnbrqk':
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
    for c in (W, B):
        if sum(1 for x in p.board if x == ('K' if c == W else 'k')) != 1:
            raise ValueError('need exactly one king per side')
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
    if attacked(p, p.king(other(p.stm)), p.stm):
        raise ValueError('side not to move is in check')
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
    return '%s %s %s %s %d %d' % ('/'.join(rows), p.stm, castling_str(p), ep, p.half, p.full)


# ---------------------------------------------------------------- attacks (R3)

def attacked(p, target, by, board=None):
    """Could a unit of `by` capture on `target`?"""
    if target is None:
        return False
    bd = p.board if board is None else board
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
    return attacked(p, p.king(p.stm), other(p.stm))


# ---------------------------------------------------------------- moves
# move = (from, to, promo, kind); kind '', 'dbl', 'ep', 'inplace', 'O-O', 'O-O-O'
# (for castling the promo slot holds the rook's square)

def pseudo_moves(p):
    bd = p.board
    c = p.stm
    mv = []
    last = 7 if c == W else 0
    for s in range(64):
        x = bd[s]
        if colour(x) != c:
            continue
        t = x.upper()
        if t == 'P':
            if s // 8 == last:                       # B4/B5
                for q in 'QRBN':
                    mv.append((s, s, q, 'inplace'))
                continue
            u = up(c)

            def add(to, kind=''):
                if to // 8 == last:
                    for q in 'QRBN':
                        mv.append((s, to, q, kind))
                else:
                    mv.append((s, to, None, kind))
            a = off(s, 0, u)
            if bd[a] == '.':
                add(a)
                if s // 8 in ((0, 1) if c == W else (7, 6)):   # B6
                    a2 = off(s, 0, 2 * u)
                    if bd[a2] == '.':
                        mv.append((s, a2, None, 'dbl'))
            for df in (-1, 1):
                a = off(s, df, u)
                if a is None:
                    continue
                if bd[a] != '.' and colour(bd[a]) != c:
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
                if bd[a] == '.' or colour(bd[a]) != c:
                    mv.append((s, a, None, ''))
            if t == 'K':
                mv += castle_moves(p, s)
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
                        if colour(bd[a]) != c:
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
        if attacked(p, ks, other(c)):
            continue
        lifted = p.board[:]
        lifted[ks] = '.'
        for x in range(min(ks, kd), max(ks, kd) + 1):
            if x not in (ks, kd) and attacked(p, x, other(c), lifted):
                ok = False
        if ok:
            mv.append((ks, kd, rs, kind))
    return mv


def apply_move(p, m):
    """Play the move part in place.  Returns (resets clock, square of the moved unit)."""
    frm, to, promo, kind = m
    bd = p.board
    x = bd[frm]
    c = colour(x)
    if kind in ('O-O', 'O-O-O'):
        rs = promo
        rank = 0 if c == W else 7
        rd = rank * 8 + (5 if kind == 'O-O' else 3)
        rook = bd[rs]
        bd[frm] = bd[rs] = '.'
        bd[to], bd[rd] = x, rook
        p.castling = {r for r in p.castling if r[0] != c}
        return False, to
    if kind == 'inplace':
        bd[frm] = promo if c == W else promo.lower()
        return True, frm
    reset = bd[to] != '.' or kind == 'ep' or x in 'Pp'
    if kind == 'ep':
        bd[off(to, 0, -up(c))] = '.'
    bd[frm] = '.'
    bd[to] = (promo if c == W else promo.lower()) if promo else x
    if x.upper() == 'K':
        p.castling = {r for r in p.castling if r[0] != c}
    p.castling = {r for r in p.castling if r[1] not in (frm, to)}
    return reset, to


def bounces(q, ms):
    """B1-B3: (source, destination) of every possible bounce around square ms."""
    out = []
    for df, dr in KING:
        a = off(ms, df, dr)
        if a is None or q.board[a] == '.':
            continue
        d = off(a, df, dr)
        if d is None or q.board[d] != '.':
            continue
        out.append((a, d))
    return out


def apply_bounce(q, bnc):
    a, d = bnc
    x = q.board[a]
    q.board[d] = x
    q.board[a] = '.'
    if x.upper() == 'K':                            # B8
        q.castling = {r for r in q.castling if r[0] != colour(x)}
    q.castling = {r for r in q.castling if r[1] != a}
    return x in 'Pp'


def finish(q, S, m, reset):
    q.stm = other(S)
    q.ep = off(m[0], 0, up(S)) if m[3] == 'dbl' else None
    q.half = 0 if reset else q.half + 1
    if S == B:
        q.full += 1


def enum_turns(p, first_only=False, only=None):
    """All legal turns: list of (move, bounce or None, resulting position)."""
    S = p.stm
    out = []
    for m in pseudo_moves(p):
        if only is not None and not only(m):
            continue
        q = p.copy()
        reset, ms = apply_move(q, m)
        opts = [None]
        if m[3] not in ('O-O', 'O-O-O'):
            opts += bounces(q, ms)
        for bnc in opts:
            f = q.copy()
            r = reset
            if bnc is not None:
                r = apply_bounce(f, bnc) or r
            if attacked(f, f.king(S), other(S)):    # B7: only the end of the turn
                continue
            finish(f, S, m, r)
            out.append((m, bnc, f))
            if first_only:
                return out
    return out


def has_turn(p):
    return bool(enum_turns(p, first_only=True))


def ep_legal(p):
    return bool(enum_turns(p, first_only=True, only=lambda m: m[3] == 'ep'))


def san_move(q, m, legal):
    frm, to, promo, kind = m
    if kind in ('O-O', 'O-O-O'):
        return kind
    if kind == 'inplace':
        return sqn(frm) + '=' + promo
    x = q.board[frm].upper()
    cap = q.board[to] != '.' or kind == 'ep'
    if x == 'P':
        return (FILES[frm % 8] + 'x' if cap else '') + sqn(to) + ('=' + promo if promo else '')
    others = [o for o in legal if o[3] not in ('O-O', 'O-O-O', 'inplace') and o[1] == to
              and o[0] != frm and q.board[o[0]].upper() == x]
    dis = ''
    if others:
        if all(o[0] % 8 != frm % 8 for o in others):
            dis = FILES[frm % 8]
        elif all(o[0] // 8 != frm // 8 for o in others):
            dis = str(frm // 8 + 1)
        else:
            dis = sqn(frm)
    return x + dis + ('x' if cap else '') + sqn(to)


def san_bounce(q_after_move, bnc):
    a, d = bnc
    x = q_after_move.board[a]
    if x in 'Pp':
        return sqn(a) + '-' + sqn(d)
    return x.upper() + sqn(d)


def turns(p):
    """Legal turns as (written turn, resulting position), sorted in byte order."""
    ts = enum_turns(p)
    legal = {m for m, _, _ in ts}
    res = []
    for m, bnc, f in ts:
        s = san_move(p, m, legal)
        if bnc is not None:
            q = p.copy()
            apply_move(q, m)
            s += ', ' + san_bounce(q, bnc)
        if in_check(f):
            s += '+' if has_turn(f) else '#'
        res.append((s, f))
    res.sort(key=lambda t: t[0].encode())
    names = [r[0] for r in res]
    assert len(set(names)) == len(names), 'duplicate written turn'
    return res


def status(p):
    if has_turn(p):
        return 'check' if in_check(p) else 'ongoing'
    return ('checkmate: %s loses' % p.stm) if in_check(p) else 'stalemate: draw'


def perft(p, depth):
    if depth == 0:
        return 1
    ts = enum_turns(p)
    if depth == 1:
        return len(ts)
    return sum(perft(f, depth - 1) for _, _, f in ts)


def play(p, written):
    """Play one written turn (canonical form, check mark optional)."""
    for s, f in turns(p):
        if s.rstrip('+#') == written.rstrip('+#'):
            return s, f
    raise ValueError('illegal turn %s in %s' % (written, write(p)))


def random_game(seed, plies, start=START):
    rng = random.Random(seed)
    p = parse(start)
    out = []
    for _ in range(plies):
        ts = turns(p)
        if not ts:
            break
        s, f = ts[rng.randrange(len(ts))]
        p = f
        out.append((s, write(p)))
    return out


# ---------------------------------------------------------------- outputs

POSITIONS = [
    ('B7 example: after 1. Rh8+ Black may answer Kb7, Kb5 (king steps next to the enemy '
     'king and bounces it away); bouncing the king next to the own king is illegal',
     'k6R/8/1K6/8/8/8/8/8 b - - 1 1', 3),
    ('seed example 1 (B1, B9): Re8 may bounce the king f8 to g8 or the pawn f7 to g6; '
     'B10: with the bishop moving to h6 the pawn g7 may bounce to f8',
     '5k2/5pp1/8/8/8/3B4/8/4R1K1 w - - 0 1', 3),
    ('B6: pawns on the first rank (white a1, c1; black h8) advance two squares and can be '
     'taken en passant on the second rank (a1-a3 then bxa2); B3 bounce blocked by edge',
     '4k2p/8/8/8/8/1p6/8/P1P1K3 w - - 0 1', 3),
    ('B4/B5: unpromoted pawns on their last rank (white b8, black g1) attack nothing, promote '
     'in place (b8=Q) with a bounce after it, and can be bounced',
     '1P2k3/8/2n5/8/8/8/5N2/4K1p1 w - - 0 1', 3),
    ('B6 en passant target on the second rank: Black to move after a1-a3, bxa2 and a '
     'bounce after it',
     '4k3/8/8/8/8/Pp6/1N6/4K3 b - a2 0 1', 3),
    ('B8: bouncing a king or rook removes its castling rights; castling never bounces; '
     'knights next to both rooks and kings',
     'r3k2r/1n4n1/8/8/8/8/1N4N1/R3K2R w KQkq - 0 1', 2),
    ('B7: a pinned bishop may leave the pin line when its bounce puts d4 on e4 (Bc4, d4-e4); '
     'the queen may give up defending',
     '4r2k/8/8/8/3P4/8/4B3/4K3 w - - 0 1', 3),
    ('B7: White in check from the knight d3; a move next to it may bounce it away; '
     'promotion with a bounce (B6: the moved unit is the new queen)',
     '7k/1P6/8/8/8/3n4/2P5/4K3 w - - 0 1', 3),
    ('Chess960 castling (O2) with pawns on the first rank of both sides',
     '1r2k1rp/pppp1ppp/8/8/8/8/PPP2PPP/1R2K1RP w GBgb - 0 1', 2),
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
    open('bouncing-perft.txt', 'w').write('\n'.join(lines) + '\n')
    blocks = []
    for desc, snap, dep in [('start', START, 0)] + POSITIONS:
        p = parse(snap)
        blocks.append('\n'.join([write(p)] + [s for s, _ in turns(p)]))
    open('bouncing-moves.txt', 'w').write('\n\n'.join(blocks) + '\n')
    g = []
    for n in range(1, 21):
        g.append('GAME %d' % n)
        for s, snap in random_game(n, 40):
            g.append('%s\t%s' % (s, snap))
    open('bouncing-games.txt', 'w').write('\n'.join(g) + '\n')


if __name__ == '__main__':
    main()
