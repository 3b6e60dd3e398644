import sys; sys.path.insert(0, __import__('os').path.dirname(__import__('os').path.abspath(__file__)))
import bellows as bl, bubble_fizz as bf
bl.SCHEDULES['8'] = (['8'], [8])
def to12(fen):
    place, rest = fen.split(' ',1)
    rows=[]
    for r in place.split('/'):
        rows.append('2'+r+'2')
    import re
    def norm(row):
        # merge adjacent digits
        out='';n=0
        for ch in row:
            if ch.isdigit(): n+=int(ch)
            else:
                out+=(str(n) if n else '')+ch; n=0
        return out+(str(n) if n else '')
    rows=['12','12']+[norm(r) for r in rows]+['12','12']
    f=rest.split()
    ep=f[2]
    if ep!='-': ep=bl.FILES[bl.FILES.index(ep[0])+2]+str(int(ep[1])+2)
    return '/'.join(rows)+' %s %s %s %s %s 8'%(f[0],f[1],ep,f[3],f[4])
tests=[('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',[20,400,8902]),
('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',[48,2039,97862]),
('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',[14,191,2812,43238]),
('r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',[6,264,9467]),
('rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',[44,1486,62379]),
]
for fen,exp in tests:
    p=bl.parse(to12(fen),schedule='8')
    got=[bl.perft(p,d) for d in range(1,len(exp)+1)]
    print('bellows-as-orthodox', got==exp, got, exp)
bf.born=lambda p,s,o: None
for fen,exp in tests:
    p=bf.parse(fen+' - -')
    got=[bf.perft(p,d) for d in range(1,len(exp)+1)]
    print('bubblefizz-without-bubbles', got==exp, got, exp)
