#!/usr/bin/env bash
# Reproduces every shipped model from scratch (about 30 minutes on 2 cores):
#   1. the corpus, generated from the grammar in tools/corpus/grammar (seed 1);
#   2. the French→English attention model and the fixed-context baseline, trained side by side
#      with the same data, architecture and budget (one thread each);
#   3. the two toy models (copy: a sharp diagonal; reverse: an anti-diagonal).
# Outputs go to web/models/, which the page loads. Set STEPS to shorten a trial run.
set -euo pipefail
cd "$(dirname "$0")/.."
STEPS=${STEPS:-24000}
TOY_STEPS=${TOY_STEPS:-5000}
TRAIN=build/native/train
mkdir -p web/models data

node tools/corpus/generate.mjs --seed 1 --out data/corpus

common=(--task translate --corpus data/corpus --steps "$STEPS" --batch 32 --lr 2e-3 --seed 1
        --threads 1 --embed 48 --enc-hidden 64 --dec-hidden 128 --attn-dim 64 --out-hidden 128
        --max-src-len 50 --max-tgt-len 64 --storage int8)
"$TRAIN" "${common[@]}" --attention 1 --name "fr-en attention" \
  --float32-copy data/fr-en-attention.float32.aem --out web/models/fr-en-attention.aem > data/train-attention.log 2>&1 &
attention_pid=$!
"$TRAIN" "${common[@]}" --attention 0 --name "fr-en fixed context (no attention)" \
  --out web/models/fr-en-baseline.aem > data/train-baseline.log 2>&1 &
baseline_pid=$!
echo "training both models; progress in data/train-attention.log and data/train-baseline.log"
tail -n 1 -F data/train-attention.log &
tail_pid=$!
status=0
wait "$attention_pid" || status=1
wait "$baseline_pid" || status=1
kill "$tail_pid" 2>/dev/null || true
((status == 0)) || { echo "training failed; see data/train-*.log" >&2; exit 1; }

toy=(--steps "$TOY_STEPS" --batch 32 --lr 3e-3 --seed 1 --threads 2 --embed 16 --enc-hidden 32
     --dec-hidden 32 --attn-dim 16 --out-hidden 32 --max-src-len 30 --max-tgt-len 34
     --storage float16)
"$TRAIN" --task copy "${toy[@]}" --name "toy copy" --out web/models/toy-copy.aem
"$TRAIN" --task reverse "${toy[@]}" --name "toy reverse" --out web/models/toy-reverse.aem
echo "models written to web/models/; run 'npm run eval' for the evaluation"
