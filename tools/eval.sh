#!/usr/bin/env bash
# Evaluates the shipped models (`npm run eval`): prints the Markdown report of build/native/evaluate
# (test BLEU, exact match, AER, BLEU by sentence length, speed, examples) and writes
# web/models/evaluation.json, which the page's BLEU-by-length chart reads.
# Extra arguments go to evaluate, e.g. `tools/eval.sh --limit 200` for a quick look.
set -euo pipefail
cd "$(dirname "$0")/.."

corpus=data/corpus
model=web/models/fr-en-attention.aem
baseline=web/models/fr-en-baseline.aem

if [[ ! -f $model ]]; then
  echo "eval: $model not found; train it first (npm run train)" >&2
  exit 1
fi
if [[ ! -f $corpus/test.tsv ]]; then
  echo "eval: $corpus/test.tsv is missing; generating the corpus" >&2
  node tools/corpus/generate.mjs --seed 1 --out "$corpus"
fi

args=(--corpus "$corpus" --model "$model" --json web/models/evaluation.json)
if [[ -f $baseline ]]; then
  args+=(--baseline "$baseline")
else
  echo "eval: note: $baseline not found; evaluating the attention model alone" >&2
fi
build/native/evaluate "${args[@]}" "$@"
