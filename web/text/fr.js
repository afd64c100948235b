// Tout le texte français de l’interface, clé par clé : les mêmes clés que en.js (un test le
// vérifie). Typographie française : « » et espaces insécables (\u00a0) devant : ; ? ! et %.
export const FR = {
  // ---- index.html : en-tête ----
  'page.title': 'attention-explorer — voir un traducteur décider où regarder',
  'page.description':
    'Un traducteur neuronal du français vers l’anglais, avec l’attention de Bahdanau, qui tourne dans votre navigateur et dessine chaque nombre du mécanisme d’attention au fil de la frappe.',
  'page.skip': 'Aller au traducteur',
  'page.tagline':
    'Un traducteur français → anglais qui tourne dans votre navigateur, et dont l’attention est mise à nu\u00a0: chaque nombre ci-dessous est calculé par le vrai modèle, au fil de votre saisie.',
  'theme.toDark': 'Thème sombre',
  'theme.toLight': 'Thème clair',
  'language.other': 'en',
  'language.otherName': 'English',
  'language.otherHint': 'Show this page in English',

  // ---- index.html : chargement et échec ----
  'loading.title': 'Chargement du traducteur…',
  'loading.starting': 'Démarrage.',
  'failure.title': 'Le traducteur n’a pas pu démarrer',
  'failure.help':
    'La page a besoin de la version WebAssembly dans <code>web/wasm/</code> et des fichiers du modèle dans <code>web/models/</code>\u00a0: <code>npm start</code> construit et sert les deux.',

  // ---- index.html : le traducteur ----
  'translate.title': 'Traduire',
  'translate.source': 'Français',
  'translate.placeholder': 'Tapez une phrase en français…',
  'translate.target': 'Anglais',
  'translate.tokens': 'Les mots français tels que le modèle les a lus',
  'translate.examples': 'Phrases d’exemple',
  'translate.try': 'Essayez',

  // ---- index.html : carte d’attention, résumé, légende ----
  'heatmap.title': 'Où le décodeur a regardé',
  'heatmap.lede':
    'Une ligne par mot anglais produit, une colonne par mot français. La clarté d’une case est <var>α<sub>ti</sub></var>, la part d’attention que le mot français <var>i</var> a reçue pendant le choix du mot anglais <var>t</var>\u00a0; chaque ligne fait 1 au total. Survolez une case ou placez-y le focus pour lire sa valeur\u00a0; cliquez dessus pour aller à cette étape.',
  'temperature.label': 'Température de l’attention <var>τ</var>',
  'temperature.help':
    'α = softmax(e / τ). Au-dessus de 1, les poids s’aplatissent vers une répartition égale\u00a0; en dessous de 1, ils se concentrent sur un seul mot\u00a0; 1 correspond au modèle tel qu’il a été entraîné.',
  'summary.title': 'La boucle en une image',
  'summary.lede':
    'Pour chaque mot anglais, la question du décodeur rencontre chaque mot français, les scores deviennent des poids, les poids mélangent les mots en un contexte, et ce contexte choisit le mot et met à jour la question. Puis on repart pour un tour.',
  'legend.title': 'Symboles',
  'legend.hint': '{text}. Survolez ou cliquez pour voir où il est dessiné.',
  'legend.h.name': 'état de l’encodeur pour le mot i',
  'legend.h.text': 'ce que l’encodeur a retenu du mot français i',
  'legend.s.name': 'état du décodeur\u00a0: la question',
  'legend.s.text': 'l’état du décodeur avant le mot t\u00a0: sa question',
  'legend.e.name': 'score du mot i à l’étape t',
  'legend.e.text': 'score brut du mot i à l’étape t, un réel quelconque',
  'legend.alpha.name': 'poids\u00a0: de 0 à 1, somme égale à 1',
  'legend.alpha.text': 'son poids, entre 0 et 1\u00a0; les poids d’une étape font 1 au total',
  'legend.c.name': 'contexte Σᵢ αₜᵢ hᵢ',
  'legend.c.text': 'le contexte\u00a0: le mélange des états de l’encodeur, pondéré par α',

  // ---- index.html : étape 0 ----
  'step0.number': 'Étape 0',
  'step0.title': 'Pourquoi l’attention\u00a0: un seul vecteur, c’est un tuyau étroit',
  'step0.lede':
    'Sans attention, l’encodeur doit verser toute la phrase française dans un seul vecteur de taille fixe, et le décodeur doit en tirer toute la traduction. Ce vecteur a la même taille pour trois mots que pour trente\u00a0: plus la phrase est longue, plus il s’en perd en route. Ici, la même phrase passe par deux modèles aux couches de mêmes tailles\u00a0: l’un ne voit que ce vecteur unique, l’autre peut revenir sur chaque mot à chaque étape.',
  'step0.without': 'Sans attention',
  'step0.with': 'Avec attention',
  'step0.tryLong': 'Essayer une phrase longue',
  'step0.tryLongHint':
    'À partir d’une douzaine de mots, le vecteur unique commence à oublier des choses et à en inventer.',
  'step0.bleuTitle': 'Qualité de la traduction selon la longueur de la phrase',
  'step0.bleuCaption':
    'Score BLEU sur des phrases de test mises de côté (plus il est haut, mieux c’est), par nombre de mots français.',

  // ---- index.html : l’exemple calculé à la main ----
  'worked.number': 'À la main',
  'worked.title': 'Trois mots, calculés pas à pas',
  'worked.lede':
    'Avant le vrai modèle, les chiffres-jouets classiques. Supposons qu’en produisant le deuxième mot anglais («\u00a0am\u00a0») les scores de <q>Je</q>, <q>suis</q> et <q>étudiant</q> valent 0,3\u00a0; 2,1 et 0,5. La page les fait passer par le même softmax et le même mélange en WebAssembly que le modèle.',

  // ---- index.html : la boucle du décodeur ----
  'loop.number': 'Étapes 1 à 6',
  'loop.title': 'Un tour de la boucle du décodeur, avec les nombres du modèle lui-même',
  'loop.lede':
    'Produire un mot anglais, c’est faire un tour de boucle. Choisissez l’étape <var>t</var> et suivez ce que le modèle a calculé pour la phrase ci-dessus. Touches\u00a0: ← → reculent ou avancent d’une étape, Début / Fin vont à la première / à la dernière.',
  'panel1.title': 'L’étagère\u00a0: les états de l’encodeur <var>h<sub>i</sub></var>',
  'panel2.title': 'La question\u00a0: l’état du décodeur <var>s<sub>t−1</sub></var>',
  'panel3.title': 'Noter chaque mot\u00a0: <var>e<sub>ti</sub></var>',
  'panel3.formula':
    'e t i égale v a transposé fois tangente hyperbolique de W a s t moins 1 plus U a h i',
  'panel4.title': 'Softmax\u00a0: les scores deviennent des poids <var>α<sub>ti</sub></var>',
  'panel5.title':
    'Le mélange\u00a0: <var>c<sub>t</sub></var> = Σ<sub>i</sub> <var>α<sub>ti</sub></var> <var>h<sub>i</sub></var>',
  'panel6.title': '<var>c<sub>t</sub></var> entre deux fois, un mot en sort',

  // ---- index.html : la galerie ----
  'gallery.number': 'Étape 7',
  'gallery.title': 'Quatre formes que peut prendre l’attention',
  'gallery.lede':
    'Chaque carte d’attention ci-dessous vient d’un vrai modèle exécuté dans cette page. Lisez-la comme la réponse à la question «\u00a0pour chaque mot anglais, où le décodeur a-t-il regardé\u00a0?\u00a0»',

  // ---- ui/announcer.js : la zone annoncée aux lecteurs d’écran ----
  'announce.step':
    'Étape {step}\u00a0: «\u00a0{word}\u00a0» porte {percent} de son attention sur «\u00a0{source}\u00a0»',
  'announce.stepNoAttention':
    'Étape {step}\u00a0: «\u00a0{word}\u00a0» (ce modèle n’a pas d’attention)',
  'announce.translation': 'Traduction\u00a0: {translation}',

  // ---- ui/data-table.js : les tableaux derrière les graphiques ----
  'table.show': 'Afficher sous forme de tableau',
  'table.frenchWord': 'Mot français',
  'table.englishWord': 'Mot anglais',
  'table.sum': 'somme',
  'table.heatmap.caption':
    'Poids d’attention α en pourcentage\u00a0: une ligne par mot anglais, une colonne par mot français\u00a0; chaque ligne fait 100\u00a0% au total.',
  'table.heatmap.corner': 'Mot anglais ↓ / mot français →',
  'table.heatmap.currentStep': '{word} (étape en cours)',
  'table.softmax.caption':
    'Étape {step}, production de «\u00a0{word}\u00a0»\u00a0: score, exponentielle et poids de chaque mot français.',
  'table.softmax.score': 'score e',
  'table.softmax.exp': 'exp(e − max)',
  'table.softmax.expTemperature': 'exp(e/τ − max)',
  'table.softmax.alpha': 'poids α',
  'table.next.caption':
    'Étape {step}\u00a0: les mots suivants les plus probables et leur probabilité.',
  'table.next.word': 'mot candidat',
  'table.next.probability': 'probabilité',
  'table.pipe.caption':
    'Avec attention, étape {step} («\u00a0{word}\u00a0»)\u00a0: la part d’attention reçue par chaque mot français.',
  'table.pipe.alpha': 'poids α',
  'table.bleu.caption':
    'Score BLEU selon la longueur de la phrase (plus il est haut, mieux c’est).',
  'table.bleu.bucket': 'Mots français',
  'table.bleu.count': 'phrases de test',
  'table.bleu.without': 'sans attention',
  'table.bleu.with': 'avec attention',
  'table.gallery.caption':
    '{title}\u00a0: poids d’attention α en pourcentage, lignes en anglais, colonnes en français.',
  // ---- partagé par les modules ci-dessous ----
  'list.separator': '\u00a0; ',

  // ---- ui/theme-toggle.js, ui/footer.js, ui/temperature.js ----
  'footer.build':
    'attention-explorer {version} · noyaux de calcul\u00a0: {kernel} (version {flavour})',
  'footer.model':
    'Modèle {name}.aem — {attention}\u00a0; vocabulaire de {srcVocab} mots français et {tgtVocab} mots anglais\u00a0; h {h}, s {s}, espace d’attention {attnDim}\u00a0; jusqu’à {maxLen} mots{metadata}.',
  'footer.metadata': '\u00a0; {described}',
  'footer.withAttention': 'avec attention',
  'footer.withoutAttention': 'sans attention',
  'temperature.trained': 'τ = 1 (comme à l’entraînement)',
  'temperature.flatter': 'τ = {value} (plus plat)',
  'temperature.sharper': 'τ = {value} (plus net)',

  // ---- ui/stepper.js ----
  'stepper.first': 'Première étape',
  'stepper.previous': '← Précédente',
  'stepper.previousLabel': 'Étape précédente',
  'stepper.play': '▶ Lecture',
  'stepper.playLabel': 'Lecture automatique des étapes',
  'stepper.pause': 'Pause',
  'stepper.next': 'Suivante →',
  'stepper.nextLabel': 'Étape suivante',
  'stepper.last': 'Dernière étape',
  'stepper.words': 'Mots produits\u00a0: choisissez une étape',
  'stepper.dock': 'Étape du décodeur',
  'stepper.empty': 'Pas encore de phrase.',
  'stepper.label': 'Étape t = {step} sur {steps}\u00a0: production de «\u00a0{word}\u00a0»',
  'stepper.dockLabel': 't = {step} sur {steps}\u00a0: «\u00a0{word}\u00a0»',
  'stepper.word': 'Étape {step}\u00a0: {word}',

  // ---- ui/summary.js ----
  'summary.canvas': 'La boucle de l’attention en une image',
  'summary.pause': 'Pause',
  'summary.animate': '▶ Animer',
  'summary.reduced':
    'Animation désactivée (mouvements réduits)\u00a0: l’image suit le sélecteur d’étape ci-dessous.',
  'summary.playing': 'Un mot produit par tour.',
  'summary.following': 'L’image suit le sélecteur d’étape ci-dessous.',
  'summary.describe':
    'Étape {step}\u00a0: question s{previous}, scores, poids, contexte c{step}, mot {word}.',

  // ---- ui/heatmap-view.js ----
  'heatmap.canvas': 'Carte d’alignement',
  'heatmap.grid':
    'Poids d’attention\u00a0: les lignes sont les mots anglais, les colonnes les mots français',
  'heatmap.tooltipWords': '«\u00a0{target}\u00a0» ← «\u00a0{source}\u00a0»',
  'heatmap.where': 'étape t = {step}, mot français i = {position}',
  'heatmap.cell': '{target} regarde {source}\u00a0: α {value}',
  'heatmap.none': 'Ce modèle n’a pas d’attention\u00a0: il n’y a donc aucun alignement à dessiner.',
  'heatmap.describeRow': '{word}\u00a0: surtout {source} ({value})',

  // ---- ui/panels.js ----
  'panels.states.canvas': 'Les états de l’encodeur, en flèches',
  'panels.question.canvas': 'L’état du décodeur avant cette étape',
  'panels.anatomy.canvas': 'Comment chaque score est calculé',
  'panels.softmax.canvas': 'Le softmax des scores',
  'panels.context.canvas': 'Le vecteur de contexte, somme de flèches mises à l’échelle',
  'panels.decoder.canvas': 'Le contexte qui entre dans le décodeur',
  'panels.states.text':
    'Une flèche par mot français\u00a0: le résumé que l’encodeur fait de la phrase autour de ce mot, {size} nombres chacun, aplatis sur le plan qui en conserve le plus ({kept} de leur longueur au carré). L’aplatissement est linéaire\u00a0: additionner les flèches ici revient à additionner les vrais vecteurs. L’attention ne modifie jamais ces flèches\u00a0; elle décide seulement quelle part prendre de chacune.',
  'panels.states.point': 'h{i} pour {word} en ({x}\u00a0; {y})',
  'panels.question.text':
    'Sur le point de produire le mot {t}, le décodeur dispose de s{previousSub}, l’état atteint après «\u00a0{previousWord}\u00a0». C’est avec lui seul qu’il peut poser sa question\u00a0: s{tSub} n’existe pas encore, puisque pour le construire il faut la réponse.',
  'panels.question.describe': 's{previous}\u00a0: {size} nombres, après {previousWord}.',
  'panels.anatomy.text':
    'Wₐ transporte la question, et Uₐ chaque mot, dans un même espace de {size} nombres, pour qu’on puisse les additionner (bleu sous zéro, orange au-dessus). tanh courbe la somme, ce qui permet une correspondance plus subtile que «\u00a0pointer dans la même direction\u00a0», et le produit scalaire avec vₐ en extrait un seul nombre\u00a0: le score. Le plus élevé ici\u00a0: «\u00a0{word}\u00a0» ({score}).',
  'panels.anatomy.score': 'e{t},{i} pour {word} = {score}',
  'panels.softmax.text':
    'Les scores bruts peuvent avoir n’importe quelle taille et n’importe quel signe. exp les rend tous positifs et creuse les écarts\u00a0; en divisant chacun par leur somme, on obtient des parts entre 0 et 1 dont le total vaut exactement 1. Ici, «\u00a0{word}\u00a0» reçoit {percent} de l’attention.',
  'panels.softmax.weight': 'α{t},{i} pour {word} = {value}',
  'panels.context.hidden': '{count} termes sous {threshold}',
  'panels.context.text':
    'Chaque flèche est réduite à sa part, et les flèches sont posées bout à bout\u00a0: c{tSub} = {terms}. La chaîne s’arrête exactement là où tombe le c{tSub} du modèle lui-même (entouré), et elle penche vers les mots qui ont reçu le plus d’attention. C’est un mélange plutôt qu’un choix tranché\u00a0: un petit changement de score déplace un peu le résultat, et c’est cette continuité qui permet à l’entraînement de l’améliorer.',
  'panels.decoder.text':
    'c{tSub} sert deux fois. Une fois pour mettre à jour la mémoire, s{tSub} = f(s{previousSub}, y{previousSub}, c{tSub})\u00a0: ce qu’il faut retenir. Une fois pour choisir le mot, p(y{tSub}) = g(y{previousSub}, s{tSub}, c{tSub})\u00a0: ce qu’il faut dire maintenant.',
  'panels.decoder.next':
    'Le mot le plus probable, «\u00a0{word}\u00a0», est produit, et s{tSub} devient la question de l’étape {next}.',
  'panels.decoder.end':
    'Le mot le plus probable est le marqueur de fin\u00a0: la phrase est terminée et la boucle s’arrête.',

  // ---- ui/gallery.js ----
  'gallery.uniform.title': 'Uniforme\u00a0: regarder partout à la fois',
  'gallery.uniform.text':
    'À très haute température τ, les scores sont tant divisés qu’ils ne diffèrent presque plus\u00a0: chaque mot reçoit à peu près la même part. Le contexte devient une simple moyenne, aussi floue que le vecteur unique de l’étape 0, et la traduction se défait.',
  'gallery.diagonal.title': 'Diagonale nette\u00a0: mot à mot',
  'gallery.diagonal.text':
    'Un modèle entraîné à recopier son entrée regarde le mot t pour écrire le mot t, et presque rien d’autre\u00a0: l’alignement idéal quand les deux langues gardent le même ordre.',
  'gallery.single.title': 'Une seule case allumée\u00a0: rien à choisir',
  'gallery.single.text':
    'Avec une phrase d’un seul mot, le softmax n’a qu’un score à normaliser\u00a0: α = 1 exactement, à chaque étape, et le contexte est simplement h₁.',
  'gallery.anti.title': 'Anti-diagonale\u00a0: lire à rebours',
  'gallery.anti.text':
    'Un modèle entraîné à inverser son entrée écrit son premier mot en regardant le dernier. L’attention n’est pas liée à la position\u00a0: elle va chercher la réponse là où elle se trouve.',
  'gallery.source': '{model}, «\u00a0{sentence}\u00a0»',
  'gallery.sourceTemperature': '{model}, «\u00a0{sentence}\u00a0», {temperature}',
  'gallery.loadingToy': 'Chargement du modèle-jouet…',

  // ---- ui/worked.js ----
  'worked.handTitle': 'Les nombres de l’exemple',
  'worked.handCaption': 'Exemple calculé\u00a0: scores, exponentielles et poids',
  'worked.handHint':
    'Chaque α vaut exp(e) ÷ {sum}\u00a0: «\u00a0suis\u00a0» reçoit l’essentiel de l’attention, puisque «\u00a0am\u00a0» le traduit.',
  'worked.modelTitle': 'Ce que calcule le modèle entraîné',
  'worked.noSecondWord':
    'Pour cette phrase, ce modèle ne produit pas de deuxième mot avec attention.',
  'worked.modelIntro':
    'Pour «\u00a0{sentence}\u00a0», le modèle répond «\u00a0{translation}\u00a0». À t = {step}, il produit «\u00a0{word}\u00a0», avec ces nombres\u00a0:',
  'worked.modelCaption': 'Le modèle entraîné à l’étape {step}',
  'worked.unknown': 'Ce modèle ne connaît pas {words}\u00a0: il les lit comme des mots inconnus.',
  'worked.quoted': '«\u00a0{word}\u00a0»',
  'worked.word': 'mot i',
  'worked.handPicture':
    'Les poids de l’exemple appliqués aux h₁, h₂, h₃ du modèle lui-même, mélangés en WebAssembly (l’anneau est ce mélange, projeté).',
  'worked.handCanvas': 'Le mélange de l’exemple, en flèches',
  'worked.modelCanvas': 'Le mélange du modèle entraîné, en flèches',
  'worked.sharper':
    'Les poids du modèle lui-même\u00a0: plus tranchés que ceux de l’exemple, avec {percent} sur «\u00a0{word}\u00a0»\u00a0; c{stepSub} penche donc encore plus vers h{topSub} (l’anneau est le c{stepSub} du modèle, projeté).',
  'worked.softer':
    'Les poids du modèle lui-même\u00a0: plus doux que ceux de l’exemple, avec {percent} sur «\u00a0{word}\u00a0»\u00a0; c{stepSub} penche donc vers h{topSub} (l’anneau est le c{stepSub} du modèle, projeté).',

  // ---- ui/step0.js ----
  'step0.pipeWithout': 'Sans attention\u00a0: tous les mots passent par un seul vecteur',
  'step0.pipeWith':
    'Avec attention\u00a0: une ligne depuis chaque mot, aussi épaisse que son poids',
  'step0.bleuCanvas': 'Score BLEU selon la longueur de la phrase',
  'step0.typeAbove': 'Tapez une phrase ci-dessus.',
  'step0.baselineLoading': 'Chargement du modèle sans attention…',
  'step0.baselineMissing': 'Le modèle sans attention n’est pas disponible.',
  'step0.evaluationLoading': 'Chargement de l’évaluation…',
  'step0.evaluationMissing':
    'Évaluation pas encore disponible (models/evaluation.json est absent)\u00a0: aucun score n’est affiché.',
  'step0.seriesWithout': 'sans attention',
  'step0.seriesWith': 'avec attention',
  'step0.wholeWith': 'avec attention {bleu}',
  'step0.wholeWithout': 'sans {bleu}',
  'step0.bleuCaptionWhole':
    'Score BLEU sur des phrases de test mises de côté (plus il est haut, mieux c’est), par nombre de mots français. Sur tout le jeu de test\u00a0: {scores}.',
  'step0.bleuBucket': '{bucket} mots\u00a0: avec attention {with}, sans {without}',

  // ---- ui/sentence.js ----
  'sentence.prompt': 'Tapez une phrase en français à gauche, ou choisissez un des exemples.',
  'sentence.longWord': 'Un mot de {count} caractères, raccourci ici',
  'sentence.unknownWord': 'Absent du vocabulaire du modèle',
  'sentence.unknownBefore': '«\u00a0',
  'sentence.unknownAfter': '\u00a0» n’est pas un mot que ce modèle connaît',
  'sentence.didYouMean': '\u00a0— vouliez-vous dire ',
  'sentence.hintSeparator': ', ',
  'sentence.hintEnd': '\u00a0?',
  'sentence.readAsUnknown': ' (il est lu comme «\u00a0inconnu\u00a0»).',
  'sentence.replace': 'Remplacer «\u00a0{word}\u00a0» par «\u00a0{hint}\u00a0»',
  'sentence.clipped':
    'Seuls les {srcLen} premiers de vos {count} mots ont été traduits\u00a0: ce modèle lit au plus {srcLen} mots à la fois.',
  // ---- draw/*.js : les mots dessinés sur les canevas ----
  'draw.after': 'après «\u00a0{word}\u00a0»',
  'draw.stateAfter': '{state} après «\u00a0{word}\u00a0»',
  'draw.quoted': '«\u00a0{word}\u00a0»',
  'draw.pipeline.question': 'question',
  'draw.pipeline.scores': 'scores',
  'draw.pipeline.weights': 'poids',
  'draw.pipeline.context': 'contexte',
  'draw.pipeline.output': 'sortie',
  'draw.pipeline.end': 'fin\u00a0: la boucle s’arrête',
  'draw.pipeline.tinted': 'hᵢ, teintés par αₜᵢ',
  'draw.softmax.alpha': 'α = part de la somme',
  'draw.softmax.sum': 'somme = {value}',
  'draw.softmax.explain': 'chaque α est son exponentielle divisée par la somme',
  'draw.anatomy.question': '← la question, la même pour chaque mot',
  'draw.anatomy.perWord': 'pour chaque mot\u00a0: Uₐhᵢ, plus la question, puis tanh',
  'draw.anatomy.word': 'Uₐ hᵢ  (le mot)',
  'draw.anatomy.sum': '+ Wₐ s₍ₜ₋₁₎  =  somme',
  'draw.anatomy.tanh': 'tanh(somme)  (courbée)',
  'draw.anatomy.line': 'Les scores eₜᵢ sur une droite graduée (étape t = {step})',
  'draw.question.numbers': '{count} nombres, gardés après avoir dit «\u00a0{word}\u00a0»',
  'draw.question.path': 'Chaque étape pose une nouvelle question\u00a0:',
  'draw.decoder.question': '{state} (question)',
  'draw.decoder.context': '{context} (contexte, {count} nombres)',
  'draw.decoder.update': 'mise à jour',
  'draw.decoder.output': 'sortie',
  'draw.decoder.nextQuestion': '{state} (question suivante)',
  'draw.decoder.loop': '↺ {state} pose la question de l’étape {next}',
  'draw.decoder.likely': 'Valeurs les plus probables de {word}',
  'draw.pipe.vector': 'un seul vecteur fixe',
  'draw.pipe.decoder': 'décodeur',
  'draw.bleu.sentences': '{count} phrases',
  'draw.bleu.axis': 'Mots français dans la phrase',

  // ---- index.html et ui/whatif*.js : le chapitre « Et si… » ----
  'whatif.number': 'Et si…',
  'whatif.title': 'Et si le décodeur avait fait d’autres choix\u00a0?',
  'whatif.lede':
    'Tout ce qui précède est un décodage glouton\u00a0: à chaque étape, le modèle dit son mot le plus probable et ne revient jamais dessus. Changez les règles et regardez le même réseau répondre\u00a0: garder plusieurs brouillons en vie à la fois, imposer où une étape regarde, ou donner au modèle la traduction que vous attendez et mesurer à quel point chaque mot le surprend.',
  'whatif.tabs': 'Expériences «\u00a0et si\u00a0»',
  'whatif.tab.beam': 'Recherche en faisceau',
  'whatif.tab.edit': 'Modifier l’attention',
  'whatif.tab.forcing': 'Forçage par la référence',

  // Recherche en faisceau (index.html, puis ui/whatif-beam.js)
  'whatif.beam.intro':
    'La recherche en faisceau garde à chaque étape les <var>k</var> traductions inachevées les plus probables au lieu d’une seule\u00a0: un mot qui semblait deuxième peut encore l’emporter une fois la phrase terminée. Chaque case est un début de phrase (un préfixe) que le faisceau a gardé, avec sa log-probabilité cumulée\u00a0; les branches dont ne sort aucune traduction finale sont estompées. Choisissez une case (clic, ou Tab puis les flèches) pour voir l’attention de ce préfixe.',
  'whatif.beam.decoding': 'Décodage',
  'whatif.beam.greedy': 'Glouton',
  'whatif.beam.beam': 'En faisceau',
  'whatif.beam.width': 'Largeur du faisceau <var>k</var>',
  'whatif.beam.finalTitle': 'Traductions finales, de la meilleure à la moins bonne',
  'whatif.beam.selectedTitle': 'Le préfixe choisi',
  'whatif.beam.tree':
    'Arbre de la recherche en faisceau\u00a0: une colonne par étape, une case par préfixe gardé',
  // The model's markers as the page names them: the start of the output, its end, a word it
  // does not know.
  'word.start': '⟨début⟩',
  'word.end': '⟨fin⟩',
  'word.unknown': '⟨inconnu⟩',
  'whatif.beam.noSentence':
    'Tapez une phrase en français ci-dessus pour voir sa recherche en faisceau.',
  'whatif.beam.noBeam':
    'Cette version du traducteur n’a pas de recherche en faisceau (reconstruisez web/wasm/ avec tools/build.sh).',
  'whatif.beam.selectedCanvas': 'Attention du préfixe choisi',
  'whatif.beam.roleBest': 'sur la meilleure traduction',
  'whatif.beam.roleFinal': 'sur la traduction {rank}',
  'whatif.beam.rolePruned': 'élagué\u00a0: aucune traduction finale ne le prolonge',
  'whatif.beam.roleFinished': '{role}, terminé',
  'whatif.beam.node':
    't = {step}, «\u00a0{word}\u00a0»\u00a0: log p {logProb}, p de ce mot {prob}, {role}',
  'whatif.beam.greedyChain':
    'Le décodage glouton ne garde qu’un seul préfixe\u00a0: l’arbre est une simple chaîne, «\u00a0{translation}\u00a0».',
  'whatif.beam.agrees':
    'Avec {width} brouillons en vie, la meilleure traduction terminée reste celle du décodage glouton\u00a0: «\u00a0{translation}\u00a0».',
  'whatif.beam.differs':
    'Avec {width} brouillons en vie, la recherche en faisceau trouve «\u00a0{translation}\u00a0», que le décodage glouton a manquée (il dit «\u00a0{greedy}\u00a0»).',
  'whatif.beam.hypothesis': '{rank}. {translation}',
  'whatif.beam.hypothesisScores': 'log p {logProb} sur {words} mots · score {score}',
  'whatif.beam.bestBadge': 'meilleure',
  'whatif.beam.greedyBadge': 'gloutonne',
  'whatif.beam.prefix': 'Préfixe «\u00a0{words}\u00a0».',
  'whatif.beam.prefixProb': 'Log p cumulée = {logProb} (probabilité {prob}).',
  'whatif.beam.wordProb': 'Cette étape a choisi «\u00a0{word}\u00a0» avec p = {prob}.',
  'whatif.beam.finalOf':
    'Ce préfixe termine la traduction finale {rank} sur {count}, score {score} (log p par mot\u00a0: c’est ainsi que le faisceau classe les traductions terminées, pour qu’une traduction plus longue ne soit pas pénalisée du seul fait de sa longueur).',
  'whatif.beam.prunedNote':
    'Aucune traduction terminée ne prolonge ce préfixe\u00a0: le faisceau l’a abandonné pour de plus probables.',

  // Modifier l’attention (index.html, puis ui/whatif-edit.js)
  'whatif.edit.intro':
    'Prenez la main sur le softmax d’une étape\u00a0: faites glisser une barre (les autres poids diminuent ou augmentent pour que la somme reste 1), ou envoyez toute l’attention de l’étape sur un seul mot français. Le modèle utilise alors vos poids au lieu des siens à cette étape, puis décode à nouveau la suite de la phrase. Touches sur une barre\u00a0: ← → par pas de 0,05, Pg préc. / Pg suiv. par pas de 0,25, Début pour 0, Fin ou Entrée pour tout.',
  'whatif.edit.step': 'Étape <var>t</var> à modifier',
  'whatif.edit.reset': 'Réinitialiser',
  'whatif.edit.pins': 'Envoyer toute l’attention de l’étape sur un seul mot',
  'whatif.edit.originalTitle': 'La traduction du modèle lui-même',
  'whatif.edit.editedTitle': 'Avec votre attention à l’étape <var>t</var>',
  'whatif.edit.heatmap': 'L’attention après la modification',
  'whatif.edit.heatmapHint':
    'La ligne encadrée est celle que vous avez fixée\u00a0; toutes les lignes suivantes ont été décodées à nouveau à partir d’elle.',
  'whatif.edit.noSentence': 'Tapez une phrase en français ci-dessus pour modifier son attention.',
  'whatif.edit.noAttention': 'Ce modèle n’a pas d’attention\u00a0: il n’y a donc rien à modifier.',
  'whatif.edit.noForcing':
    'Cette version du traducteur ne sait pas imposer des poids d’attention (reconstruisez web/wasm/ avec tools/build.sh).',
  'whatif.edit.oneWord':
    'Avec un seul mot français, il n’y a rien à répartir\u00a0: son poids vaut 1 à chaque étape.',
  'whatif.edit.stepOption': 't = {step} · «\u00a0{word}\u00a0»',
  'whatif.edit.bars': 'Poids d’attention de l’étape {step}',
  'whatif.edit.legendOriginal': 'l’α du modèle',
  'whatif.edit.legendEdited': 'vos poids',
  'whatif.edit.slider': 'Attention sur «\u00a0{word}\u00a0»',
  'whatif.edit.sliderValue': '{value} (le modèle\u00a0: {original})',
  'whatif.edit.describeBar': '{word}\u00a0: {value}',
  'whatif.edit.pin': 'Toute l’attention sur «\u00a0{word}\u00a0»',
  'whatif.edit.pinsTitle': 'Ne regarder que\u00a0:',
  'whatif.edit.unedited':
    'L’étape {step} («\u00a0{word}\u00a0») telle que le modèle l’a calculée. Faites glisser une barre ou choisissez un mot pour prendre la main.',
  'whatif.edit.unchanged':
    'Avec vos poids à l’étape {step}, le décodeur choisit toujours les mêmes mots\u00a0: la traduction ne change pas.',
  'whatif.edit.nextChanged':
    'L’étape {step} dit maintenant «\u00a0{after}\u00a0» au lieu de «\u00a0{before}\u00a0», et le décodeur repart de là\u00a0: {count}.',
  'whatif.edit.laterChanged':
    'L’étape {step} dit toujours «\u00a0{word}\u00a0», mais son nouveau contexte change la suite\u00a0: {count}.',
  // Les nombres suivent la règle de pluriel de la langue (Intl.PluralRules : 0 et 1 au singulier).
  'whatif.edit.differCount': '{added}, {removed}',
  'whatif.edit.added.one': '{count} mot nouveau',
  'whatif.edit.added.other': '{count} mots nouveaux',
  'whatif.edit.removed.one': '{count} supprimé',
  'whatif.edit.removed.other': '{count} supprimés',
  'whatif.edit.droppedWord': 'supprimé par la modification',
  'whatif.edit.newWord': 'apparu avec la modification',
  'whatif.edit.forcedWord': 'étape {step}, attention fixée par vous',
  'whatif.edit.failed': 'La modification n’a pas pu être décodée\u00a0: {error}',

  // Forçage par la référence (index.html, puis ui/whatif-forcing.js)
  'whatif.forcing.intro':
    'C’est ainsi que se fait l’entraînement («\u00a0teacher forcing\u00a0»)\u00a0: on donne au modèle la traduction de référence mot par mot, sans tenir compte de ce qu’il aurait dit lui-même, et il paie une perte de −log <var>p</var> pour chaque mot de la référence (0 s’il en était certain, une perte élevée s’il était surpris). La perplexité, e puissance la perte moyenne, se lit «\u00a0aussi hésitant qu’un tirage équitable entre autant de mots\u00a0». Tapez l’anglais que vous attendez\u00a0; au départ, c’est la traduction du modèle lui-même.',
  'whatif.forcing.reference': 'Traduction de référence',
  'whatif.forcing.reset': 'Reprendre la traduction du modèle',
  'whatif.forcing.caption': 'Probabilité et perte de chaque mot de la référence',
  'whatif.forcing.word': 'Mot de la référence',
  'whatif.forcing.loss': 'Perte −log <var>p</var>',
  'whatif.forcing.bar': 'La perte en barre',
  'whatif.forcing.pick': 'Le choix du modèle lui-même',
  'whatif.forcing.heatmapTitle': 'Où le modèle regarde en lisant la référence',
  'whatif.forcing.heatmap': 'L’attention pendant la lecture de la référence',
  'whatif.forcing.noSentence':
    'Tapez une phrase en français ci-dessus, puis l’anglais que vous attendez pour elle.',
  'whatif.forcing.emptyReference':
    'Tapez une traduction anglaise pour voir à quel point le modèle la trouve probable.',
  'whatif.forcing.failed': 'Cette référence ne peut pas être évaluée\u00a0: {error}',
  'whatif.forcing.unknown':
    'Le modèle n’a jamais vu {words}. Chacun est lu comme le jeton des mots inconnus, ⟨unknown⟩\u00a0: sa perte en dit donc peu sur le mot lui-même.',
  'whatif.forcing.total': 'Perte totale Σ −log p',
  'whatif.forcing.mean': 'Perte moyenne par mot',
  'whatif.forcing.perplexity': 'Perplexité',
  'whatif.forcing.count': 'Mots évalués',
  'whatif.forcing.countValue': '{count}, marqueur de fin compris',
  'whatif.forcing.compare':
    'Pour comparer, la traduction du modèle lui-même\u00a0: perte moyenne {mean}, perplexité {perplexity}.',
  'whatif.forcing.surprise':
    'Le mot qui surprend le plus le modèle\u00a0: «\u00a0{word}\u00a0» (perte {loss}).',
  'whatif.forcing.samePick': 'le même',
  'whatif.forcing.otherPick': '«\u00a0{word}\u00a0» (p {prob})',

  // ---- ui/share.js et ui/export-menu.js ----
  'share.group': 'Partager et exporter',
  'share.copyLink': 'Copier le lien',
  'share.copyLinkTitle':
    'Un lien vers cette vue\u00a0: la phrase, l’étape, la case choisie et le chapitre',
  'share.copied': 'Lien copié.',
  'share.copyByHand': 'Appuyez sur Ctrl+C (⌘C sur Mac) pour copier le lien sélectionné.',
  'share.linkField': 'Lien vers cette vue',
  'export.heatmap': 'Carte',
  'export.heatmapLabel': 'Télécharger la carte d’attention',
  'export.trace': 'Trace',
  'export.traceLabel': 'Télécharger la trace',
  'export.png': 'La carte d’attention en image PNG, au double de sa taille, avec ses étiquettes',
  'export.svg': 'La carte d’attention en image vectorielle SVG, pour diapositives et articles',
  'export.csv': 'Un tableau d’une ligne par étape et par mot source\u00a0: score e et α',
  'export.json': 'Toute la trace, chaque valeur intermédiaire, avec le modèle',
  'export.noAttention':
    'Ce modèle n’a pas d’attention, donc pas de carte d’attention\u00a0: seulement la trace JSON.',
  'export.saved': 'Téléchargement de {name}.',
  'export.failed': '{name} n’a pas pu être créé\u00a0: {message}',
  'export.noImage': 'le navigateur n’a pas pu encoder l’image',
  // La figure exportée (lib/export.js, draw/heatmap-figure.js), dans la langue de la page.
  'export.figure.subtitle': '→ «\u00a0{translation}\u00a0» · poids d’attention α du modèle {model}',
  'export.figure.subtitleTemperature':
    '→ «\u00a0{translation}\u00a0» · poids d’attention α du modèle {model} à la température τ = {temperature}',
  'export.figure.description':
    'Grille {rows} × {cols}\u00a0: une ligne par mot produit t, une colonne par mot source i\u00a0; chaque case est α_ti, la part d’attention que le mot source i a reçue pendant le choix du mot produit t (échelle de couleurs viridis, de 0 à 1\u00a0; chaque ligne fait 1 au total).',
  'export.figure.sourceAxis': 'mot source i →',
  'export.figure.outputAxis': 'mot produit t →',
  'export.figure.scale': 'poids d’attention α',

  // ---- main.js et lib/loader.js : le chargement et ses échecs ----
  'load.wasm': 'Chargement du traducteur (WebAssembly, version {flavour})…',
  'load.wasmDownload': 'Téléchargement de la version {flavour} de WebAssembly',
  'load.model': 'Chargement du modèle {name}…',
  'load.modelDownload': 'Téléchargement du modèle {name}.aem',
  'load.progress': '{what}\u00a0: {received}',
  'load.progressOf': '{what}\u00a0: {received} sur {total}',
  'load.badModelName':
    '«\u00a0{name}\u00a0» n’est pas un nom de modèle que cette page peut charger (lettres, chiffres et tirets seulement).',
  'load.unexpected': 'Erreur inattendue pendant le chargement\u00a0: {message}',
  'load.unusableModel': '{url} n’est pas un fichier de modèle utilisable\u00a0: {error}',
  'load.modelHasNoAttention': 'Le modèle chargé n’a lui-même pas d’attention.',
  'load.baselineFailed': 'Le modèle sans attention n’a pas pu être chargé\u00a0: {message}',
  'load.noWasm': 'Ce navigateur ne peut pas exécuter WebAssembly.',
  'load.notDownloaded': '{url} n’a pas pu être téléchargé ({reason}).',
  'load.notLoaded': '{url} n’a pas pu être chargé ({reason}).',
  'load.notStarted': '{url} n’a pas pu être démarré ({reason}).',
  'load.notFound': 'HTTP 404, fichier introuvable',
  'load.httpStatus': 'HTTP {status}',
  'embed.element': 'Explorateur de l’attention\u00a0: {sentence}',
  'embed.elementTranslated': 'Explorateur de l’attention\u00a0: {sentence} → {translation}',
  'embed.source': 'Français',
  'embed.target': 'Anglais',
  'embed.loading': 'Chargement du traducteur…',
  'embed.couldNotStart': 'Le traducteur n’a pas pu démarrer\u00a0: {reason}',
  'embed.typeSentence': 'Tapez une phrase à traduire.',
  'embed.openFull': 'Ouvrir cette phrase dans l’explorateur complet',
  'embed.noAttention': 'Ce modèle n’a pas d’attention à montrer.',
  'embed.heatmap':
    'Carte d’alignement\u00a0: {rows} mots anglais (lignes) sur {cols} mots français (colonnes).',
  'embed.previous': '← Précédent',
  'embed.previousLabel': 'Étape précédente',
  'embed.next': 'Suivant →',
  'embed.nextLabel': 'Étape suivante',
  'embed.caption': 'Étape {step} sur {steps}\u00a0: «\u00a0{word}\u00a0»',
  'embed.bars': 'Attention de «\u00a0{word}\u00a0» sur les mots français',
  'embed.describe':
    'étape {step}\u00a0: «\u00a0{word}\u00a0» porte {percent} de son attention sur «\u00a0{source}\u00a0»',
  'embed.describeNoAttention':
    'étape {step}\u00a0: «\u00a0{word}\u00a0» (ce modèle n’a pas d’attention)',
};
