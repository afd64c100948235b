// The benchmark's sentences: in-vocabulary words of the model, drawn with a fixed seed, so every
// run and every contestant decodes the same text.
export const SENTENCE_LENGTHS = [5, 10, 20, 40];

export function makeSentences(explorer) {
  const words = explorer.sourceWords();
  const usable = [];
  for (let id = 3; id < words.length && usable.length < 400; id++) {
    if (!/^\p{L}/u.test(words[id])) continue;
    const t = explorer.tokenize(words[id]);
    if (t.ok && t.ids.length === 1 && t.ids[0] === id) usable.push(words[id]);
  }
  let state = 20240501;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return SENTENCE_LENGTHS.map((n) =>
    Array.from({ length: n }, () => usable[Math.floor(next() * usable.length)]).join(' '),
  );
}
