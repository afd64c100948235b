// A 2-D LINEAR projection of a set of vectors (principal axes of the uncentred data, i.e. the
// top two right singular vectors). Linear, not affine, on purpose: the page draws the context
// c_t = Σ α_ti h_i as projected arrows added tip to tail, and P(Σ α h) = Σ α P(h) holds exactly
// only for a linear map that sends 0 to 0.

/**
 * @param rows flat row-major vectors (n x dim)
 * @returns {{ basis: Float64Array[2], points: number[][], explained: number, project: Function }}
 *   `explained` is the share of Σ|h|² the plane keeps (1 = nothing lost).
 */
export function linearProjection2d(rows, n, dim) {
  const gram = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      let dot = 0;
      for (let k = 0; k < dim; k++) dot += rows[i * dim + k] * rows[j * dim + k];
      gram[i * n + j] = dot;
      gram[j * n + i] = dot;
    }
  }
  // The eigenvectors of the small n x n Gram matrix give the singular vectors cheaply (n ≤ ~50,
  // dim can be hundreds).
  const { values, vectors } = symmetricEigen(gram, n);
  const order = [...values.keys()].sort((a, b) => values[b] - values[a]);
  let total = 0;
  for (let i = 0; i < n; i++) total += gram[i * n + i];
  const basis = [];
  let kept = 0;
  for (const which of order.slice(0, 2)) {
    const lambda = values[which];
    if (!(lambda > 1e-12 * Math.max(total, 1e-30))) break;
    const axis = new Float64Array(dim);
    for (let i = 0; i < n; i++) {
      const a = vectors[i * n + which];
      for (let k = 0; k < dim; k++) axis[k] += a * rows[i * dim + k];
    }
    scale(axis, 1 / Math.sqrt(lambda));
    basis.push(axis);
    kept += lambda;
  }
  while (basis.length < 2) basis.push(orthogonalUnit(basis, dim));
  // Deterministic orientation: most words point right and up, so the picture does not flip
  // while the user types.
  for (const axis of basis) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += dotRow(axis, rows, i * dim, dim);
    if (sum < 0) scale(axis, -1);
  }
  const project = (vector, offset = 0) => [
    dotRow(basis[0], vector, offset, dim),
    dotRow(basis[1], vector, offset, dim),
  ];
  const points = [];
  for (let i = 0; i < n; i++) points.push(project(rows, i * dim));
  return { basis, points, explained: total > 0 ? kept / total : 1, project };
}

function dotRow(axis, data, offset, dim) {
  let dot = 0;
  for (let k = 0; k < dim; k++) dot += axis[k] * data[offset + k];
  return dot;
}

function scale(v, s) {
  for (let k = 0; k < v.length; k++) v[k] *= s;
}

/** A unit vector orthogonal to `others` (used when the data spans fewer than two directions). */
function orthogonalUnit(others, dim) {
  for (let e = 0; e < dim; e++) {
    const v = new Float64Array(dim);
    v[e] = 1;
    for (const o of others) {
      const d = v.reduce((s, x, k) => s + x * o[k], 0);
      for (let k = 0; k < dim; k++) v[k] -= d * o[k];
    }
    const norm = Math.hypot(...v);
    if (norm > 1e-6) {
      scale(v, 1 / norm);
      return v;
    }
  }
  return new Float64Array(dim);
}

/** Cyclic Jacobi eigen-decomposition of a symmetric n x n matrix (row-major). */
export function symmetricEigen(matrix, n) {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  let scale = 0;
  for (let k = 0; k < n * n; k++) scale += a[k] * a[k];
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q] ** 2;
    if (off <= 1e-24 * scale || off < 1e-300) break; // relative: converged to double precision
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p];
          const akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k];
          const aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p];
          const vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const values = [];
  for (let i = 0; i < n; i++) values.push(a[i * n + i]);
  return { values, vectors: v };
}
