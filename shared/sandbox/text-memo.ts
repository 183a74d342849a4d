/**
 * Answers remembered per text, bounded by the characters of the texts held: a skill repeats blocks, lines and
 * hidden elements, and an answer about a text is the same every time. Cleared whole when the bound is reached, so a
 * hostile file cannot grow it without limit (docs/analysis-limits.md).
 */
export class TextMemo<T> {
  private readonly answers = new Map<string, T>();
  private chars = 0;

  constructor(private readonly maxChars = 1_000_000) {}

  get(text: string, compute: (text: string) => T): T {
    // one look-up when the answer is known (a key cut from a longer text is hashed on each look-up)
    const known = this.answers.get(text);
    if (known !== undefined || this.answers.has(text)) return known as T;
    const answer = compute(text);
    if (this.chars + text.length > this.maxChars) {
      this.answers.clear();
      this.chars = 0;
    }
    this.answers.set(text, answer);
    this.chars += text.length;
    return answer;
  }
}
