#!/usr/bin/env python3
"""Bellows Chess: independent reference implementation (standard library only).

Written from RULINGS.md (O, L) and SPEC.md (sections 2 and 4) only.

Readings (see README.md as well):
 - L1 grid 12x12, regions 8 = c3-j10, 10 = b2-k11, 12 = a1-l12.
 - The snapshot's phase field is the active board of the side to move.  After a ply the
   phase advances (turn=ply: after every ply; turn=move: only after Black's ply).
 - L4: a unit may move when its square and its destination lie in the active board
   (the regions are convex squares, so the squares passed lie inside as well).
 - L6: attacks are pseudo-legal captures (a pinned unit still gives check) by units
   whose square and the target lie in the board of the attacker's next ply.
   Legal move: after it, the opponent (board = the new phase) cannot capture the king.
   Side to move in check (for + and #): the enemy could capture its king on the
   enemy's next ply, i.e. on the board after the next phase change.
 - Castling (L2, Chess960): king to the grid's i/e file, rook to h/f, on rank 3 / 10.
   All squares between king start and destination and between rook start and destination
   must be empty except for king and rook; all those squares in the active board; the
   king's start, crossed and landing squares must not be attacked (L6 sense) in the
   position before castling; and the usual legality test after castling.
 - L7: no legal move loses; '#' only for in check with no legal move; no mark for a
   no-move loss that is not check (O7).
 - Perft/moves ignore repetition and move-count draws (as orthodox perft does).
 - En passant field written only when an en passant capture is legal.
"""
import random
import sys

FILES = 'abcdefghijkl'
W, B = 'w', 'b'
REGION = {8: (2, 9), 10: (1, 10), 12: (0, 11)}
SCHEDULES = {
    '8-10-12': (['8', '10', '12'], [8, 10, 12]),
    '8-10-12-10': (['8', '10>', '12', '10<'], [8, 10, 12, 10]),
}
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]

START = ('12/12/2rnbqkbnr2/2pppppppp2/12/12/12/12/2PPPPPPPP2/2RNBQKBNR2/12/12'
         ' w KQkq - 0 1 8')


def sqn(s):
    return FILES[s % 12] + str(s // 12 + 1)


def parse_sq(t):
    f = FILES.index(t[0])
    r = int(t[1:]) - 1
    if not 0 <= r < 12:
        raise ValueError('bad square ' + t)
    return r * 12 + f


def off(s, df, dr):
    f, r = s % 12 + df, s // 12 + dr
    if 0 <= f < 12 and 0 <= r < 12:
        return r * 12 + f
    return None


def in_region(s, size):
    lo, hi = REGION[size]
    f, r = s % 12, s // 12
    return lo <= f <= hi and lo <= r <= hi


def colour(p):
    return W if p.isupper() else B


def other(c):
    return B if c == W else W


class Pos:
    def __init__(self):
        self.board = ['.'] * 144
        self.stm = W
        self.castling = set()      # set of (colour, rook square)
        self.ep = None             # square passed by the last double step
        self.half = 0
        self.full = 1
        self.ph = 0                # index into the schedule
        self.schedule = '8-10-12'
        self.turn = 'ply'

    def copy(self):
        p = Pos()
        p.board = self.board[:]
        p.stm = self.stm
        p.castling = set(self.castling)
        p.ep = self.ep
        p.half, p.full, p.ph = self.half, self.full, self.ph
        p.schedule, p.turn = self.schedule, self.turn
        return p

    def size(self, ph=None):
        return SCHEDULES[self.schedule][1][self.ph if ph is None else ph]

    def next_ph(self, ph, mover):
        n = len(SCHEDULES[self.schedule][1])
        if self.turn == 'ply' or mover == B:
            return (ph + 1) % n
        return ph

    def king(self, c):
        k = 'K' if c == W else 'k'
        for s in range(144):
            if self.board[s] == k:
                return s
        return None


# ---------------------------------------------------------------- snapshots

def home_rank(c):
    return 2 if c == W else 9


def parse(snap, schedule='8-10-12', turn='ply'):
    f = snap.split()
    if len(f) != 7:
        raise ValueError('need 7 fields')
    p = Pos()
    p.schedule, p.turn = schedule, turn
    ranks = f[0].split('/')
    if len(ranks) != 12:
        raise ValueError('need 12 ranks')
    for i, row in enumerate(ranks):
        r = 11 - i
        fi = 0
        num = ''
        for ch in row + '$':
            if ch.isdigit():
                num += ch
                continue
            if num:
                fi += int(num)
                num = ''
            if ch == '$':
                break
            if ch not in 'PNBRQKpnbrqk':
                raise ValueError('bad piece ' + ch)
            if fi >= 12:
                raise ValueError('rank too long')
            p.board[r * 12 + fi] = ch
            fi += 1
        if fi != 12:
            raise ValueError('rank %d has %d files' % (r + 1, fi))
    p.stm = f[1]
    for ch in f[2]:
        if ch == '-':
            continue
        c = W if ch.isupper() else B
        rank = home_rank(c)
        ks = p.king(c)
        if ks is None or ks // 12 != rank:
            raise ValueError('castling right without king on home rank')
        rook = 'R' if c == W else 'r'
        kf = ks % 12
        if ch in 'KkQq':
            cands = [fi for fi in range(2, 10) if p.board[rank * 12 + fi] == rook
                     and (fi > kf if ch in 'Kk' else fi < kf)]
            if not cands:
                raise ValueError('no rook for ' + ch)
            fi = max(cands) if ch in 'Kk' else min(cands)
        else:
            fi = FILES.index(ch.lower())
            if p.board[rank * 12 + fi] != rook:
                raise ValueError('no rook for ' + ch)
        p.castling.add((c, rank * 12 + fi))
    p.ep = None if f[3] == '-' else parse_sq(f[3])
    p.half = int(f[4])
    p.full = int(f[5])
    p.ph = SCHEDULES[schedule][0].index(f[6])
    # O9 / L5 validity
    for c in (W, B):
        if sum(1 for x in p.board if x == ('K' if c == W else 'k')) != 1:
            raise ValueError('need exactly one king per side')
    for s in range(144):
        if p.board[s] in 'Pp' and not 3 <= s // 12 <= 8:
            raise ValueError('pawn on ' + sqn(s))
    # side not to move may not stand in check: the side to move could capture it now
    if attacked(p.board, p.king(other(p.stm)), p.stm, p.size()):
        raise ValueError('side not to move is in check')
    return p


def castling_str(p):
    out = []
    for c in (W, B):
        ks = p.king(c)
        rights = sorted([s for (cc, s) in p.castling if cc == c], key=lambda s: -s)
        rank = home_rank(c)
        rook = 'R' if c == W else 'r'
        for s in rights:
            fi = s % 12
            kf = ks % 12
            if fi > kf:
                outer = max([x for x in range(2, 10) if p.board[rank * 12 + x] == rook
                             and x > kf] or [-1])
                ch = 'K' if outer == fi else FILES[fi].upper()
            else:
                outer = min([x for x in range(2, 10) if p.board[rank * 12 + x] == rook
                             and x < kf] or [99])
                ch = 'Q' if outer == fi else FILES[fi].upper()
            out.append(ch if c == W else ch.lower())
    return ''.join(out) or '-'


def write(p):
    rows = []
    for r in range(11, -1, -1):
        row = ''
        n = 0
        for fi in range(12):
            x = p.board[r * 12 + fi]
            if x == '.':
                n += 1
            else:
                if n:
                    row += str(n)
                    n = 0
                row += x
        if n:
            row += str(n)
        rows.append(row)
    ep = '-'
    if p.ep is not None and any(m[3] == 'ep' for m in legal_moves(p)):
        ep = sqn(p.ep)
    return '%s %s %s %s %d %d %s' % ('/'.join(rows), p.stm, castling_str(p), ep, p.half,
                                     p.full, SCHEDULES[p.schedule][0][p.ph])


# ---------------------------------------------------------------- attacks

def attacked(board, target, by, size):
    """Could a unit of `by` capture on `target` on a ply whose board is `size`?"""
    if target is None or not in_region(target, size):
        return False
    up = 1 if by == W else -1
    pawn, knight, king = ('P', 'N', 'K') if by == W else ('p', 'n', 'k')
    rq, bq = ('R', 'Q') if by == W else ('r', 'q'), ('B', 'Q') if by == W else ('b', 'q')
    for df in (-1, 1):
        s = off(target, df, -up)
        if s is not None and in_region(s, size) and board[s] == pawn:
            return True
    for df, dr in KNIGHT:
        s = off(target, df, dr)
        if s is not None and in_region(s, size) and board[s] == knight:
            return True
    for df, dr in KING:
        s = off(target, df, dr)
        if s is not None and in_region(s, size) and board[s] == king:
            return True
    for dirs, kinds in ((ORTH, rq), (DIAG, bq)):
        for df, dr in dirs:
            s = target
            while True:
                s = off(s, df, dr)
                if s is None or not in_region(s, size):
                    break
                if board[s] != '.':
                    if board[s] in kinds:
                        return True
                    break
    return False


def in_check(p):
    """Side to move in check: enemy could capture its king on the enemy's next ply."""
    return attacked(p.board, p.king(p.stm), other(p.stm), p.size(p.next_ph(p.ph, p.stm)))


# ---------------------------------------------------------------- moves
# move = (from, to, promo, kind); kind in '', 'dbl', 'ep', 'O-O', 'O-O-O'

def pseudo_moves(p):
    size = p.size()
    c = p.stm
    bd = p.board
    mv = []
    for s in range(144):
        x = bd[s]
        if x == '.' or colour(x) != c or not in_region(s, size):
            continue
        t = x.upper()
        if t == 'P':
            up = 1 if c == W else -1
            promo_rank = 9 if c == W else 2
            start_rank = 3 if c == W else 8

            def add(to, kind=''):
                if to // 12 == promo_rank:
                    for q in 'QRBN':
                        mv.append((s, to, q, kind))
                else:
                    mv.append((s, to, None, kind))
            a = off(s, 0, up)
            if a is not None and in_region(a, size) and bd[a] == '.':
                add(a)
                if s // 12 == start_rank:
                    a2 = off(s, 0, 2 * up)
                    if a2 is not None and in_region(a2, size) and bd[a2] == '.':
                        mv.append((s, a2, None, 'dbl'))
            for df in (-1, 1):
                a = off(s, df, up)
                if a is None or not in_region(a, size):
                    continue
                if bd[a] != '.' and colour(bd[a]) != c:
                    add(a)
                elif bd[a] == '.' and a == p.ep:
                    victim = off(a, 0, -up)
                    if victim is not None and bd[victim] == ('p' if c == W else 'P'):
                        mv.append((s, a, None, 'ep'))
        elif t in 'NK':
            for df, dr in (KNIGHT if t == 'N' else KING):
                a = off(s, df, dr)
                if a is not None and in_region(a, size) and (bd[a] == '.' or colour(bd[a]) != c):
                    mv.append((s, a, None, ''))
        else:
            dirs = ORTH if t == 'R' else DIAG if t == 'B' else ORTH + DIAG
            for df, dr in dirs:
                a = s
                while True:
                    a = off(a, df, dr)
                    if a is None or not in_region(a, size):
                        break
                    if bd[a] == '.':
                        mv.append((s, a, None, ''))
                    else:
                        if colour(bd[a]) != c:
                            mv.append((s, a, None, ''))
                        break
    # castling
    ks = p.king(c)
    for (cc, rs) in sorted(p.castling):
        if cc != c or ks is None:
            continue
        rank = home_rank(c)
        if ks // 12 != rank or rs // 12 != rank:
            continue
        if rs % 12 > ks % 12:
            kd, rd, kind = rank * 12 + 8, rank * 12 + 7, 'O-O'
        else:
            kd, rd, kind = rank * 12 + 4, rank * 12 + 5, 'O-O-O'
        if not all(in_region(x, size) for x in (ks, kd, rs, rd)):
            continue
        ok = True
        for a, b in ((ks, kd), (rs, rd)):
            for x in range(min(a, b), max(a, b) + 1):
                if x != ks and x != rs and bd[x] != '.':
                    ok = False
        if not ok:
            continue
        nsize = p.size(p.next_ph(p.ph, c))
        for x in range(min(ks, kd), max(ks, kd) + 1):
            if attacked(bd, x, other(c), nsize):
                ok = False
        if ok:
            mv.append((ks, kd, rs, kind))   # promo slot holds the rook square
    return mv


def make(p, m):
    frm, to, promo, kind = m
    n = p.copy()
    bd = n.board
    c = p.stm
    x = bd[frm]
    capture = False
    if kind in ('O-O', 'O-O-O'):
        rs = promo
        rank = home_rank(c)
        rd = rank * 12 + (7 if kind == 'O-O' else 5)
        rook = bd[rs]
        bd[frm] = '.'
        bd[rs] = '.'
        bd[to] = x
        bd[rd] = rook
        n.castling = {r for r in n.castling if r[0] != c}
    else:
        capture = bd[to] != '.' or kind == 'ep'
        if kind == 'ep':
            bd[off(to, 0, -1 if c == W else 1)] = '.'
        bd[to] = x
        bd[frm] = '.'
        if promo:
            bd[to] = promo if c == W else promo.lower()
        if x.upper() == 'K':
            n.castling = {r for r in n.castling if r[0] != c}
        n.castling = {r for r in n.castling if r[1] not in (frm, to)}
    n.ep = off(frm, 0, 1 if c == W else -1) if kind == 'dbl' else None
    n.half = 0 if (capture or x.upper() == 'P') else p.half + 1
    if c == B:
        n.full += 1
    n.stm = other(c)
    n.ph = p.next_ph(p.ph, c)
    return n


def legal_moves(p):
    out = []
    c = p.stm
    for m in pseudo_moves(p):
        n = make(p, m)
        if not attacked(n.board, n.king(c), n.stm, n.size()):
            out.append(m)
    return out


def san(p, m, legal=None):
    if legal is None:
        legal = legal_moves(p)
    frm, to, promo, kind = m
    if kind in ('O-O', 'O-O-O'):
        s = kind
    else:
        x = p.board[frm].upper()
        cap = p.board[to] != '.' or kind == 'ep'
        if x == 'P':
            s = (FILES[frm % 12] + 'x' if cap else '') + sqn(to) + ('=' + promo if promo else '')
        else:
            others = [o for o in legal if o[3] not in ('O-O', 'O-O-O') and o[1] == to
                      and o[0] != frm and p.board[o[0]].upper() == x]
            dis = ''
            if others:
                if all(o[0] % 12 != frm % 12 for o in others):
                    dis = FILES[frm % 12]
                elif all(o[0] // 12 != frm // 12 for o in others):
                    dis = str(frm // 12 + 1)
                else:
                    dis = sqn(frm)
            s = x + dis + ('x' if cap else '') + sqn(to)
    n = make(p, m)
    if in_check(n):
        s += '+' if legal_moves(n) else '#'
    return s


def turns(p):
    """All legal turns as (san, move), sorted by SAN in byte order."""
    legal = legal_moves(p)
    res = [(san(p, m, legal), m) for m in legal]
    res.sort(key=lambda t: t[0].encode())
    return res


def perft(p, depth):
    if depth == 0:
        return 1
    ms = legal_moves(p)
    if depth == 1:
        return len(ms)
    return sum(perft(make(p, m), depth - 1) for m in ms)


def random_game(seed, plies, start=START, **opts):
    rng = random.Random(seed)
    p = parse(start, **opts)
    out = []
    for _ in range(plies):
        ts = turns(p)
        if not ts:
            break
        s, m = ts[rng.randrange(len(ts))]
        p = make(p, m)
        out.append((s, write(p)))
    return out


# ---------------------------------------------------------------- outputs

# (description, snapshot, perft depth, options)

def build(pieces, rest):
    """pieces: 'Kg3 Rb2 ...' (upper = White, lower = Black, e.g. 'kf10 pe8')."""
    p = Pos()
    for tok in pieces.split():
        p.board[parse_sq(tok[1:])] = tok[0]
    rows = []
    for r in range(11, -1, -1):
        row, n = '', 0
        for fi in range(12):
            x = p.board[r * 12 + fi]
            if x == '.':
                n += 1
            else:
                row += (str(n) if n else '') + x
                n = 0
        rows.append(row + (str(n) if n else ''))
    return '/'.join(rows) + ' ' + rest


POSITIONS = [
    ('phase 10: White units on b2/b3/k3 (10x10 only), Black queen on k11, rook on c10',
     build('Kg3 Rb2 Nb3 Bk3 Pf6 Pg4 Ph4 kf10 qk11 rc10 pe8 pk9', 'w - - 0 20 10'), 3, {}),
    ('phase 12, Black to move: kings on the rim, both outside the next ply board; Ra1 on a12 file',
     build('Kl1 Ra1 Pe4 ka12 pc9 ng5', 'b - - 0 30 12'), 3, {}),
    ('castling both sides at phase 8; Bb6 (10x10) hits e3 on board 10, Ql7 (12 only) does not hit h3',
     build('Kg3 Rc3 Rj3 Pc4 Pe4 Pf4 Pg4 Ph4 Pj4 kg10 rc10 rj10 pc9 pd9 pe9 pf9 pg9 ph9 pi9 pj9 bb6 ql7',
           'w KQkq - 0 12 8'), 3, {}),
    ('en passant exd8 at phase 12 (black pawn just went d9-d7); black king k12 outside next board',
     build('Kg2 Pe7 Pb5 kk12 pd7 pc8', 'w - d8 0 40 12'), 3, {}),
    ('en passant b7xc8 impossible at phase 8 (b7 outside 8x8): ep field dropped',
     build('Kg3 Pb7 Pe5 kg10 pc7', 'w - c8 0 41 8'), 2, {}),
    ('promotion on rank 10 at phase 8 (exd10, exf10, e10), pawn a9 frozen on 8x8, Black king l10 frozen on 10x10',
     build('Kg3 Pe9 Pa9 Pj8 kl10 rd10 nf10 pj9', 'w - - 0 50 8'), 3, {}),
    ('phase 10: Ke2 in check from Bc4 although the bishop is pinned (Rc3-kc10); Ne5 pinned by re9',
     build('Ke2 Rc3 Ne5 Pg5 kc10 bc4 re9 ph8', 'w - - 0 33 10'), 3, {}),
]


def option_positions(schedule):
    """The constructed positions, with the phase field adapted to the schedule."""
    out = []
    for desc, snap, dep, _ in POSITIONS:
        if schedule == '8-10-12-10' and snap.endswith(' 10'):
            out.append((desc + ' [10>]', snap[:-2] + '10>', dep))
            out.append((desc + ' [10<]', snap[:-2] + '10<', dep))
        else:
            out.append((desc, snap, dep))
    return out


def main():
    args = sys.argv[1:]
    opts = {}
    for a in list(args):
        if a.startswith('schedule=') or a.startswith('turn='):
            k, v = a.split('=')
            opts[k] = v
            args.remove(a)
    if args and args[0] == 'perft':
        p = parse(args[1], **opts)
        print(perft(p, int(args[2])))
        return
    if args and args[0] == 'moves':
        p = parse(args[1], **opts)
        for s, _ in turns(p):
            print(s)
        return
    if args and args[0] == 'selftest':
        selftest()
        return
    depth_start = int(args[0]) if args else 3
    suffix = ''.join('-%s-%s' % (k, opts[k]) for k in sorted(opts))
    positions = option_positions(opts.get('schedule', '8-10-12'))
    lines = []
    p = parse(START, **opts)
    for d in range(1, depth_start + 1):
        lines.append('%s ; depth %d ; %d' % (START, d, perft(p, d)))
        print(lines[-1], flush=True)
    for desc, snap, dep in positions:
        p = parse(snap, **opts)
        snap = write(p)
        for d in range(1, dep + 1):
            lines.append('%s ; depth %d ; %d' % (snap, d, perft(p, d)))
            print(lines[-1], flush=True)
    open('bellows%s-perft.txt' % suffix, 'w').write('\n'.join(lines) + '\n')
    blocks = []
    for desc, snap, dep in [('start', START, 0)] + positions:
        p = parse(snap, **opts)
        blocks.append('\n'.join([write(p)] + [s for s, _ in turns(p)]))
    open('bellows%s-moves.txt' % suffix, 'w').write('\n\n'.join(blocks) + '\n')
    g = []
    for n in range(1, 21):
        g.append('GAME %d' % n)
        for s, snap in random_game(n, 40, **opts):
            g.append('%s\t%s' % (s, snap))
    open('bellows%s-games.txt' % suffix, 'w').write('\n'.join(g) + '\n')


def selftest():
    p = parse(START)
    assert write(p) == START, write(p)
    print('start round trip ok')


if __name__ == '__main__':
    main()
