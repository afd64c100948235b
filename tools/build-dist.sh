#!/usr/bin/env bash
# Copies the built page and the embeddable element into dist/: a self-contained static folder
# (no server logic, no CDN) to upload anywhere, at any sub-path. Run after tools/build.sh.
#   dist/index.html                  the full explorer
#   dist/embed.html                  the iframe form (?s=…&t=…&view=…&model=…&theme=…)
#   dist/embed/attention-explorer.js the <attention-explorer> custom element
set -euo pipefail
cd "$(dirname "$0")/.."
out=${DIST_DIR:-dist}

for needed in web/wasm/simd/attention.js web/wasm/simd/attention.wasm \
  web/wasm/scalar/attention.js web/wasm/scalar/attention.wasm; do
  [[ -f $needed ]] || { echo "build-dist: $needed is missing (run tools/build.sh first)" >&2; exit 1; }
done

rm -rf "$out"
mkdir -p "$out/models" "$out/wasm/simd" "$out/wasm/scalar"
cp web/index.html web/embed.html web/config.js web/style.css web/favicon.svg "$out/"
[[ -f web/main.js ]] && cp web/main.js "$out/"
for dir in embed draw lib ui; do
  cp -R "web/$dir" "$out/$dir"
done
shopt -s nullglob
models=(web/models/*.aem)
((${#models[@]})) || { echo "build-dist: no model in web/models/" >&2; exit 1; }
cp "${models[@]}" "$out/models/"
[[ -f web/models/evaluation.json ]] && cp web/models/evaluation.json "$out/models/"
for flavour in simd scalar; do
  cp "web/wasm/$flavour/attention.js" "web/wasm/$flavour/attention.wasm" "$out/wasm/$flavour/"
done
echo "build-dist: $(find "$out" -type f | wc -l) files, $(du -sh "$out" | cut -f1) in $out/"
