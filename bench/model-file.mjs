// Reads a model file (docs/weights-format.md) in plain JavaScript, for the benchmarks' other
// implementations of the model (bench/plain-js-model.mjs, bench/onnx-export.mjs). Every tensor
// comes back as float32 (Float32Array, row-major), dequantized exactly as core/weights_file.cpp
// does. The checksum is verified; the finer validation is left to the C++ reader, which loads the
// same file in the same run.

const MAGIC = 'AEMODEL\0';

// IEEE binary16 -> number (exact: every half is a float32).
function halfToFloat(h) {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 31) return fraction ? NaN : sign * Infinity;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

function crc32(bytes, end) {
  let crc = 0xffffffff;
  for (let i = 0; i < end; i++) {
    crc ^= bytes[i];
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * @param {Uint8Array} bytes
 * @returns {{hyper: Record<string, number>, metadata: [string, string][], srcVocab: string[],
 *            tgtVocab: string[], tensors: Map<string, {rows: number, cols: number,
 *            data: Float32Array}>}}
 */
export function readModelFile(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  let at = 0;
  const u8 = () => view.getUint8(at++);
  const u16 = () => ((at += 2), view.getUint16(at - 2, true));
  const u32 = () => ((at += 4), view.getUint32(at - 4, true));
  const i32 = () => ((at += 4), view.getInt32(at - 4, true));
  const str = (n) => decoder.decode(bytes.subarray(at, (at += n)));

  if (str(8) !== MAGIC) throw new Error('not an attention-explorer model file');
  const version = u32();
  if (version !== 1) throw new Error(`model file version ${version}; this reader knows v1`);
  const stored = view.getUint32(bytes.length - 4, true);
  if (crc32(bytes, bytes.length - 4) !== stored) throw new Error('model file checksum mismatch');

  const hyper = {};
  for (let n = u32(); n > 0; n--) {
    const key = str(u16());
    hyper[key] = i32();
  }
  const metadata = [];
  for (let n = u32(); n > 0; n--) {
    const key = str(u16());
    metadata.push([key, str(u32())]);
  }
  const words = () => {
    const list = [];
    for (let n = u32(); n > 0; n--) list.push(str(u16()));
    return list;
  };
  const srcVocab = words();
  const tgtVocab = words();
  const tensors = new Map();
  for (let n = u32(); n > 0; n--) {
    const name = str(u16());
    const storage = u8();
    const rows = u32();
    const cols = u32();
    const data = new Float32Array(rows * cols);
    if (storage === 0) {
      for (let i = 0; i < data.length; i++) data[i] = view.getFloat32(at + 4 * i, true);
      at += 4 * data.length;
    } else if (storage === 1) {
      for (let i = 0; i < data.length; i++) data[i] = halfToFloat(view.getUint16(at + 2 * i, true));
      at += 2 * data.length;
    } else if (storage === 2) {
      const scales = new Float32Array(rows);
      for (let r = 0; r < rows; r++) scales[r] = view.getFloat32(at + 4 * r, true);
      at += 4 * rows;
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++)
          data[r * cols + c] = scales[r] * view.getInt8(at + r * cols + c);
      at += rows * cols;
    } else {
      throw new Error(`tensor ${name}: unknown storage ${storage}`);
    }
    tensors.set(name, { rows, cols, data });
  }
  if (at !== bytes.length - 4) throw new Error('model file has unexpected bytes');
  return { hyper, metadata, srcVocab, tgtVocab, tensors };
}
