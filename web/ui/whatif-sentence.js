// What a what-if experiment belongs to: the sentence and the attention temperature. The page
// hands out a new trace object whenever it re-translates (for instance when the model without
// attention finishes loading), so the experiments compare this key, not the trace's identity, to
// decide whether the beam tree and the user's selection in it, or the attention edit, still apply.
export const sentenceKey = ({ text, temperature }) => `${temperature}\u0000${text}`;
