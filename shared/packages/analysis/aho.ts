/**
 * Aho-Corasick automaton over bytes: finds every occurrence of a fixed set of literal anchors in
 * one linear pass (one table lookup per byte). The scanner then verifies each hit with a sticky
 * regular expression anchored at the hit, so the expensive part runs only where an anchor is.
 */
export class AhoCorasick {
  private readonly delta: Int32Array;
  /** For each state: start into `outList`, or -1 when no anchor ends in this state. */
  private readonly outStart: Int32Array;
  private readonly outList: Int32Array;
  readonly lengths: Int32Array;

  constructor(readonly words: readonly string[]) {
    const gotoT: Map<number, number>[] = [new Map()];
    const own: number[][] = [[]];
    words.forEach((w, wi) => {
      let s = 0;
      for (const c of Buffer.from(w, 'latin1')) {
        let n = gotoT[s]!.get(c);
        if (n === undefined) {
          n = gotoT.length;
          gotoT.push(new Map());
          own.push([]);
          gotoT[s]!.set(c, n);
        }
        s = n;
      }
      own[s]!.push(wi);
    });
    const n = gotoT.length;
    const delta = new Int32Array(n * 256);
    const fail = new Int32Array(n);
    const outs: number[][] = own.map((o) => [...o]);
    const queue: number[] = [];
    for (let c = 0; c < 256; c++) {
      const t = gotoT[0]!.get(c);
      if (t !== undefined) {
        delta[c] = t;
        queue.push(t);
      }
    }
    for (let qi = 0; qi < queue.length; qi++) {
      const s = queue[qi]!;
      outs[s] = outs[s]!.concat(outs[fail[s]!]!);
      const row = s * 256;
      const frow = fail[s]! * 256;
      for (let c = 0; c < 256; c++) {
        const t = gotoT[s]!.get(c);
        if (t !== undefined) {
          fail[t] = delta[frow + c]!;
          delta[row + c] = t;
          queue.push(t);
        } else {
          delta[row + c] = delta[frow + c]!;
        }
      }
    }
    const outStart = new Int32Array(n).fill(-1);
    const list: number[] = [];
    for (let s = 0; s < n; s++) {
      const o = outs[s]!;
      if (o.length === 0) continue;
      outStart[s] = list.length;
      list.push(o.length, ...o);
    }
    this.delta = delta;
    this.outStart = outStart;
    this.outList = Int32Array.from(list);
    this.lengths = Int32Array.from(words.map((w) => Buffer.byteLength(w, 'latin1')));
  }

  /** Calls `hit(wordIndex, startOffset)` for every occurrence, in order of end offset. */
  scan(buf: Uint8Array, hit: (word: number, start: number) => void): void {
    const delta = this.delta;
    const outStart = this.outStart;
    const outList = this.outList;
    const lengths = this.lengths;
    const n = buf.length;
    let s = 0;
    for (let i = 0; i < n; i++) {
      s = delta[(s << 8) | buf[i]!]!;
      const o = outStart[s]!;
      if (o !== -1) {
        const count = outList[o]!;
        for (let k = 1; k <= count; k++) {
          const w = outList[o + k]!;
          hit(w, i - lengths[w]! + 1);
        }
      }
    }
  }
}
