// Every English word of the interface, by key (web/lib/i18n.js explains how they are used).
// {name} is a placeholder filled by t(key, { name }); entries used by index.html (data-i18n) may
// carry the inline tags <var> <sub> <sup> <q> <code> <em> <strong>. fr.js has the same keys.
export const EN = {
  // ---- index.html: head and header ----
  'page.title': 'attention-explorer — watch a translator decide where to look',
  'page.description':
    'A French to English neural translator with Bahdanau attention, running in your browser, with every number of the attention mechanism drawn as you type.',
  'page.skip': 'Skip to the translator',
  'page.tagline':
    'A French → English translator running in your browser, with its attention laid open: every number below is computed by the real model as you type.',
  'theme.toDark': 'Dark theme',
  'theme.toLight': 'Light theme',
  // The language toggle offers the other language, named in that language.
  'language.other': 'fr',
  'language.otherName': 'Français',
  'language.otherHint': 'Afficher la page en français',

  // ---- index.html: loading and failure ----
  'loading.title': 'Loading the translator…',
  'loading.starting': 'Starting.',
  'failure.title': 'The translator could not start',
  'failure.help':
    'The page needs the WebAssembly build in <code>web/wasm/</code> and the model files in <code>web/models/</code>: <code>npm start</code> builds and serves both.',

  // ---- index.html: the translator ----
  'translate.title': 'Translate',
  'translate.source': 'French',
  'translate.placeholder': 'Tapez une phrase en français…',
  'translate.target': 'English',
  'translate.tokens': 'The French words as the model read them',
  'translate.examples': 'Example sentences',
  'translate.try': 'Try',

  // ---- index.html: heatmap, summary, legend ----
  'heatmap.title': 'Where the decoder looked',
  'heatmap.lede':
    'One row per English word produced, one column per French word. A cell’s brightness is <var>α<sub>ti</sub></var>, the share of attention French word <var>i</var> received while English word <var>t</var> was being chosen; each row adds up to 1. Hover or focus a cell for its value; click it to step there.',
  'temperature.label': 'Attention temperature <var>τ</var>',
  'temperature.help':
    'α = softmax(e / τ). Above 1 the weights flatten towards an even spread, below 1 they sharpen towards a single word; 1 is the model as trained.',
  'summary.title': 'The loop in one picture',
  'summary.lede':
    'For each English word, the decoder’s question meets every French word, the scores become weights, the weights blend the words into a context, and the context picks the word and updates the question. Then round again.',
  'legend.title': 'Symbols',
  'legend.hint': '{text}. Highlight where it is drawn.',
  'legend.h.name': 'encoder state of word i',
  'legend.h.text': 'what the encoder kept of French word i',
  'legend.s.name': 'decoder state: the question',
  'legend.s.text': 'the decoder’s state before word t: its question',
  'legend.e.name': 'score of word i at step t',
  'legend.e.text': 'raw score of word i at step t, any real number',
  'legend.alpha.name': 'weight: 0 to 1, sums to 1',
  'legend.alpha.text': 'its weight, between 0 and 1; a step’s weights sum to 1',
  'legend.c.name': 'context Σᵢ αₜᵢ hᵢ',
  'legend.c.text': 'the context: the blend of the encoder states, weighted by α',

  // ---- index.html: Step 0 ----
  'step0.number': 'Step 0',
  'step0.title': 'Why attention: one vector is a narrow pipe',
  'step0.lede':
    'Without attention, the encoder must pour the whole French sentence into one vector of a fixed size, and the decoder must unpack the entire translation from it. That vector is as big for three words as for thirty, so the longer the sentence, the more gets lost on the way. Here the same sentence goes through two models with identical layer sizes: one sees only that single vector, the other may look back at every word at every step.',
  'step0.without': 'Without attention',
  'step0.with': 'With attention',
  'step0.tryLong': 'Try a long sentence',
  'step0.tryLongHint':
    'Around a dozen words and more, the single vector starts dropping and inventing things.',
  'step0.bleuTitle': 'Translation quality by sentence length',
  'step0.bleuCaption':
    'BLEU on held-out test sentences (higher is better), grouped by the number of French words.',

  // ---- index.html: the worked example ----
  'worked.number': 'By hand',
  'worked.title': 'Three words, worked out',
  'worked.lede':
    'Before the real thing, the classic toy numbers. Suppose that while producing the second English word (“am”) the scores for <q>Je</q>, <q>suis</q>, <q>étudiant</q> are 0.3, 2.1 and 0.5. The page pushes them through the same WebAssembly softmax and blend the model uses.',

  // ---- index.html: the decoder loop ----
  'loop.number': 'Steps 1 – 6',
  'loop.title': 'One trip around the decoder loop, on the model’s own numbers',
  'loop.lede':
    'Producing one English word is one trip around the loop. Choose the step <var>t</var> and follow what the model computed for the sentence above. Keys: ← → move a step, Home / End jump to the first / last.',
  'panel1.title': 'The shelf: encoder states <var>h<sub>i</sub></var>',
  'panel2.title': 'The question: decoder state <var>s<sub>t−1</sub></var>',
  'panel3.title': 'Scoring each word: <var>e<sub>ti</sub></var>',
  'panel3.formula': 'e t i equals v a transposed times tanh of W a s t minus 1 plus U a h i',
  'panel4.title': 'Softmax: scores become weights <var>α<sub>ti</sub></var>',
  'panel5.title':
    'The blend: <var>c<sub>t</sub></var> = Σ<sub>i</sub> <var>α<sub>ti</sub></var> <var>h<sub>i</sub></var>',
  'panel6.title': '<var>c<sub>t</sub></var> goes in twice, a word comes out',

  // ---- index.html: the gallery ----
  'gallery.number': 'Step 7',
  'gallery.title': 'Four shapes attention can take',
  'gallery.lede':
    'Every heatmap here comes from a real model run in this page. Read each one as an answer to “for each English word, where did the decoder look?”',

  // ---- ui/announcer.js: the live region ----
  'announce.step': 'Step {step}: “{word}” takes {percent} of its attention from “{source}”',
  'announce.stepNoAttention': 'Step {step}: “{word}” (this model has no attention)',
  'announce.translation': 'Translation: {translation}',

  // ---- ui/data-table.js: the tables behind the charts ----
  'table.show': 'Show as a table',
  'table.frenchWord': 'French word',
  'table.englishWord': 'English word',
  'table.sum': 'sum',
  'table.heatmap.caption':
    'Attention weights α in percent: one row per English word, one column per French word; each row adds up to 100 %.',
  'table.heatmap.corner': 'English word ↓ / French word →',
  'table.heatmap.currentStep': '{word} (current step)',
  'table.softmax.caption':
    'Step {step}, producing “{word}”: score, exponential and weight of each French word.',
  'table.softmax.score': 'score e',
  'table.softmax.exp': 'exp(e − max)',
  'table.softmax.expTemperature': 'exp(e/τ − max)',
  'table.softmax.alpha': 'weight α',
  'table.next.caption': 'Step {step}: the most likely next words and their probabilities.',
  'table.next.word': 'candidate word',
  'table.next.probability': 'probability',
  'table.pipe.caption':
    'With attention, step {step} (“{word}”): the share of attention each French word gets.',
  'table.pipe.alpha': 'weight α',
  'table.bleu.caption': 'BLEU by sentence length (higher is better).',
  'table.bleu.bucket': 'French words',
  'table.bleu.count': 'test sentences',
  'table.bleu.without': 'without attention',
  'table.bleu.with': 'with attention',
  'table.gallery.caption': '{title}: attention weights α in percent, rows English, columns French.',
  // ---- shared by the modules below ----
  'list.separator': '; ',

  // ---- ui/theme-toggle.js, ui/footer.js, ui/temperature.js ----
  'footer.build': 'attention-explorer {version} · kernels: {kernel} ({flavour} build)',
  'footer.model':
    'Model {name}.aem — {attention}; vocabulary {srcVocab} French / {tgtVocab} English words; h {h}, s {s}, attention space {attnDim}; up to {maxLen} words{metadata}.',
  'footer.metadata': '; {described}',
  'footer.withAttention': 'with attention',
  'footer.withoutAttention': 'without attention',
  'temperature.trained': 'τ = 1 (as trained)',
  'temperature.flatter': 'τ = {value} (flatter)',
  'temperature.sharper': 'τ = {value} (sharper)',

  // ---- ui/stepper.js ----
  'stepper.first': 'First step',
  'stepper.previous': '← Previous',
  'stepper.previousLabel': 'Previous step',
  'stepper.play': '▶ Play',
  'stepper.playLabel': 'Play through the steps',
  'stepper.pause': 'Pause',
  'stepper.next': 'Next →',
  'stepper.nextLabel': 'Next step',
  'stepper.last': 'Last step',
  'stepper.words': 'Output words: pick a step',
  'stepper.dock': 'Decoder step',
  'stepper.empty': 'No sentence yet.',
  'stepper.label': 'Step t = {step} of {steps}: producing “{word}”',
  'stepper.dockLabel': 't = {step} of {steps}: “{word}”',
  'stepper.word': 'Step {step}: {word}',

  // ---- ui/summary.js ----
  'summary.canvas': 'The attention loop in one picture',
  'summary.pause': 'Pause',
  'summary.animate': '▶ Animate',
  'summary.reduced': 'Animation off (reduced motion): it follows the stepper below.',
  'summary.playing': 'One output word per lap.',
  'summary.following': 'Following the stepper below.',
  'summary.describe':
    'Step {step}: question s{previous}, scores, weights, context c{step}, word {word}.',

  // ---- ui/heatmap-view.js ----
  'heatmap.canvas': 'Alignment heatmap',
  'heatmap.grid': 'Attention weights: rows are English words, columns French words',
  'heatmap.tooltipWords': '“{target}” ← “{source}”',
  'heatmap.where': 'step t = {step}, French word i = {position}',
  'heatmap.cell': '{target} from {source}: α {value}',
  'heatmap.none': 'This model has no attention, so there is no alignment to draw.',
  'heatmap.describeRow': '{word}: mostly {source} ({value})',

  // ---- ui/panels.js ----
  'panels.states.canvas': 'Encoder states as arrows',
  'panels.question.canvas': 'The decoder state before this step',
  'panels.anatomy.canvas': 'How each score is computed',
  'panels.softmax.canvas': 'Softmax of the scores',
  'panels.context.canvas': 'The context vector as a sum of scaled arrows',
  'panels.decoder.canvas': 'The context entering the decoder',
  'panels.states.text':
    'One arrow per French word: the encoder’s summary of the sentence around that word, {size} numbers each, flattened onto the plane that keeps the most of them ({kept} of their squared length). The flattening is linear, so adding arrows here is the same as adding the real vectors. Attention never changes these arrows; it only decides how much of each to take.',
  'panels.states.point': 'h{i} for {word} at ({x}, {y})',
  'panels.question.text':
    'About to produce word {t}, the decoder holds s{previousSub}, the state it reached after “{previousWord}”. It can only ask with this one: s{tSub} does not exist yet, because building it needs the answer.',
  'panels.question.describe': 's{previous}: {size} numbers, after {previousWord}.',
  'panels.anatomy.text':
    'Wₐ moves the question and Uₐ moves each word into one shared space of {size} numbers, so they can be added (blue below zero, orange above). tanh bends the sum, letting the match be subtler than “pointing the same way”, and the dot product with vₐ reads one number out of it: the score. Highest now: “{word}” ({score}).',
  'panels.anatomy.score': 'e{t},{i} for {word} = {score}',
  'panels.softmax.text':
    'Raw scores can be any size and any sign. exp makes them all positive and widens the gaps; dividing each by their sum turns them into shares between 0 and 1 that add up to exactly 1. Here “{word}” gets {percent} of the attention.',
  'panels.softmax.weight': 'α{t},{i} for {word} = {value}',
  'panels.context.hidden': '{count} terms under {threshold}',
  'panels.context.text':
    'Each arrow shrunk to its share, laid tip to tail: c{tSub} = {terms}. The chain ends exactly where the model’s own c{tSub} (ringed) lands, and it leans towards the words that got the most attention. A blend rather than a hard pick, so a small change of a score moves the result a little: that smoothness is what lets training improve it.',
  'panels.decoder.text':
    'c{tSub} is used twice. Once to update the memory, s{tSub} = f(s{previousSub}, y{previousSub}, c{tSub}): what to remember. Once to choose the word, p(y{tSub}) = g(y{previousSub}, s{tSub}, c{tSub}): what to say now.',
  'panels.decoder.next':
    'The most likely word, “{word}”, is said, and s{tSub} becomes the question of step {next}.',
  'panels.decoder.end':
    'The most likely word is the end marker, so the sentence is finished and the loop stops.',

  // ---- ui/gallery.js ----
  'gallery.uniform.title': 'Uniform: looking everywhere at once',
  'gallery.uniform.text':
    'At a very high temperature τ the scores are divided down until they barely differ, so every word gets about the same share. The context becomes a plain average, as blurry as the single fixed vector of Step 0, and the translation comes apart.',
  'gallery.diagonal.title': 'Sharp diagonal: word for word',
  'gallery.diagonal.text':
    'A model trained to copy its input looks at word t to write word t, and at almost nothing else: the ideal alignment when both languages keep the same order.',
  'gallery.single.title': 'A single hot cell: nothing to choose',
  'gallery.single.text':
    'With a one-word sentence softmax has a single score to normalise, so α = 1 exactly, at every step: the context is simply h₁.',
  'gallery.anti.title': 'Anti-diagonal: reading backwards',
  'gallery.anti.text':
    'A model trained to reverse its input writes its first word while looking at the last one. Attention is not tied to position: it reaches wherever the answer is.',
  'gallery.source': '{model}, “{sentence}”',
  'gallery.sourceTemperature': '{model}, “{sentence}”, {temperature}',
  'gallery.loadingToy': 'Loading the toy model…',

  // ---- ui/worked.js ----
  'worked.handTitle': 'The walkthrough’s numbers',
  'worked.handCaption': 'Worked example: scores, exponentials and weights',
  'worked.handHint':
    'Each α is exp(e) ÷ {sum}: “suis” takes most of the attention, as “am” translates it.',
  'worked.modelTitle': 'What the trained model computes',
  'worked.noSecondWord':
    'This model does not produce a second word with attention for this sentence.',
  'worked.modelIntro':
    'For “{sentence}” the model says “{translation}”. At t = {step} it produces “{word}”, with these numbers:',
  'worked.modelCaption': 'The trained model at step {step}',
  'worked.unknown': 'This model does not know {words}: it reads them as unknown.',
  'worked.quoted': '“{word}”',
  'worked.word': 'word i',
  'worked.handPicture':
    'The walkthrough’s weights applied to the model’s own h₁, h₂, h₃, blended in WebAssembly (the ring is that blend, projected).',
  'worked.handCanvas': 'The worked example blend as arrows',
  'worked.modelCanvas': 'The trained model blend as arrows',
  'worked.sharper':
    'The model’s own weights: sharper than the walkthrough’s, with {percent} on “{word}”, so c{stepSub} leans even more towards h{topSub} (the ring is the model’s own c{stepSub}, projected).',
  'worked.softer':
    'The model’s own weights: softer than the walkthrough’s, with {percent} on “{word}”, so c{stepSub} leans towards h{topSub} (the ring is the model’s own c{stepSub}, projected).',

  // ---- ui/step0.js ----
  'step0.pipeWithout': 'Without attention: every word squeezed through one vector',
  'step0.pipeWith': 'With attention: a line from every word, as thick as its weight',
  'step0.bleuCanvas': 'BLEU by sentence length',
  'step0.typeAbove': 'Type a sentence above.',
  'step0.baselineLoading': 'Loading the model without attention…',
  'step0.baselineMissing': 'The model without attention is not available.',
  'step0.evaluationLoading': 'Loading the evaluation…',
  'step0.evaluationMissing':
    'Evaluation not available yet (models/evaluation.json is missing), so no scores are shown.',
  'step0.seriesWithout': 'without attention',
  'step0.seriesWith': 'with attention',
  'step0.wholeWith': 'with attention {bleu}',
  'step0.wholeWithout': 'without {bleu}',
  'step0.bleuCaptionWhole':
    'BLEU on held-out test sentences (higher is better), grouped by the number of French words. Whole test set: {scores}.',
  'step0.bleuBucket': '{bucket} words: with attention {with}, without {without}',

  // ---- ui/sentence.js ----
  'sentence.prompt': 'Type a French sentence on the left, or pick one of the examples.',
  'sentence.longWord': 'A word of {count} characters, shortened here',
  'sentence.unknownWord': 'Not in the model’s vocabulary',
  'sentence.unknownBefore': '“',
  'sentence.unknownAfter': '” is not a word this model knows',
  'sentence.didYouMean': ' — did you mean ',
  'sentence.hintSeparator': ', ',
  'sentence.hintEnd': '?',
  'sentence.readAsUnknown': ' (it is read as “unknown”).',
  'sentence.replace': 'Replace “{word}” with “{hint}”',
  'sentence.clipped':
    'Only the first {srcLen} of your {count} words were translated: this model reads at most {srcLen} words at a time.',
  // ---- draw/*.js: words drawn on the canvases ----
  'draw.after': 'after “{word}”',
  'draw.stateAfter': '{state} after “{word}”',
  'draw.quoted': '“{word}”',
  'draw.pipeline.question': 'question',
  'draw.pipeline.scores': 'scores',
  'draw.pipeline.weights': 'weights',
  'draw.pipeline.context': 'context',
  'draw.pipeline.output': 'output',
  'draw.pipeline.end': 'end: the loop stops',
  'draw.pipeline.tinted': 'hᵢ, tinted by αₜᵢ',
  'draw.softmax.alpha': 'α = share of the sum',
  'draw.softmax.sum': 'sum = {value}',
  'draw.softmax.explain': 'each α is its exp divided by the sum',
  'draw.anatomy.question': '← the question, the same for every word',
  'draw.anatomy.perWord': 'per word: Uₐhᵢ, plus the question, then tanh',
  'draw.anatomy.word': 'Uₐ hᵢ  (the word)',
  'draw.anatomy.sum': '+ Wₐ s₍ₜ₋₁₎  =  sum',
  'draw.anatomy.tanh': 'tanh(sum)  (bent)',
  'draw.anatomy.line': 'The scores eₜᵢ on a number line (step t = {step})',
  'draw.question.numbers': '{count} numbers, held after saying “{word}”',
  'draw.question.path': 'Each step asks a new question:',
  'draw.decoder.question': '{state} (question)',
  'draw.decoder.context': '{context} (context, {count} numbers)',
  'draw.decoder.update': 'update',
  'draw.decoder.output': 'output',
  'draw.decoder.nextQuestion': '{state} (next question)',
  'draw.decoder.loop': '↺ {state} asks the question of step {next}',
  'draw.decoder.likely': 'Most likely {word}',
  'draw.pipe.vector': 'one fixed vector',
  'draw.pipe.decoder': 'decoder',
  'draw.bleu.sentences': '{count} sentences',
  'draw.bleu.axis': 'French words in the sentence',

  // ---- index.html and ui/whatif*.js: the what-if chapter ----
  'whatif.number': 'What if…',
  'whatif.title': 'What if the decoder had chosen differently?',
  'whatif.lede':
    'Everything above is greedy decoding: at each step the model says its likeliest word and never reconsiders. Change the rules and watch the same network answer: keep several drafts alive at once, overrule where one step looks, or hand the model the translation you expect and measure how surprised it is by each word.',
  'whatif.tabs': 'What-if experiments',
  'whatif.tab.beam': 'Beam search',
  'whatif.tab.edit': 'Edit attention',
  'whatif.tab.forcing': 'Teacher forcing',

  // Beam search (index.html, then ui/whatif-beam.js)
  'whatif.beam.intro':
    'Beam search keeps the <var>k</var> likeliest unfinished translations at every step instead of one, so a word that looked second-best can still win once the sentence is complete. Each box is a prefix the beam kept, with its cumulative log-probability; branches that no final translation comes from are dimmed. Select a box (click, or Tab then the arrow keys) to see the attention of that prefix.',
  'whatif.beam.decoding': 'Decoding',
  'whatif.beam.greedy': 'Greedy',
  'whatif.beam.beam': 'Beam search',
  'whatif.beam.width': 'Beam width <var>k</var>',
  'whatif.beam.finalTitle': 'Final translations, best first',
  'whatif.beam.selectedTitle': 'The selected prefix',
  'whatif.beam.tree': 'Beam search tree: one column per step, one box per kept prefix',
  // The model's markers as the page names them: the start of the output, its end, a word it
  // does not know.
  'word.start': '⟨start⟩',
  'word.end': '⟨end⟩',
  'word.unknown': '⟨unknown⟩',
  'whatif.beam.noSentence': 'Type a French sentence above to see its beam search.',
  'whatif.beam.noBeam':
    'This build of the translator has no beam search (rebuild web/wasm/ with tools/build.sh).',
  'whatif.beam.selectedCanvas': 'Attention of the selected prefix',
  'whatif.beam.roleBest': 'on the best translation',
  'whatif.beam.roleFinal': 'on translation {rank}',
  'whatif.beam.rolePruned': 'pruned: no final translation continues it',
  'whatif.beam.roleFinished': '{role}, finished',
  'whatif.beam.node': 't = {step}, “{word}”: log p {logProb}, p of this word {prob}, {role}',
  'whatif.beam.greedyChain':
    'Greedy decoding keeps a single prefix, so the tree is a chain: “{translation}”.',
  'whatif.beam.agrees':
    'With {width} drafts alive, the best finished translation is still the greedy one: “{translation}”.',
  'whatif.beam.differs':
    'With {width} drafts alive, beam search finds “{translation}”, which greedy decoding missed (it says “{greedy}”).',
  'whatif.beam.hypothesis': '{rank}. {translation}',
  'whatif.beam.hypothesisScores': 'log p {logProb} over {words} words · score {score}',
  'whatif.beam.bestBadge': 'best',
  'whatif.beam.greedyBadge': 'greedy',
  'whatif.beam.prefix': 'Prefix “{words}”.',
  'whatif.beam.prefixProb': 'Cumulative log p = {logProb} (probability {prob}).',
  'whatif.beam.wordProb': 'This step chose “{word}” with p = {prob}.',
  'whatif.beam.finalOf':
    'It ends final translation {rank} of {count}, score {score} (log p per word: how the beam ranks finished translations, so a longer one is not penalised just for its length).',
  'whatif.beam.prunedNote':
    'No finished translation continues this prefix: the beam dropped it for likelier ones.',

  // Attention editing (index.html, then ui/whatif-edit.js)
  'whatif.edit.intro':
    "Take over the softmax of one step: drag a bar (the other weights shrink or grow to keep the sum at 1), or send all of the step's attention to one French word. The model then uses your weights instead of its own at that step and decodes the rest of the sentence again. Keys on a bar: ← → by 0.05, Page Up / Page Down by 0.25, Home 0, End or Enter all of it.",
  'whatif.edit.step': 'Step <var>t</var> to edit',
  'whatif.edit.reset': 'Reset',
  'whatif.edit.pins': "Send all of the step's attention to one word",
  'whatif.edit.originalTitle': "The model's own translation",
  'whatif.edit.editedTitle': 'With your attention at step <var>t</var>',
  'whatif.edit.heatmap': 'Attention after the edit',
  'whatif.edit.heatmapHint':
    'The outlined row is the one you set; every row after it was decoded again from there.',
  'whatif.edit.noSentence': 'Type a French sentence above to edit its attention.',
  'whatif.edit.noAttention': 'This model has no attention, so there is nothing to edit.',
  'whatif.edit.noForcing':
    'This build of the translator cannot force attention weights (rebuild web/wasm/ with tools/build.sh).',
  'whatif.edit.oneWord':
    'With a single French word there is nothing to redistribute: its weight is 1 at every step.',
  'whatif.edit.stepOption': 't = {step} · “{word}”',
  'whatif.edit.bars': 'Attention weights of step {step}',
  'whatif.edit.legendOriginal': 'the model’s α',
  'whatif.edit.legendEdited': 'your weights',
  'whatif.edit.slider': 'Attention on “{word}”',
  'whatif.edit.sliderValue': '{value}, the model’s own {original}',
  'whatif.edit.describeBar': '{word}: {value}',
  'whatif.edit.pin': 'All attention on “{word}”',
  'whatif.edit.pinsTitle': 'Look only at:',
  'whatif.edit.unedited':
    'Step {step} (“{word}”) as the model computed it. Drag a bar or pick a word to take over.',
  'whatif.edit.unchanged':
    'With your weights at step {step} the decoder still picks the same words: the translation is unchanged.',
  'whatif.edit.nextChanged':
    'Step {step} now says “{after}” instead of “{before}”, and the decoder carries on from there: {count}.',
  'whatif.edit.laterChanged':
    'Step {step} still says “{word}”, but its new context changes what follows: {count}.',
  // The counts take the language's plural rule (Intl.PluralRules: "one" or "other").
  'whatif.edit.differCount': '{added}, {removed}',
  'whatif.edit.added.one': '{count} new word',
  'whatif.edit.added.other': '{count} new words',
  'whatif.edit.removed.one': '{count} dropped',
  'whatif.edit.removed.other': '{count} dropped',
  'whatif.edit.droppedWord': 'dropped by the edit',
  'whatif.edit.newWord': 'new with the edit',
  'whatif.edit.forcedWord': 'step {step}, attention set by you',
  'whatif.edit.failed': 'The edit could not be decoded: {error}',

  // Teacher forcing (index.html, then ui/whatif-forcing.js)
  'whatif.forcing.intro':
    "Training works this way: the model is fed the reference translation word by word, whatever it would have said itself, and pays a loss of −log <var>p</var> for each reference word (0 when it was certain, large when it was surprised). The perplexity, e to the power of the mean loss, reads as “as unsure as a fair pick among that many words”. Type the English you expect; it starts as the model's own translation.",
  'whatif.forcing.reference': 'Reference translation',
  'whatif.forcing.reset': "Use the model's translation",
  'whatif.forcing.caption': 'Probability and loss of each reference word',
  'whatif.forcing.word': 'Reference word',
  'whatif.forcing.loss': 'Loss −log <var>p</var>',
  'whatif.forcing.bar': 'Loss as a bar',
  'whatif.forcing.pick': "The model's own pick",
  'whatif.forcing.heatmapTitle': 'Where the model looks while reading the reference',
  'whatif.forcing.heatmap': 'Attention while reading the reference',
  'whatif.forcing.noSentence': 'Type a French sentence above, then the English you expect for it.',
  'whatif.forcing.emptyReference':
    'Type an English translation to see how likely the model finds it.',
  'whatif.forcing.failed': 'This reference cannot be scored: {error}',
  'whatif.forcing.unknown':
    'The model has never seen {words}. Each is read as the unknown-word token ⟨unknown⟩, so its loss says little about the word itself.',
  'whatif.forcing.total': 'Total loss Σ −log p',
  'whatif.forcing.mean': 'Mean loss per word',
  'whatif.forcing.perplexity': 'Perplexity',
  'whatif.forcing.count': 'Words scored',
  'whatif.forcing.countValue': '{count}, the end marker included',
  'whatif.forcing.compare':
    "For comparison, the model's own translation: mean loss {mean}, perplexity {perplexity}.",
  'whatif.forcing.surprise': 'The most surprising word for the model: “{word}” (loss {loss}).',
  'whatif.forcing.samePick': 'the same',
  'whatif.forcing.otherPick': '“{word}” (p {prob})',

  // ---- ui/share.js and ui/export-menu.js ----
  'share.group': 'Share and export',
  'share.copyLink': 'Copy link',
  'share.copyLinkTitle':
    'A link to this view: the sentence, the step, the selected cell and the chapter',
  'share.copied': 'Link copied.',
  'share.copyByHand': 'Press Ctrl+C (⌘C on a Mac) to copy the selected link.',
  'share.linkField': 'Link to this view',
  'export.heatmap': 'Heatmap',
  'export.heatmapLabel': 'Download the heatmap',
  'export.trace': 'Trace',
  'export.traceLabel': 'Download the trace',
  'export.png': 'The heatmap as a PNG image, at twice its size, with its labels',
  'export.svg': 'The heatmap as an SVG vector image, for slides and papers',
  'export.csv': 'A table with one row per step and source word: score e and α',
  'export.json': 'The whole trace, every intermediate value, with the model',
  'export.noAttention': 'This model has no attention, so there is no heatmap: only the JSON trace.',
  'export.saved': 'Downloading {name}.',
  'export.failed': '{name} could not be made: {message}',
  'export.noImage': 'the browser could not encode the image',
  // The exported figure (lib/export.js, draw/heatmap-figure.js), in the page's language.
  'export.figure.subtitle': '→ “{translation}” · attention weights α of the model {model}',
  'export.figure.subtitleTemperature':
    '→ “{translation}” · attention weights α of the model {model} at temperature τ = {temperature}',
  'export.figure.description':
    '{rows} × {cols} grid: one row per output word t, one column per source word i; each cell is α_ti, the share of attention source word i received while output word t was chosen (viridis colour scale, 0 to 1; each row adds up to 1).',
  'export.figure.sourceAxis': 'source word i →',
  'export.figure.outputAxis': 'output word t →',
  'export.figure.scale': 'attention weight α',

  // ---- main.js and lib/loader.js: loading and its failures ----
  'load.wasm': 'Loading the translator (WebAssembly, {flavour} build)…',
  'load.wasmDownload': 'Downloading the WebAssembly {flavour} build',
  'load.model': 'Loading the model {name}…',
  'load.modelDownload': 'Downloading the model {name}.aem',
  'load.progress': '{what}: {received}',
  'load.progressOf': '{what}: {received} of {total}',
  'load.badModelName':
    '“{name}” is not a model name this page can load (letters, digits and dashes only).',
  'load.unexpected': 'Unexpected error while loading: {message}',
  'load.unusableModel': '{url} is not a usable model file: {error}',
  'load.modelHasNoAttention': 'The loaded model itself has no attention.',
  'load.baselineFailed': 'The model without attention could not be loaded: {message}',
  'load.noWasm': 'This browser cannot run WebAssembly.',
  'load.notDownloaded': '{url} could not be downloaded ({reason}).',
  'load.notLoaded': '{url} could not be loaded ({reason}).',
  'load.notStarted': '{url} could not be started ({reason}).',
  'load.notFound': 'HTTP 404, file not found',
  'load.httpStatus': 'HTTP {status}',
  'embed.element': 'Attention explorer: {sentence}',
  'embed.elementTranslated': 'Attention explorer: {sentence} → {translation}',
  'embed.source': 'French',
  'embed.target': 'English',
  'embed.loading': 'Loading the translator…',
  'embed.couldNotStart': 'The translator could not start: {reason}',
  'embed.typeSentence': 'Type a sentence to translate.',
  'embed.openFull': 'Open this sentence in the full explorer',
  'embed.noAttention': 'This model has no attention to show.',
  'embed.heatmap':
    'Alignment heatmap: {rows} English words (rows) by {cols} French words (columns).',
  'embed.previous': '← Previous',
  'embed.previousLabel': 'Previous step',
  'embed.next': 'Next →',
  'embed.nextLabel': 'Next step',
  'embed.caption': 'Step {step} of {steps}: “{word}”',
  'embed.bars': 'Attention of “{word}” over the French words',
  'embed.describe': "step {step}: '{word}' takes {percent} of its attention from '{source}'",
  'embed.describeNoAttention': "step {step}: '{word}' (this model has no attention)",
};
