// Renders the page's alignment heatmap for a few sentences to PNG (for docs/model-card.md):
//   node tools/heatmaps.mjs [--out docs/model-card]
// It drives the real page in headless Chromium, so the pictures are exactly what a student sees.
import { launchChromium } from './chromium.mjs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './serve.mjs';

const SENTENCES = [
  ['je-suis-etudiant', 'je suis étudiant'],
  ['chat-noir', 'le chat noir mange une pomme rouge'],
  ['negation', "je n'aime pas le café"],
  ['reordering', 'je le vois'],
  ['possession', 'le livre de marie'],
  [
    'long',
    "si elle étudie , leurs jolies grands-mères espagnoles que tu aimes vont faire les courses et le bébé qu' elle attend va dire que tu ne te réveilles pas .",
  ],
];

const root = fileURLToPath(new URL('..', import.meta.url));
const at = process.argv.indexOf('--out');
const out = at > 0 ? process.argv[at + 1] : join(root, 'docs/model-card');
mkdirSync(out, { recursive: true });

const server = await startServer({ root: join(root, 'web'), port: 0 });
const { port } = server.address();
const browser = await launchChromium();
try {
  const page = await browser.newPage({
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 2,
  });
  for (const [name, text] of SENTENCES) {
    await page.goto(`http://127.0.0.1:${port}/?text=${encodeURIComponent(text)}`);
    await page.waitForSelector('html[data-status="ready"]');
    await page.waitForFunction((t) => window.__explorer?.state.text === t, text);
    const file = join(out, `heatmap-${name}.png`);
    await page.locator('#heatmap').screenshot({ path: file });
    const translation = await page.evaluate(() => window.__explorer.trace.translation);
    console.log(`${file}: ${text} -> ${translation}`);
  }
} finally {
  await browser.close();
  server.close();
}
