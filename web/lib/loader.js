// Loading the WebAssembly module and model files, with progress and with errors that say what
// failed (a missing file, a damaged one, a browser without WebAssembly), in the interface language.
import { t } from './i18n.js';

export class LoadError extends Error {
  constructor(message, { url, status } = {}) {
    super(message);
    this.name = 'LoadError';
    this.url = url;
    this.status = status;
  }
}

// The smallest module using a SIMD128 instruction (i8x16.popcnt): valid only where WASM SIMD is.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15,
  253, 98, 11,
]);

export function supportsWasmSimd() {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

/** The build to load: `?wasm=scalar` (or simd) forces one; otherwise SIMD when the browser can. */
export function chooseFlavour(requested) {
  if (requested === 'scalar') return 'scalar';
  if (requested === 'simd') return 'simd';
  return supportsWasmSimd() ? 'simd' : 'scalar';
}

function statusText(status) {
  return status === 404 ? t('load.notFound') : t('load.httpStatus', { status });
}

/** Fetches a file as bytes, reporting (received, total) as it streams in. */
export async function fetchBytes(url, onProgress = () => {}) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new LoadError(t('load.notDownloaded', { url, reason: error.message }), { url });
  }
  if (!response.ok)
    throw new LoadError(t('load.notLoaded', { url, reason: statusText(response.status) }), {
      url,
      status: response.status,
    });
  const total = Number(response.headers.get('Content-Length')) || 0;
  if (!response.body?.getReader) {
    const buffer = new Uint8Array(await response.arrayBuffer());
    onProgress(buffer.length, buffer.length);
    return buffer;
  }
  const reader = response.body.getReader();
  const chunks = [];
  let received = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(received, total);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * Loads web/wasm/<flavour>/attention.{js,wasm}. The .wasm is fetched here (not by the glue) so a
 * missing file is reported by name and its download shows progress.
 */
export async function loadWasmModule(dir, onProgress) {
  const base = new URL(dir, document.baseURI);
  const glueUrl = new URL('attention.js', base).href;
  const wasmUrl = new URL('attention.wasm', base).href;
  if (typeof WebAssembly !== 'object') throw new LoadError(t('load.noWasm'));
  let factory;
  try {
    ({ default: factory } = await import(glueUrl));
  } catch (error) {
    let why = error.message;
    try {
      const probe = await fetch(glueUrl, { method: 'HEAD' });
      if (!probe.ok) why = statusText(probe.status);
    } catch {
      // keep the import error
    }
    throw new LoadError(t('load.notLoaded', { url: `${dir}attention.js`, reason: why }), {
      url: glueUrl,
    });
  }
  const wasmBinary = await fetchBytes(wasmUrl, onProgress);
  try {
    return await factory({
      wasmBinary,
      locateFile: (path) => new URL(path, base).href,
      print: () => {},
      printErr: (text) => console.warn(text),
    });
  } catch (error) {
    throw new LoadError(
      t('load.notStarted', { url: `${dir}attention.wasm`, reason: error?.message ?? error }),
      { url: wasmUrl },
    );
  }
}
