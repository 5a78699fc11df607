/** A suffix automaton over a chunk's tokens: a run found in time of the query, never a rescan. */
export class SubstringIndex {
  private readonly length: number[] = [0];
  private readonly link: number[] = [-1];
  private readonly next: Array<Map<string, number>> = [new Map()];
  /** End position (token index) of the first occurrence of each state's strings. */
  private readonly firstEnd: number[] = [-1];
  private last = 0;

  constructor(tokens: readonly string[]) {
    tokens.forEach((token, position) => this.extend(token, position));
  }

  private extend(token: string, position: number): void {
    const current = this.length.length;
    this.length.push(this.length[this.last]! + 1);
    this.link.push(-1);
    this.next.push(new Map());
    this.firstEnd.push(position);
    let state = this.last;
    while (state !== -1 && !this.next[state]!.has(token)) {
      this.next[state]!.set(token, current);
      state = this.link[state]!;
    }
    if (state === -1) {
      this.link[current] = 0;
    } else {
      const target = this.next[state]!.get(token)!;
      if (this.length[state]! + 1 === this.length[target]) {
        this.link[current] = target;
      } else {
        const clone = this.length.length;
        this.length.push(this.length[state]! + 1);
        this.link.push(this.link[target]!);
        this.next.push(new Map(this.next[target]!));
        this.firstEnd.push(this.firstEnd[target]!);
        while (state !== -1 && this.next[state]!.get(token) === target) {
          this.next[state]!.set(token, clone);
          state = this.link[state]!;
        }
        this.link[target] = clone;
        this.link[current] = clone;
      }
    }
    this.last = current;
  }

  /** Whether `query` occurs as a contiguous run of the indexed tokens (the empty query does). */
  contains(query: readonly string[]): boolean {
    // A walk from the root that stops at the first token with no way on: every claim and quote
    // asks, and most are not in the chunk.
    let state = 0;
    for (const token of query) {
      const target = this.next[state]!.get(token);
      if (target === undefined) return false;
      state = target;
    }
    return true;
  }

  /** The longest run of `query` in the tokens: its length, its end in the query, its first start. */
  longestRun(query: readonly string[]): { length: number; queryEnd: number; indexStart: number } {
    let state = 0;
    let length = 0;
    let best = { length: 0, queryEnd: 0, indexStart: -1 };
    query.forEach((token, position) => {
      while (state !== 0 && !this.next[state]!.has(token)) {
        state = this.link[state]!;
        length = this.length[state]!;
      }
      const target = this.next[state]!.get(token);
      if (target === undefined) {
        state = 0;
        length = 0;
        return;
      }
      state = target;
      length += 1;
      if (length > best.length)
        best = { length, queryEnd: position + 1, indexStart: this.firstEnd[state]! - length + 1 };
    });
    return best;
  }
}
