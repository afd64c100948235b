// Loads the WebAssembly module in Node. Two quirks of Emscripten 3.1.6's ES-module glue:
// - it would fetch() the .wasm by path, which Node's fetch cannot do, so the bytes are read here
//   and handed over as wasmBinary;
// - its Node branch still uses the CommonJS globals __dirname and require, which ES modules lack,
//   so they are provided (pointing at the module's folder) before the glue runs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export async function loadModule(flavour = 'simd', { assertions = false } = {}) {
  const dir = assertions ? `${repoRoot}build/wasm-assertions` : `${repoRoot}web/wasm/${flavour}`;
  globalThis.__dirname ??= dir;
  globalThis.require ??= createRequire(import.meta.url);
  const { default: create } = await import(`${dir}/attention.js`);
  return create({ wasmBinary: readFileSync(`${dir}/attention.wasm`) });
}

export function loadExplorer(module, modelPath) {
  const explorer = new module.Explorer();
  const error = explorer.load(readFileSync(modelPath));
  if (error) throw new Error(`cannot load ${modelPath}: ${error}`);
  return explorer;
}
