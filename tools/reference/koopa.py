#!/usr/bin/env python3
"""Koopa Chess: independent reference implementation (stdlib only).

Written from RULINGS.md (O, K), SPEC.md (sections 2-4) and the seed text only.

Readings (where K1-K10 leave something open or need an interpretation):
 R1. Stun state is a counter per square (units never move while stunned).  A capture of an
     unstunned enemy unit stuns it (counter 4); the capturer then steps on in the same
     direction (one square for R B Q K P, a whole knight leap for N), stunning every
     unstunned unit it passes (counter 4, either colour; already stunned units keep their
     counter) and lands on the first empty square, or leaves the board (K2).
 R2. Capture of a stunned enemy unit (a kick, K3): that unit and every unit on the squares
     further along the same step (for a knight: further whole knight leaps) to the edge are
     removed, whatever their colour or state; the capturer stays on the kicked square.
 R3. End of a ply (K4): every counter that existed before the ply (of a unit still on the
     board, either colour) drops by one, and a unit reaching 0 recovers; units stunned in
     this ply start at 4 and are not lowered in that ply.  The snapshot right after the
     stunning ply therefore shows `:4`.
 R4. Legality (K1): a turn is illegal only if the mover's own king is no longer on the board
     afterwards.  Stunning the own king (by bouncing over it) is legal.  No check, no marks.
 R5. Game end: when either king is missing there are no legal turns (the game is over, K5);
     a side with no pseudo-legal move has no turns (K9, drawn).
 R6. Castling (K7): Chess960 destinations; king and rook unstunned; every square from the
     leftmost to the rightmost of {king, rook, king's destination, rook's destination} empty
     but for the king and rook; no attack test.  Rights are dropped when the king moves
     (castling included) or leaves the board, and when the right's rook leaves its square
     (by moving, being kicked off).  A stunned king or rook keeps its rights.
 R7. X-FEN castling letters: a stunned rook is still a rook when deciding whether a
     right belongs to the outermost rook (K/Q) or needs a file letter.
 R8. SAN (K10): the target square is the square of the captured (stunned or kicked) unit,
     `x` for every capture; promotion suffix `=Q` etc. whenever the pawn ends the turn on its
     last rank (forward move, bounce landing there, or kick on the last rank); a pawn whose
     bounce runs off the board gets no suffix.  Disambiguation as orthodox SAN among the
     other legal turns of the same piece type written to the same target square.
 R9. Halfmove clock (O6): reset by every pawn move and every capture (stun or kick).
 R10. Snapshot validation: at most one king per side (zero allowed), no pawn on ranks 1/8,
     every stunned letter must have a counter 1-4 in the stuns field and vice versa.
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
STUN = {'P': 'S', 'R': 'U', 'N': 'O', 'B': 'C', 'Q': 'T', 'K': 'L'}
UNSTUN = {v: k for k, v in STUN.items()}


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


def reading_key(s):
    return (-(s // 8), s % 8)


class Pos:
    def __init__(self):
        self.board = ['.'] * 64      # base letters only
        self.stm = W
        self.castling = set()        # (colour, rook square)
        self.half = 0
        self.full = 1
        self.stuns = {}              # square -> counter 1..4

    def copy(self):
        p = Pos()
        p.board = self.board[:]
        p.stm = self.stm
        p.castling = set(self.castling)
        p.half, p.full = self.half, self.full
        p.stuns = dict(self.stuns)
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
    stunned_letters = set()
    for i, row in enumerate(ranks):
        r = 7 - i
        fi = 0
        for ch in row:
            if ch.isdigit():
                fi += int(ch)
                continue
            base = None
            if ch in 'PNBRQKpnbrqk':
                base = ch
            elif ch.upper() in UNSTUN:
                u = UNSTUN[ch.upper()]
                base = u if ch.isupper() else u.lower()
                stunned_letters.add(r * 8 + fi)
            else:
                raise ValueError('bad char ' + ch)
            if fi >= 8:
                raise ValueError('rank too long')
            p.board[r * 8 + fi] = base
            fi += 1
        if fi != 8:
            raise ValueError('bad rank length')
    if f[1] not in (W, B):
        raise ValueError('bad side')
    p.stm = f[1]
    if f[3] != '-':
        for tok in f[3].split(','):
            a, b = tok.split(':')
            s = parse_sq(a)
            n = int(b)
            if not 1 <= n <= 4:
                raise ValueError('bad counter')
            p.stuns[s] = n
    if set(p.stuns) != stunned_letters:
        raise ValueError('stuns field does not match stunned letters')
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
    p.half, p.full = int(f[4]), int(f[5])
    for c in (W, B):
        if sum(1 for x in p.board if x == ('K' if c == W else 'k')) > 1:
            raise ValueError('more than one king')
    for s in range(64):
        if p.board[s] in 'Pp' and s // 8 in (0, 7):
            raise ValueError('pawn on ' + sqn(s))
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


def letter(p, s):
    x = p.board[s]
    if x != '.' and s in p.stuns:
        y = STUN[x.upper()]
        return y if x.isupper() else y.lower()
    return x


def write(p):
    rows = []
    for r in range(7, -1, -1):
        row, n = '', 0
        for fi in range(8):
            x = letter(p, r * 8 + fi)
            if x == '.':
                n += 1
            else:
                row += (str(n) if n else '') + x
                n = 0
        rows.append(row + (str(n) if n else ''))
    st = ','.join('%s:%d' % (sqn(s), p.stuns[s])
                  for s in sorted(p.stuns, key=reading_key)) or '-'
    return '%s %s %s %s %d %d' % ('/'.join(rows), p.stm, castling_str(p), st,
                                  p.half, p.full)


# ---------------------------------------------------------------- moves
# move = (from, to, promo, step, kind); kind '' (quiet), 'x' (capture), 'O-O', 'O-O-O'
# (for castling the step slot holds the rook's square)

def pseudo_moves(p):
    S = p.stm
    bd = p.board
    mv = []

    def capture_or_move(s, a, step):
        if bd[a] == '.':
            kind = ''
        elif colour(bd[a]) != S:
            kind = 'x'
        else:
            return False
        mv.append((s, a, None, step, kind))
        return kind == ''

    for s in range(64):
        x = bd[s]
        if colour(x) != S or s in p.stuns:
            continue
        t = x.upper()
        if t == 'P':
            u = up(S)
            a = off(s, 0, u)
            if a is not None and bd[a] == '.':
                mv.append((s, a, None, (0, u), ''))
                if s // 8 == (1 if S == W else 6):
                    a2 = off(s, 0, 2 * u)
                    if bd[a2] == '.':
                        mv.append((s, a2, None, (0, u), ''))
            for df in (-1, 1):
                a = off(s, df, u)
                if a is not None and bd[a] != '.' and colour(bd[a]) != S:
                    mv.append((s, a, None, (df, u), 'x'))
        elif t in 'NK':
            for df, dr in (KNIGHT if t == 'N' else KING):
                a = off(s, df, dr)
                if a is not None:
                    capture_or_move(s, a, (df, dr))
            if t == 'K':
                mv.extend(castle_moves(p, s))
        else:
            dirs = ORTH if t == 'R' else DIAG if t == 'B' else ORTH + DIAG
            for df, dr in dirs:
                a = s
                while True:
                    a = off(a, df, dr)
                    if a is None or not capture_or_move(s, a, (df, dr)):
                        break
    return mv


def castle_moves(p, ks):
    c = colour(p.board[ks])
    rank = 0 if c == W else 7
    mv = []
    if ks // 8 != rank or ks in p.stuns:
        return mv
    for (cc, rs) in sorted(p.castling):
        if cc != c or rs in p.stuns:
            continue
        if rs % 8 > ks % 8:
            kd, rd, kind = rank * 8 + 6, rank * 8 + 5, 'O-O'
        else:
            kd, rd, kind = rank * 8 + 2, rank * 8 + 3, 'O-O-O'
        lo, hi = min(ks, rs, kd, rd), max(ks, rs, kd, rd)
        if all(p.board[x] == '.' for x in range(lo, hi + 1) if x not in (ks, rs)):
            mv.append((ks, kd, None, rs, kind))
    return mv


def apply(p, m, promo):
    """Play a pseudo-legal move (promo: piece letter or None) and return the new position,
    plus the capturer's final square (None if it left the board)."""
    frm, to, _, step, kind = m
    q = p.copy()
    bd = q.board
    S = p.stm
    x = bd[frm]
    old = set(p.stuns)
    new = set()
    reset = x.upper() == 'P'
    if kind in ('O-O', 'O-O-O'):
        rs = step
        rank = 0 if S == W else 7
        rd = rank * 8 + (5 if kind == 'O-O' else 3)
        rook = bd[rs]
        bd[frm] = bd[rs] = '.'
        bd[to], bd[rd] = x, rook
        land = to
    elif kind == '':
        bd[frm] = '.'
        bd[to] = x
        land = to
    else:
        reset = True
        df, dr = step
        bd[frm] = '.'
        if to in q.stuns:          # K3 kick
            a = to
            while a is not None:
                bd[a] = '.'
                q.stuns.pop(a, None)
                a = off(a, df, dr)
            land = to
        else:                      # K2 stun and bounce
            q.stuns[to] = 4
            new.add(to)
            a = off(to, df, dr)
            while a is not None and bd[a] != '.':
                if a not in q.stuns:
                    q.stuns[a] = 4
                    new.add(a)
                a = off(a, df, dr)
            land = a
        if land is not None:
            bd[land] = x
    if land is not None and promo:
        bd[land] = promo if S == W else promo.lower()
    # K4 counters
    for s in list(q.stuns):
        if s in old and s not in new:
            q.stuns[s] -= 1
            if q.stuns[s] == 0:
                del q.stuns[s]
    # castling rights (K7)
    if x.upper() == 'K':
        q.castling = {r for r in q.castling if r[0] != S}
    rights = set()
    for (c, rs) in q.castling:
        if bd[rs] != ('R' if c == W else 'r') or rs == frm:
            continue
        if q.king(c) is None:
            continue
        rights.add((c, rs))
    q.castling = rights
    q.stm = other(S)
    q.half = 0 if reset else p.half + 1
    if S == B:
        q.full += 1
    return q, land


def legal(p):
    """List of (move, promo, new position)."""
    if p.king(W) is None or p.king(B) is None:
        return []
    S = p.stm
    last = 7 if S == W else 0
    out = []
    for m in pseudo_moves(p):
        q, land = apply(p, m, None)
        if q.king(S) is None:
            continue
        if p.board[m[0]].upper() == 'P' and land is not None and land // 8 == last:
            for pr in 'QRBN':
                out.append((m, pr, apply(p, m, pr)[0]))
        else:
            out.append((m, None, q))
    return out


def san(p, m, promo, lm):
    frm, to, _, step, kind = m
    if kind in ('O-O', 'O-O-O'):
        return kind
    x = p.board[frm].upper()
    cap = 'x' if kind == 'x' else ''
    pr = '=' + promo if promo else ''
    if x == 'P':
        return (FILES[frm % 8] + cap if cap else '') + sqn(to) + pr
    others = {o[0][0] for o in lm if o[0][4] not in ('O-O', 'O-O-O') and o[0][1] == to
              and o[0][0] != frm and p.board[o[0][0]].upper() == x}
    dis = ''
    if others:
        if all(o % 8 != frm % 8 for o in others):
            dis = FILES[frm % 8]
        elif all(o // 8 != frm // 8 for o in others):
            dis = str(frm // 8 + 1)
        else:
            dis = sqn(frm)
    return x + dis + cap + sqn(to) + pr


def turns(p):
    """Legal turns as (SAN, next position), sorted in byte order."""
    lm = legal(p)
    res = [(san(p, m, pr, lm), q) for m, pr, q in lm]
    res.sort(key=lambda t: t[0].encode())
    names = [r[0] for r in res]
    assert len(set(names)) == len(names), 'duplicate written turn ' + write(p)
    return res


def perft(p, depth):
    if depth == 0:
        return 1
    lm = legal(p)
    if depth == 1:
        return len(lm)
    return sum(perft(q, depth - 1) for _, _, q in lm)


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
    ('K2 bounces: Qxd5 stuns d5, passes the stunned d6 (keeps 2), lands d7; cxd5 stuns d5 '
     'and e6, lands f7; Nxd5 stuns d5 and e7 and leaves the board; bxc7 lands on d8 and '
     'promotes (K8); bxa7 runs off the board (pawn lost)',
     'r3k3/p1p1p3/1P1sp3/3p4/2P5/2N5/3Q1P2/R3K2R w KQq d6:2 0 20', 2),
    ('K3 kicks: Qxe5 kicks the stunned e5 and everything above, the black king included '
     '(win, then no turns); Rxe5 would kick d5..a5 with the own king on a5 (illegal, K1); '
     'Kxb5 stuns the queen and lands c5',
     '4k3/4p3/4r3/Kq2o2R/8/8/4Q3/8 w - e5:3 0 30', 2),
    ('K1 the king: Kxh1, Kxh2, Kxg1, Kxf1 would leave the board (illegal); Kxf2 lands e2; '
     'Rxg3 bounces over the own king g2 and g1 and leaves the board (legal)',
     '8/8/8/6r1/8/6P1/5PkP/2K2NBR b - - 0 40', 2),
    ('K4 counters 1-4 on both sides, a stunned white king (K5), a stunned black queen that '
     'cannot move; d5 and e1 recover after this ply',
     'r2tk2r/ppp2ppp/2o5/3Cs3/8/2N2C2/PPP2PPP/R3L2R b KQkq d8:4,c6:3,d5:1,e5:2,f3:4,e1:1 3 12',
     2),
    ('K7 Chess960 castling, king b1 rooks a1/h1, across squares attacked by the bishop b2 '
     '(allowed); black king e8 recovers after White\'s ply, the stunned rook h8 keeps its '
     'right but cannot castle yet',
     'r3l2u/8/8/8/8/8/1b6/RK5R w KQkq e8:1,h8:2 0 15', 2),
    ('K8 promotion by a kick on the last rank (bxc8=Q..N), bxa8 runs off (no promotion); '
     'Black: g1 promotions, gxf1 and gxh1 leave the board',
     'rnc1k3/1P6/8/8/8/8/6p1/4KN1B w - c8:2 0 25', 2),
    ('knight kicks and bounces by whole leaps: Nxe6 kicks f8 (the king); Nxc6 stuns c6 and '
     'b8 and leaves the board',
     '1n3k2/8/2b1s3/8/3N4/8/8/4K3 w - e6:2 0 30', 2),
    ('K9: every white unit stunned, White has no turn (draw)',
     '4k3/8/8/8/8/8/S7/L7 w - a2:2,a1:2 0 50', 1),
    ('K5: the white king is already off the board, the game is over (no turns)',
     '4k3/8/8/8/8/8/8/8 w - - 0 50', 1),
    ('middlegame with stuns on both sides (c7 stunned knight, e5 pawn recovering)',
     'r1b1k2r/ppo2ppp/2n5/3ps3/1b1PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq c7:3,e5:1 2 8', 3),
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
    open('koopa-perft.txt', 'w').write('\n'.join(lines) + '\n')
    blocks = []
    for desc, snap, dep in [('start', START, 0)] + POSITIONS:
        p = parse(snap)
        blocks.append('\n'.join([write(p)] + [s for s, _ in turns(p)]))
    open('koopa-moves.txt', 'w').write('\n\n'.join(blocks) + '\n')
    g = []
    for n in range(1, 21):
        g.append('GAME %d' % n)
        for s, snap in random_game(n, 40):
            g.append('%s\t%s' % (s, snap))
    open('koopa-games.txt', 'w').write('\n'.join(g) + '\n')


if __name__ == '__main__':
    main()
