#!/usr/bin/env python3
"""Refreshing Bubble Fizz Chess: independent reference implementation (stdlib only).

Written from RULINGS.md (O, F) and SPEC.md (sections 2 and 4) only.

Corner-case readings (where F1-F12 leave something open):
 R1. Order inside one move: the unit lands (capturing what stands there); if the landing
     square holds a bubble the unit is paused (counter 3) and that bubble vanishes (F3);
     then the unit's own bubble is born one step up from the destination (F2).  Castling:
     king and rook land (each pauses if it lands on a bubble), then the king's bubble is
     born, then the rook's.  A captured unit takes its pause counter with it.
 R2. Slots of a turn (F6): one ordinary move plus one extra per unit invigorated (counter 0)
     when the turn began.  Greedy assignment: an invigorated unit's first move uses its
     extra, its second the ordinary move; any other unit's move uses the ordinary move.
     So: a non-invigorated unit moves at most once, an invigorated one at most twice, and
     at most one move in total uses the ordinary slot.  A turn is any non-empty sequence
     that fits; the extras are optional.  A unit that is paused (1-3) at the moment cannot
     move (this covers "paused during the turn makes no further move").
 R3. A turn of more than one move contains no capture: only the first move may capture
     (or take en passant), and a turn whose first move captures ends there.
 R4. Castling counts as the king's move (uses the king's slot); the rook is only carried
     along, keeps its slot and may still make its own move (ordinary or extra) later in
     the same turn.  King and rook must be unpaused.  The king's start, crossed and
     landing squares must not be attacked by unpaused enemy units in the position at the
     moment castling is played (F6/F8); F7 then applies at the end of the turn as usual.
     Chess960 rule: squares between king start/destination and rook start/destination
     must be empty except for king and rook.
 R5. End of turn of side S (F5/F4): for every unit of S: if it was paused (1-3) when the
     turn began, its counter drops by one (even if it was struck again during the turn,
     possible only with birth=strike); otherwise a counter 0 is removed (invigoration
     lapses, used or not); a counter 3 set during the turn stays 3.  Then every bubble of
     the other side rises one square at once: off the board -> vanishes; onto a unit ->
     strikes it (counter 3) and vanishes; onto a bubble of S -> both vanish.  Then F7:
     S's king must not be capturable by an unpaused enemy unit (orthodox attack, pinned
     units attack too; paused units still block lines; bubbles never block).
 R6. En passant (F10): the target is the square passed by the last double step of the
     turn; a capture there is possible only if an enemy pawn still stands one square
     beyond it (if that pawn moved on in the same turn, no capture is possible and the
     field is written '-').  The en passant field is written only when an en passant
     capture is a legal turn.
 R7. SAN disambiguation inside a turn: among the other units of the same type that could
     move to the same square at that point of the turn as part of some legal turn
     (i.e. the alternative is the next move of a legal turn with the same earlier moves).
     For a single-move turn this is orthodox SAN.
 R8. Check mark once at the end: '+' if the side to move is in check (F8), '#' if it is in
     check and has no legal turn.  A paused-stalemate loss (F9) gets no mark (O7).
 R9. Halfmove clock: reset when any move of the turn is a pawn move or the turn captures.
 R10. perft/moves ignore repetition and move-count draws.  Distinct move sequences are
     distinct turns (different orders of the same moves count separately).
"""
import random
import sys

FILES = 'abcdefgh'
W, B = 'w', 'b'
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - -'


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
        self.board = ['.'] * 64
        self.stm = W
        self.castling = set()   # (colour, rook square)
        self.ep = None
        self.half = 0
        self.full = 1
        self.bubbles = {}       # square -> owner
        self.pauses = {}        # square -> counter 0..3
        self.birth = 'fizzle'

    def copy(self):
        p = Pos()
        p.board = self.board[:]
        p.stm = self.stm
        p.castling = set(self.castling)
        p.ep = self.ep
        p.half, p.full = self.half, self.full
        p.bubbles = dict(self.bubbles)
        p.pauses = dict(self.pauses)
        p.birth = self.birth
        return p

    def king(self, c):
        k = 'K' if c == W else 'k'
        for s in range(64):
            if self.board[s] == k:
                return s
        return None

    def paused(self, s):
        return self.pauses.get(s) in (1, 2, 3)


# ---------------------------------------------------------------- snapshots

def parse(snap, birth='fizzle'):
    f = snap.split()
    if len(f) != 8:
        raise ValueError('need 8 fields')
    p = Pos()
    p.birth = birth
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
    if f[6] != '-':
        for tok in f[6].split(','):
            s = parse_sq(tok[:2])
            if tok[2:] not in ('w', 'b'):
                raise ValueError('bad bubble ' + tok)
            p.bubbles[s] = tok[2]
    if f[7] != '-':
        for tok in f[7].split(','):
            a, b = tok.split(':')
            s = parse_sq(a)
            n = int(b)
            if not 0 <= n <= 3:
                raise ValueError('bad counter')
            p.pauses[s] = n
    # validity (O9, SPEC 4)
    for c in (W, B):
        if sum(1 for x in p.board if x == ('K' if c == W else 'k')) != 1:
            raise ValueError('need exactly one king per side')
    for s in range(64):
        if p.board[s] in 'Pp' and s // 8 in (0, 7):
            raise ValueError('pawn on ' + sqn(s))
    for s in p.bubbles:
        if p.board[s] != '.':
            raise ValueError('bubble on a unit at ' + sqn(s))
    for s in p.pauses:
        if p.board[s] == '.':
            raise ValueError('pause on an empty square ' + sqn(s))
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
    bub = ','.join(sqn(s) + p.bubbles[s] for s in sorted(p.bubbles, key=reading_key)) or '-'
    pau = ','.join('%s:%d' % (sqn(s), p.pauses[s])
                   for s in sorted(p.pauses, key=reading_key)) or '-'
    return '%s %s %s %s %d %d %s %s' % ('/'.join(rows), p.stm, castling_str(p), ep,
                                        p.half, p.full, bub, pau)


# ---------------------------------------------------------------- attacks (F8)

def attacked(p, target, by):
    """Could an unpaused unit of `by` capture on `target`?"""
    if target is None:
        return False
    bd = p.board
    pawn, knight, king = ('P', 'N', 'K') if by == W else ('p', 'n', 'k')
    rq = ('R', 'Q') if by == W else ('r', 'q')
    bq = ('B', 'Q') if by == W else ('b', 'q')
    for df in (-1, 1):
        s = off(target, df, -up(by))
        if s is not None and bd[s] == pawn and not p.paused(s):
            return True
    for lst, kind in ((KNIGHT, knight), (KING, king)):
        for df, dr in lst:
            s = off(target, df, dr)
            if s is not None and bd[s] == kind and not p.paused(s):
                return True
    for dirs, kinds in ((ORTH, rq), (DIAG, bq)):
        for df, dr in dirs:
            s = target
            while True:
                s = off(s, df, dr)
                if s is None:
                    break
                if bd[s] != '.':
                    if bd[s] in kinds and not p.paused(s):
                        return True
                    break
    return False


def in_check(p):
    return attacked(p, p.king(p.stm), other(p.stm))


# ---------------------------------------------------------------- moves
# move = (from, to, promo, kind); kind '', 'dbl', 'ep', 'O-O', 'O-O-O'
# (for castling the promo slot holds the rook's square)

def unit_moves(p, s, allow_capture):
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
        if allow_capture:
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
            if bd[a] == '.' or (allow_capture and colour(bd[a]) != c):
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
                    if allow_capture and colour(bd[a]) != c:
                        mv.append((s, a, None, ''))
                    break
    return mv


def castle_moves(p, ks):
    c = colour(p.board[ks])
    rank = 0 if c == W else 7
    mv = []
    if ks // 8 != rank or p.paused(ks):
        return mv
    for (cc, rs) in sorted(p.castling):
        if cc != c or p.paused(rs):
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


def born(p, s, owner):
    """F2: `owner` makes a bubble one step up from s."""
    b = off(s, 0, up(owner))
    if b is None:
        return
    if b in p.bubbles:
        del p.bubbles[b]
    elif p.board[b] != '.':
        if p.birth == 'strike':
            p.pauses[b] = 3
    else:
        p.bubbles[b] = owner


def land(p, s):
    """F3: a unit that ends its move on a bubble is paused; the bubble vanishes."""
    if s in p.bubbles:
        del p.bubbles[s]
        p.pauses[s] = 3


def apply_move(p, m):
    """Play one move in place.  Returns (is_capture, {old square: new square})."""
    frm, to, promo, kind = m
    bd = p.board
    x = bd[frm]
    c = colour(x)
    if kind in ('O-O', 'O-O-O'):
        rs = promo
        rank = 0 if c == W else 7
        rd = rank * 8 + (5 if kind == 'O-O' else 3)
        rook = bd[rs]
        kp, rp = p.pauses.pop(frm, None), p.pauses.pop(rs, None)
        bd[frm] = bd[rs] = '.'
        bd[to], bd[rd] = x, rook
        if kp is not None:
            p.pauses[to] = kp
        if rp is not None:
            p.pauses[rd] = rp
        land(p, to)
        land(p, rd)
        born(p, to, c)
        born(p, rd, c)
        p.castling = {r for r in p.castling if r[0] != c}
        return False, {frm: to, rs: rd}
    capture = bd[to] != '.' or kind == 'ep'
    if bd[to] != '.':
        p.pauses.pop(to, None)
    if kind == 'ep':
        v = off(to, 0, -up(c))
        bd[v] = '.'
        p.pauses.pop(v, None)
    cnt = p.pauses.pop(frm, None)
    bd[frm] = '.'
    bd[to] = (promo if c == W else promo.lower()) if promo else x
    if cnt is not None:
        p.pauses[to] = cnt
    land(p, to)
    born(p, to, c)
    if x.upper() == 'K':
        p.castling = {r for r in p.castling if r[0] != c}
    p.castling = {r for r in p.castling if r[1] not in (frm, to)}
    return capture, {frm: to}


def end_of_turn(q, S, start_paused, last_dbl, reset):
    """F5 then F4, then side change; returns the new position (q is not modified)."""
    f = q.copy()
    for s in list(f.pauses):
        if colour(f.board[s]) != S:
            continue
        if s in start_paused:
            f.pauses[s] -= 1
        elif f.pauses[s] == 0:
            del f.pauses[s]
    enemy = other(S)
    new = {s: o for s, o in f.bubbles.items() if o == S}
    for s, o in f.bubbles.items():
        if o != enemy:
            continue
        d = off(s, 0, up(enemy))
        if d is None:
            continue
        if f.board[d] != '.':
            f.pauses[d] = 3
        elif d in new:          # a bubble of S (the only ones that stay put)
            del new[d]
        else:
            new[d] = o
    f.bubbles = new
    f.stm = enemy
    f.ep = last_dbl
    f.half = 0 if reset else q.half + 1
    if S == B:
        f.full += 1
    return f


class Found(Exception):
    pass


def enum_turns(p, first_only=False):
    """All legal turns: list of (tuple of moves, resulting position)."""
    S = p.stm
    start_paused = {s for s, n in p.pauses.items() if n in (1, 2, 3) and colour(p.board[s]) == S}
    inv0 = frozenset(s for s, n in p.pauses.items() if n == 0 and colour(p.board[s]) == S)
    out = []

    def rec(q, seq, moved, inv, ord_used, last_dbl, reset):
        for s in range(64):
            if colour(q.board[s]) != S or q.paused(s):
                continue
            n = moved.get(s, 0)
            if s in inv and n == 0:
                uses_ord = False
            elif (s in inv and n == 1) or (s not in inv and n == 0):
                if ord_used:
                    continue
                uses_ord = True
            else:
                continue
            ms = unit_moves(q, s, allow_capture=not seq)
            if q.board[s].upper() == 'K':
                ms += castle_moves(q, s)
            for m in ms:
                q2 = q.copy()
                cap, remap = apply_move(q2, m)
                moved2 = {remap.get(k, k): v for k, v in moved.items()}
                moved2[m[1]] = n + 1
                inv2 = frozenset(remap.get(k, k) for k in inv)
                seq2 = seq + (m,)
                dbl2 = off(m[0], 0, up(S)) if m[3] == 'dbl' else last_dbl
                reset2 = reset or cap or q.board[m[0]] in 'Pp'
                f = end_of_turn(q2, S, start_paused, dbl2, reset2)
                if not attacked(f, f.king(S), other(S)):
                    out.append((seq2, f))
                    if first_only:
                        raise Found()
                if not cap:
                    rec(q2, seq2, moved2, inv2, ord_used or uses_ord, dbl2, reset2)

    try:
        rec(p.copy(), (), {}, inv0, False, None, False)
    except Found:
        pass
    return out


def has_turn(p):
    return bool(enum_turns(p, first_only=True))


def ep_legal(p):
    S = p.stm
    start_paused = {s for s, n in p.pauses.items() if n in (1, 2, 3) and colour(p.board[s]) == S}
    for s in range(64):
        if p.board[s] != ('P' if S == W else 'p') or p.paused(s):
            continue
        for m in unit_moves(p, s, True):
            if m[3] == 'ep':
                q = p.copy()
                apply_move(q, m)
                f = end_of_turn(q, S, start_paused, None, True)
                if not attacked(f, f.king(S), other(S)):
                    return True
    return False


def san1(q, m, alts):
    frm, to, promo, kind = m
    if kind in ('O-O', 'O-O-O'):
        return kind
    x = q.board[frm].upper()
    cap = q.board[to] != '.' or kind == 'ep'
    if x == 'P':
        return (FILES[frm % 8] + 'x' if cap else '') + sqn(to) + ('=' + promo if promo else '')
    others = [o for o in alts if o[3] not in ('O-O', 'O-O-O') and o[1] == to and o[0] != frm
              and q.board[o[0]].upper() == x]
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
    """Legal turns as (written turn, moves, resulting position), sorted in byte order."""
    ts = enum_turns(p)
    children = {}
    for seq, _ in ts:
        for k in range(len(seq)):
            children.setdefault(seq[:k], set()).add(seq[k])
    res = []
    for seq, f in ts:
        q = p.copy()
        parts = []
        for k, m in enumerate(seq):
            parts.append(san1(q, m, children[seq[:k]]))
            apply_move(q, m)
        s = ' & '.join(parts)
        if in_check(f):
            s += '+' if has_turn(f) else '#'
        res.append((s, seq, f))
    res.sort(key=lambda t: t[0].encode())
    names = [r[0] for r in res]
    assert len(set(names)) == len(names), 'duplicate written turn'
    return res


def status(p):
    if has_turn(p):
        return 'check' if in_check(p) else 'ongoing'
    if in_check(p):
        return 'checkmate: %s loses' % p.stm
    if any(n in (1, 2, 3) and colour(p.board[s]) == p.stm for s, n in p.pauses.items()):
        return 'paused stalemate: %s loses' % p.stm
    return 'stalemate: draw'


def perft(p, depth):
    if depth == 0:
        return 1
    ts = enum_turns(p)
    if depth == 1:
        return len(ts)
    return sum(perft(f, depth - 1) for _, f in ts)


def play(p, written):
    """Play one written turn (canonical form, check mark optional)."""
    for s, seq, f in turns(p):
        if s.rstrip('+#') == written.rstrip('+#'):
            return s, f
    raise ValueError('illegal turn %s in %s' % (written, write(p)))


def random_game(seed, plies, start=START, birth='fizzle'):
    rng = random.Random(seed)
    p = parse(start, birth)
    out = []
    for _ in range(plies):
        ts = turns(p)
        if not ts:
            break
        s, seq, f = ts[rng.randrange(len(ts))]
        p = f
        out.append((s, write(p)))
    return out


# ---------------------------------------------------------------- outputs

POSITIONS = [
    ('black bubbles about to rise onto the queen d1 (d2b) and the pawn h2 (h3b); e3b rises '
     'to e2; white bubble d6w rises after Black; castling both sides',
     'r3k2r/ppp2ppp/2n5/3p4/3P4/2N5/PPP2P1P/R2QK2R w KQkq - 0 10 d6w,e3b,h3b,d2b -', 2),
    ('paused units: white knight f3:2, white bishop c4:3, black queen d8:1 (invigorated after '
     'its next turn), black knight c6:0 (invigorated for Black\'s next turn)',
     'r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 - d8:1,c6:0,c4:3,f3:2', 2),
    ('invigorated white knight c3:0 and bishop f1:0 (turns of up to 3 moves); '
     'black rook h8 paused',
     '4k2r/8/8/3p4/8/2N5/4P3/5BK1 w k - 0 30 - h8:2,c3:0,f1:0', 2),
    ('paused stalemate: White has no legal turn, is not in check, bishop b1 paused: White loses',
     '8/8/8/8/8/p1k5/P7/KB6 w - - 0 60 - b1:2', 2),
    ('castling through/into bubbles: black bubbles f1b (O-O rook lands there) and c1b (O-O-O '
     'king lands there); white bubble g8w for Black\'s O-O; black rook h8 invigorated',
     'r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 15 g8w,c1b,f1b h8:0', 2),
    ('White in check from re5, but the black bubble e6b rises onto the rook at the end of '
     'White\'s turn: every turn that leaves the bubble alone is legal',
     'k7/pp6/8/4r3/8/8/PP6/4K2R w K - 0 40 e6b -', 2),
    ('Black to move after 1. O-O in the castling position: Black castles into the g8w bubble, '
     'the invigorated rook h8 may still move after castling (O-O & Re8, Rf8 & O-O-O, ...)',
     'r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R4RK1 b kq - 1 15 g8w h8:0,f1:3', 2),
]


def main():
    args = sys.argv[1:]
    birth = 'fizzle'
    for a in list(args):
        if a.startswith('birth='):
            birth = a.split('=')[1]
            args.remove(a)
    if args and args[0] == 'perft':
        print(perft(parse(args[1], birth), int(args[2])))
        return
    if args and args[0] == 'moves':
        for s, _, _ in turns(parse(args[1], birth)):
            print(s)
        return
    if args and args[0] == 'study':
        study()
        return
    depth_start = int(args[0]) if args else 3
    suffix = '' if birth == 'fizzle' else '-' + birth
    lines = []
    p = parse(START, birth)
    for d in range(1, depth_start + 1):
        lines.append('%s ; depth %d ; %d' % (START, d, perft(p, d)))
        print(lines[-1], flush=True)
    for desc, snap, dep in POSITIONS:
        p = parse(snap, birth)
        snap = write(p)
        for d in range(1, dep + 1):
            lines.append('%s ; depth %d ; %d' % (snap, d, perft(p, d)))
            print(lines[-1], flush=True)
    open('bubble-fizz%s-perft.txt' % suffix, 'w').write('\n'.join(lines) + '\n')
    blocks = []
    for desc, snap, dep in [('start', START, 0)] + POSITIONS:
        p = parse(snap, birth)
        blocks.append('\n'.join([write(p)] + [s for s, _, _ in turns(p)]))
    open('bubble-fizz%s-moves.txt' % suffix, 'w').write('\n\n'.join(blocks) + '\n')
    g = []
    for n in range(1, 21):
        g.append('GAME %d' % n)
        for s, snap in random_game(n, 40, birth=birth):
            g.append('%s\t%s' % (s, snap))
    open('bubble-fizz%s-games.txt' % suffix, 'w').write('\n'.join(g) + '\n')


def study():
    """F12: the seed's endgame study."""
    p = parse('7k/8/7K/8/8/8/8/8 w - - 0 1 - -')
    s1, p1 = play(p, 'Kg6')
    print('1.', s1, '->', write(p1))
    black = [t[0] for t in turns(p1)]
    print('  Black\'s legal turns:', black)
    assert 'Kg7' not in black, '1... Kg7 must be illegal'
    s2, p2 = play(p1, 'Kg8')
    print('1...', s2, '->', write(p2))
    assert not p2.bubbles, 'no bubble may remain'
    white = [t[0] for t in turns(p2)]
    print('  White\'s legal turns:', white, status(p2))
    assert 'Kg7' not in white, '2. Kg7 must be illegal'
    print('study OK: g7 bubbles cancel, 2. Kg7 and 1... Kg7 are illegal')
    # F2's argument for birth=fizzle: with birth=strike, 2. Kg7 would mate at once.
    p = parse('7k/8/7K/8/8/8/8/8 w - - 0 1 - -', 'strike')
    p = play(play(play(p, 'Kg6')[1], 'Kg8')[1], 'Kg7')
    print('birth=strike: 1. Kg6 Kg8 2.', p[0], '->', write(p[1]), status(p[1]))


if __name__ == '__main__':
    main()
