// Footer: version, kernel variant and what the model file says about itself (its metadata is
// shown as the file states it, untranslated). Written again when the interface language changes.
import { t, onLanguageChange } from '../lib/i18n.js';

export function renderFooter({ module, flavour, info, modelName }) {
  const build = document.getElementById('footer-build');
  build.dataset.kernel = module.kernelVariant();
  const meta = info.metadata ?? {};
  const described = Object.entries(meta)
    .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${v}`)
    .join(', ');
  const write = () => {
    build.textContent = t('footer.build', {
      version: module.version(),
      kernel: module.kernelVariant(),
      flavour,
    });
    document.getElementById('footer-model').textContent = t('footer.model', {
      name: modelName,
      attention: t(info.attention ? 'footer.withAttention' : 'footer.withoutAttention'),
      srcVocab: info.srcVocab,
      tgtVocab: info.tgtVocab,
      h: info.contextSize,
      s: info.decHidden,
      attnDim: info.attnDim,
      maxLen: info.maxSrcLen,
      metadata: described ? t('footer.metadata', { described }) : '',
    });
  };
  write();
  onLanguageChange(write);
}
