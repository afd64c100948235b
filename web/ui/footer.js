// Footer: version, kernel variant and what the model file says about itself.

export function renderFooter({ module, flavour, info, modelName }) {
  const build = document.getElementById('footer-build');
  build.textContent = `attention-explorer ${module.version()} · kernels: ${module.kernelVariant()} (${flavour} build)`;
  build.dataset.kernel = module.kernelVariant();
  const meta = info.metadata ?? {};
  const described = Object.entries(meta)
    .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${v}`)
    .join(', ');
  document.getElementById('footer-model').textContent =
    `Model ${modelName}.aem — ${info.attention ? 'with' : 'without'} attention; ` +
    `vocabulary ${info.srcVocab} French / ${info.tgtVocab} English words; ` +
    `h ${info.contextSize}, s ${info.decHidden}, attention space ${info.attnDim}; up to ${info.maxSrcLen} words` +
    (described ? `; ${described}` : '') +
    '.';
}
