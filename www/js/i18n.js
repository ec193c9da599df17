// Every string the page shows, in English and Simplified Chinese.
// Static text in index.html carries data-i18n="key" (text) or data-i18n-attr="attr:key,…".

import { BLACK, LETTERS } from './constants.js';
import { PUZZLES_EN, PUZZLES_ZH } from './i18n-puzzles.js';

export const LANGUAGES = [
  ['en', 'English'],
  ['zh-CN', '简体中文'],
];

const EN = {
  title: 'Gomoku',
  heading: 'Gomoku',
  tagline: 'Five in a row. You against the computer.',
  debugBuild: 'This is a debug build of the engine: it thinks several times slower and plays weaker than the released game.',
  language: 'Language',
  boardLabel: 'Gomoku board, {size} by {size}. Arrow keys move the cursor, Enter or Space places a stone.',
  boardArea: 'Board',
  loading: 'Loading…',
  engineFailed: 'The game engine failed to load.',
  black: 'black',
  white: 'white',
  Black: 'Black',
  White: 'White',
  yourMove: 'Your move ({color})',
  thinking: 'Computer is thinking…',
  colorToMove: '{color} to move',
  colorThinking: '{color} is thinking…',
  watchPaused: 'Paused ({color} to move)',
  watchLimit: 'Stopped after {n} moves, as the link asks',
  matchup: 'Players',
  matchupColor: '{color}: ',
  colorWins: '{color} wins',
  youWin: 'You win!',
  computerWins: 'Computer wins',
  draw: 'Draw',
  replaying: 'Move {n} of {total}',
  openingHint: 'Black opens: place your stone on any point.',
  renjuHint: 'Renju: black may not play the points marked ×.',
  fiveFor: 'Five in a row for {color} after {n} moves.',
  boardFull: 'The board is full.',
  noLegalPoint: 'No legal point is left for black: a draw.',
  youResigned: 'You resigned.',
  occupied: '{point} is already occupied.',
  forbidden: '{point} is forbidden for black under renju.',
  searchLine: 'Depth {depth} · {nodes} {nodes|node|nodes} · best {best}',
  searchStart: 'Searching…',
  tapAgain: 'Tap {point} again to place your stone.',
  hintLooking: 'Looking for a good move…',
  hintIs: 'Hint: {point}',
  hintFailed: 'No hint available: {message}',
  computerFailed: 'The computer could not move: {message}',
  newGame: 'New game',
  undo: 'Undo',
  undoTitle: 'Take back your last move and the computer’s reply',
  redo: 'Redo',
  redoTitle: 'Play the taken-back moves again',
  hint: 'Hint',
  hintTitle: 'Suggest a move for you',
  switchColors: 'Switch colours',
  switchColorsTitle: 'The computer takes over your colour and you take its',
  resign: 'Resign',
  resignTitle: 'Give up this game',
  resignAsk: 'Resign this game?',
  resignAskDetail: 'The computer wins it. Undo takes the resignation back.',
  resignConfirm: 'Resign',
  gameInfo: '{rule} · {size}×{size}',
  overline: 'Six or more in a row does not win under standard rules.',
  moveNow: 'Move now',
  moveNowTitle: 'Stop thinking and play the best move found so far',
  level: 'Level',
  levelNote: 'A new level plays from the computer’s next move.',
  groupBeginner: 'Beginner',
  groupCasual: 'Casual',
  groupIntermediate: 'Intermediate',
  groupStrong: 'Strong',
  groupMaster: 'Master',
  explain: 'See how it thinks',
  heatmap: 'Heatmap',
  heatmapNote: 'How the level rates every empty point for the side to move.',
  analysis: 'Analysis',
  analysisNote: 'Evaluation, best line and threats.',
  numbers: 'Move numbers',
  heatLow: 'low',
  heatHigh: 'high',
  heatPoint: '{point}: {score}',
  heatHover: 'Point at the board (on a touch screen, tap) to read a score and how it is made.',
  evaluation: 'Evaluation',
  winChance: '{color} {percent}%',
  evalNone: 'No search yet: the computer’s next move or a hint fills this in.',
  evalArticle: 'This level does not search; a hint shows an evaluation.',
  mateIn: '{color} wins in {n}',
  bestLine: 'Best line',
  searchStats: 'Depth {depth} · {nodes} {nodes|node|nodes} · {time}',
  searchOf: 'Search by {who} before move {n}',
  whoComputer: 'the computer',
  whoHint: 'the hint',
  threatsLegend: 'Where a stone would make a threat: dark badges for black, light for white; a red rim must be answered at once.',
  threatThree: 'open three: an open four next',
  threatFour: 'four: five next unless blocked',
  threatOpenFour: 'open four: five next, unstoppable',
  threatFourThree: 'four-three: wins',
  threatDoubleThree: 'double three (forbidden for black in renju)',
  threatFive: 'five: wins now',
  moves: 'Moves',
  noMoves: 'No moves yet',
  copyMoves: 'Copy moves',
  pasteMoves: 'Load moves…',
  copyLink: 'Copy link',
  exportPsq: 'Save PSQ',
  importPsq: 'Open PSQ…',
  copied: 'Copied to the clipboard.',
  copyFailed: 'Could not copy. Select the text and copy it yourself:',
  loaded: 'Game loaded: {n} {n|move|moves}.',
  replayFirst: 'First move',
  replayPrev: 'Previous move',
  replayNext: 'Next move',
  replayLast: 'Last move',
  replayCounter: '{n} / {total}',
  review: 'Review',
  reviewTitle: 'Review the game: where it turned, and the better moves',
  reviewClose: 'Close the review',
  reviewing: 'Reviewing… position {done} of {total}',
  reviewCancel: 'Stop',
  reviewFailed: 'The review stopped: {message}',
  reviewGraph: 'Black’s chance to win over the game; click a point to go to that move',
  reviewStart: 'Start',
  reviewAccuracy: 'accuracy {n}%',
  reviewChance: '{color} {percent}%',
  reviewProven: '{color} wins by force in {n} {n|move|moves}',
  reviewWon: '{color} has won',
  reviewDrawn: 'Draw',
  reviewMove: '{n}. {point} ({color}): {class}',
  reviewDrop: '{before}% → {after}%',
  reviewBetter: 'Better: {point}',
  reviewShowBetter: 'Show {point}',
  reviewLine: 'Better line, move {step} of {total}: {points}',
  reviewLinePrev: 'One move back in the better line',
  reviewLineNext: 'One move on in the better line',
  reviewBack: 'Back to the game',
  reviewPickMove: 'Step through the moves (← →) or click the graph to see each move’s class.',
  reviewSide: '{color}: {accuracy}',
  class_forced: 'Forced',
  class_best: 'Best',
  class_good: 'Good',
  class_inaccuracy: 'Inaccuracy',
  class_mistake: 'Mistake',
  class_blunder: 'Blunder',
  class_missed_win: 'Missed win',
  replayHelp: 'Use ← and → to step through the game.',
  gameOverWin: 'You win!',
  gameOverLoss: 'The computer wins',
  gameOverDraw: 'Draw',
  gameOverResigned: 'You resigned',
  gameOverMoves: '{n} {n|move|moves}',
  replay: 'Replay',
  share: 'Copy link',
  close: 'Close',
  dialogNewGame: 'New game',
  firstMove: 'First move',
  players: 'Players',
  modePlay: 'You and the computer',
  modeTwo: 'Two players',
  modeWatch: 'Watch the computer',
  whiteLevel: 'White’s level',
  blackLevel: 'Black’s level',
  coachLevel: 'Coach (hints and heatmap)',
  pause: 'Pause',
  resume: 'Play',
  step: 'Step',
  stepTitle: 'One move, then pause again',
  speed: 'Speed',
  speedSlow: 'Slow',
  speedNormal: 'Normal',
  speedFast: 'Fast',
  scoresToggle: 'Scores',
  wordsForced: '{color} wins by force in {n} {n|move|moves}.',
  wordsAhead: '{color} is ahead.',
  wordsEven: 'The game is about even.',
  wordsThreats: '{color} has {fours} {fours|point that makes|points that make} a four and {threes} {threes|that makes|that make} an open three.',
  wordsLooked: 'The search looked {depth} {depth|move|moves} ahead, through {nodes} {nodes|position|positions}.',
  stones: '({n} beside)',
  breakdownSum: 'Article {article}: the parts add up to {total}.',
  breakdownMax: 'Article {article}: the parts are not added; the largest, {total} (marked), is the score.',
  breakdownTwice: 'Article {article} looks in eight directions, so it reads every line twice, once from each end (×2).',
  breakdownTwiceRow: '{part} (×2)',
  breakdownClose: 'Close the breakdown',
  firstHuman: 'You (black)',
  firstComputer: 'Computer',
  rule: 'Rule',
  freestyle: 'Freestyle',
  freestyleTitle: 'Five or more in a row wins',
  standard: 'Standard',
  standardTitle: 'Exactly five wins; overlines do not count',
  renju: 'Renju',
  renjuTitle: 'Black may not make double threes, double fours or overlines',
  boardSize: 'Board size',
  start: 'Start',
  cancel: 'Cancel',
  dialogLoad: 'Load a game',
  loadHelp: 'Paste a move list such as “h8 i9 j10” or a Piskvork PSQ record. It is played on the current board and rule.',
  load: 'Load',
  loadEmpty: 'Nothing to load.',
  fileTooLarge: 'The file is too large for a game record ({kb} kB; at most 100 kB).',
  loadError: 'Could not load the moves: {message}',
  computerSeesLoss: 'The computer sees a forced loss: you can make five in {n} {n|move|moves}.',
  computerSeesLossSomehow: 'The computer sees a forced loss: every reply loses.',
  psqError: 'Not a PSQ record: {message}',
  psqBadHeader: 'the first line must be like “Piskvorky 15x15, 11:11, 0”',
  psqBadSize: 'board size {size} is not supported (5 to 20, square)',
  psqBadMove: 'line {line} is not a move on the board',
  psqNoMoves: 'it holds no moves',
  preferences: 'Preferences',
  tapConfirm: 'Tap twice to place a stone',
  tapConfirmNote: 'The first tap shows where your stone would go.',
  linkProblem: 'The link was not fully understood: {details}',
  linkTooLong: 'the link is too long',
  linkBadParam: '{name} “{value}” is not valid',
  linkBadMoves: 'moves: {message}',
  linkKept: 'The link was not fully understood, so your game was kept: {details}',
  linkMore: 'and {n} more',
  boardProblem: 'Some settings of this board were not understood: {details}',
  storageReset: 'The saved game could not be restored, so a new game was started.',
  saveOff: 'This browser is not saving your game (storage is off or full). The address keeps it: bookmark it or use Copy link.',
  announceMove: '{color} {point}.',
  announceComputer: 'Computer plays {point}.',
  announceCursor: '{point}, {what}',
  empty: 'empty',
  openFull: 'Open the full game',
  benchmark: 'Engine benchmark',
  offlineReady: 'Available offline.',
  levelSearch: 'Search, {s} s a move',
  levelNodes: 'Search, {n} positions a move',
  levelElo: '{name} (Elo {elo})',
  levelAnalysis: 'Analysis, until solved or {s} s',
  opening: 'Opening',
  openingNone: 'None: black starts on an empty board',
  openingRandom: 'A canonical opening at random',
  openingDirect: 'Direct openings',
  openingIndirect: 'Indirect openings',
  openingDirectShort: 'D',
  openingIndirectShort: 'I',
  openingName: '{name} ({number}{kind})',
  swap1: 'Swap1',
  swap2: 'Swap2',
  swap1Title: 'Three stones, then the other side takes a colour',
  swap2Title: 'Three stones, then the other side takes a colour or adds two stones and lets the first choose',
  openingNoteRenju: 'Renju games may start from one of the 26 canonical openings: three stones, white to move.',
  openingNote: 'Swap openings make the first move fair: one side places the first stones, the other chooses its colour.',
  firstSwap: 'Who places the opening stones',
  firstSwapHuman: 'You',
  swapWhoYou: 'you',
  swapWhoFirst: 'first player',
  swapWhoSecond: 'second player',
  swapPlace: '{opening} · {who}: place stone {n} of {total} ({color})',
  swapChoose: '{opening} · {who}: choose a colour',
  swapComputerPlaces: '{opening} · the computer places its opening stones…',
  swapComputerChooses: '{opening} · the computer is choosing…',
  swapPlaceHelp: 'Place black, white, black as evenly as you can: the other side then takes the colour it prefers.',
  swapAddHelp: 'Place a white stone, then a black one: the other side then takes the colour it prefers.',
  swapChooseHelp1: 'Take black (white moves next) or take white and play the next move.',
  swapChooseHelp2: 'Take black, take white, or place two more stones (white, black) and let the other side choose.',
  swapChooseHelpLast: 'Two stones were added: take the colour you prefer.',
  swapTakeBlack: 'Take black',
  swapTakeWhite: 'Take white',
  swapAddTwo: 'Place two more',
  swapProposed: 'The computer placed {stones}: of {n} openings its search compared, the most even (white {percent}%).',
  swapAdded: 'The computer placed two more stones, {stones}, and leaves the colour to the other side: the position was too even to choose (white {percent}% now).',
  swapTook: 'The computer takes {color}: its search gives {color} {percent}%.',
  swapTookProven: 'The computer takes {color}: its search found a forced win for {winner}.',
  swapBudget: 'A search of {nodes} positions for each position compared.',
  swapBudgetArticle: 'This level does not search, so its swap choices come from a small search of {nodes} positions for each position compared.',
  linkOpeningRule: 'the opening {opening} is not played under {rule}',
  linkBadChoice: 'choice {choice} does not fit a swap opening with {n} stones',
};

const ZH = {
  title: '五子棋 Gomoku',
  heading: '五子棋',
  tagline: '五子连珠。你与电脑对弈。',
  debugBuild: '这是引擎的调试版本：思考速度慢数倍，棋力也弱于正式版。',
  language: '语言',
  boardLabel: '五子棋棋盘，{size} × {size}。方向键移动光标，回车或空格落子。',
  boardArea: '棋盘',
  loading: '加载中…',
  engineFailed: '棋局引擎加载失败。',
  black: '黑棋',
  white: '白棋',
  Black: '黑棋',
  White: '白棋',
  yourMove: '轮到你（{color}）',
  thinking: '电脑思考中…',
  colorToMove: '轮到{color}',
  colorThinking: '{color}思考中…',
  watchPaused: '已暂停（轮到{color}）',
  watchLimit: '按链接要求，下满 {n} 手后停止',
  matchup: '对局双方',
  matchupColor: '{color}：',
  colorWins: '{color}获胜',
  youWin: '你赢了！',
  computerWins: '电脑获胜',
  draw: '和棋',
  replaying: '第 {n} 手，共 {total} 手',
  openingHint: '黑棋先行：在任意交叉点落子。',
  renjuHint: '连珠规则：黑棋不能下在标 × 的点。',
  fiveFor: '{color}在第 {n} 手连成五子。',
  boardFull: '棋盘已满。',
  noLegalPoint: '黑棋已无合法落子点：和棋。',
  youResigned: '你认输了。',
  occupied: '{point} 已有棋子。',
  forbidden: '{point} 是黑棋禁手（连珠规则）。',
  searchLine: '深度 {depth} · {nodes} 节点 · 最佳 {best}',
  searchStart: '搜索中…',
  tapAgain: '再点一次 {point} 落子。',
  hintLooking: '正在寻找好棋…',
  hintIs: '提示：{point}',
  hintFailed: '无法提示：{message}',
  computerFailed: '电脑无法落子：{message}',
  newGame: '新对局',
  undo: '悔棋',
  undoTitle: '撤回你的上一手和电脑的应手',
  redo: '重做',
  redoTitle: '重新走出撤回的棋',
  hint: '提示',
  hintTitle: '为你推荐一手棋',
  switchColors: '互换黑白',
  switchColorsTitle: '电脑接手你的颜色，你接手它的',
  resign: '认输',
  resignTitle: '放弃本局',
  resignAsk: '确定认输吗？',
  resignAskDetail: '本局判电脑获胜。用“悔棋”可以撤回认输。',
  resignConfirm: '认输',
  gameInfo: '{rule} · {size}×{size}',
  overline: '标准规则下，六子或以上连成一线（长连）不算胜。',
  moveNow: '立即落子',
  moveNowTitle: '停止思考，走出目前找到的最佳一手',
  level: '难度',
  levelNote: '新难度从电脑的下一手开始生效。',
  groupBeginner: '入门',
  groupCasual: '休闲',
  groupIntermediate: '中级',
  groupStrong: '高手',
  groupMaster: '大师',
  explain: '看看它怎么想',
  heatmap: '热力图',
  heatmapNote: '当前难度为轮走方对每个空点的评分。',
  analysis: '分析',
  analysisNote: '局面评估、最佳变化和威胁。',
  numbers: '显示手数',
  heatLow: '低',
  heatHigh: '高',
  heatPoint: '{point}：{score}',
  heatHover: '指向棋盘上的点（触屏上轻点）查看评分及其来由。',
  evaluation: '局面评估',
  winChance: '{color} {percent}%',
  evalNone: '尚未搜索：电脑的下一手或提示会给出评估。',
  evalArticle: '此难度不做搜索；使用提示可查看评估。',
  mateIn: '{color} {n} 手内必胜',
  bestLine: '最佳变化',
  searchStats: '深度 {depth} · {nodes} 节点 · {time}',
  searchOf: '{who}在第 {n} 手前的搜索',
  whoComputer: '电脑',
  whoHint: '提示',
  threatsLegend: '在此落子会形成的威胁：深色标记为黑方，浅色为白方；红边表示必须立即应对。',
  threatThree: '活三：下一手可成活四',
  threatFour: '冲四：不挡下一手成五',
  threatOpenFour: '活四：下一手必成五',
  threatFourThree: '四三：必胜',
  threatDoubleThree: '双三（连珠规则下黑方禁手）',
  threatFive: '成五：立即获胜',
  moves: '棋谱',
  noMoves: '尚无落子',
  copyMoves: '复制棋谱',
  pasteMoves: '载入棋谱…',
  copyLink: '复制链接',
  exportPsq: '保存 PSQ',
  importPsq: '打开 PSQ…',
  copied: '已复制到剪贴板。',
  copyFailed: '无法复制。请选中下面的文字自行复制：',
  loaded: '已载入棋局：{n} 手。',
  replayFirst: '第一手',
  replayPrev: '上一手',
  replayNext: '下一手',
  replayLast: '最后一手',
  replayCounter: '{n} / {total}',
  review: '复盘',
  reviewTitle: '复盘：哪里是转折点，更好的着法是什么',
  reviewClose: '关闭复盘',
  reviewing: '复盘中……第 {done} / {total} 个局面',
  reviewCancel: '停止',
  reviewFailed: '复盘中止：{message}',
  reviewGraph: '全局黑方胜率曲线；点击某处可跳到那一手',
  reviewStart: '开始',
  reviewAccuracy: '准确度 {n}%',
  reviewChance: '{color} {percent}%',
  reviewProven: '{color}已必胜，{n} 手成五',
  reviewWon: '{color}已获胜',
  reviewDrawn: '和棋',
  reviewMove: '第 {n} 手 {point}（{color}）：{class}',
  reviewDrop: '{before}% → {after}%',
  reviewBetter: '更好：{point}',
  reviewShowBetter: '看 {point}',
  reviewLine: '更好的变化，第 {step} / {total} 手：{points}',
  reviewLinePrev: '变化后退一手',
  reviewLineNext: '变化前进一手',
  reviewBack: '回到对局',
  reviewPickMove: '逐手回放（← →）或点击曲线，查看每一手的评价。',
  reviewSide: '{color}：{accuracy}',
  class_forced: '必应',
  class_best: '最佳',
  class_good: '好棋',
  class_inaccuracy: '欠准',
  class_mistake: '失误',
  class_blunder: '败着',
  class_missed_win: '错失胜机',
  replayHelp: '用 ← 和 → 逐手回放。',
  gameOverWin: '你赢了！',
  gameOverLoss: '电脑获胜',
  gameOverDraw: '和棋',
  gameOverResigned: '你认输了',
  gameOverMoves: '共 {n} 手',
  replay: '回放',
  share: '复制链接',
  close: '关闭',
  dialogNewGame: '新对局',
  firstMove: '先手',
  players: '对弈双方',
  modePlay: '你与电脑',
  modeTwo: '双人对弈',
  modeWatch: '观看电脑对弈',
  whiteLevel: '白棋难度',
  blackLevel: '黑棋难度',
  coachLevel: '教练（提示与热力图）',
  pause: '暂停',
  resume: '继续',
  step: '单步',
  stepTitle: '走一步后再暂停',
  speed: '速度',
  speedSlow: '慢',
  speedNormal: '中',
  speedFast: '快',
  scoresToggle: '分值',
  wordsForced: '{color}可在 {n} 手内强行取胜。',
  wordsAhead: '{color}占优。',
  wordsEven: '局面大致均势。',
  wordsThreats: '{color}有 {fours} 个可成四的点、{threes} 个可成活三的点。',
  wordsLooked: '搜索向前看了 {depth} 手，共 {nodes} 个局面。',
  stones: '（旁有 {n} 子）',
  breakdownSum: '文章 {article}：各项相加得 {total}。',
  breakdownMax: '文章 {article}：各项不相加，取最大的一项 {total}（已标出）作为分值。',
  breakdownTwice: '文章 {article} 向八个方向看，每条线从两端各读一次，计两次（×2）。',
  breakdownTwiceRow: '{part}（×2）',
  breakdownClose: '关闭评分说明',
  firstHuman: '你（黑棋）',
  firstComputer: '电脑',
  rule: '规则',
  freestyle: '自由',
  freestyleTitle: '五子或以上连珠即胜',
  standard: '标准',
  standardTitle: '恰好五子才胜，长连不算',
  renju: '连珠',
  renjuTitle: '黑棋禁止双三、双四和长连',
  boardSize: '棋盘大小',
  start: '开始',
  cancel: '取消',
  dialogLoad: '载入棋局',
  loadHelp: '粘贴棋谱（如“h8 i9 j10”）或 Piskvork PSQ 记录。棋局按当前棋盘和规则载入。',
  load: '载入',
  loadEmpty: '没有可载入的内容。',
  fileTooLarge: '文件过大，无法作为棋谱载入（{kb} kB；最多 100 kB）。',
  loadError: '无法载入棋谱：{message}',
  computerSeesLoss: '电脑已看出必败：你可以在 {n} 手内连成五子。',
  computerSeesLossSomehow: '电脑已看出必败：无论怎么应都会输。',
  psqError: '不是 PSQ 记录：{message}',
  psqBadHeader: '第一行应形如“Piskvorky 15x15, 11:11, 0”',
  psqBadSize: '不支持 {size} 路棋盘（5 到 20，正方形）',
  psqBadMove: '第 {line} 行不是棋盘上的一手',
  psqNoMoves: '其中没有棋步',
  preferences: '偏好设置',
  tapConfirm: '点两次落子',
  tapConfirmNote: '第一次点击显示棋子将落的位置。',
  linkProblem: '链接中有无法识别的内容：{details}',
  linkTooLong: '链接过长',
  linkBadParam: '{name}“{value}”无效',
  linkBadMoves: '棋谱：{message}',
  linkKept: '链接中有无法识别的内容，已保留你的棋局：{details}',
  linkMore: '另有 {n} 处问题',
  boardProblem: '此棋盘的部分设置无法识别：{details}',
  storageReset: '保存的棋局无法恢复，已开始新对局。',
  saveOff: '此浏览器没有保存你的棋局（存储已关闭或已满）。地址栏中保留着这局棋：可收藏该地址或使用“复制链接”。',
  announceMove: '{color} {point}。',
  announceComputer: '电脑下在 {point}。',
  announceCursor: '{point}，{what}',
  empty: '空',
  openFull: '打开完整棋局',
  benchmark: '引擎基准测试',
  offlineReady: '可离线使用。',
  levelSearch: '搜索，每手 {s} 秒',
  levelNodes: '搜索，每手 {n} 个局面',
  levelElo: '{name}（等级分 {elo}）',
  levelAnalysis: '分析，直到解出或 {s} 秒',
  opening: '开局',
  openingNone: '无：黑棋在空棋盘先行',
  openingRandom: '随机一个标准开局',
  openingDirect: '直指开局',
  openingIndirect: '斜指开局',
  openingDirectShort: '直指',
  openingIndirectShort: '斜指',
  openingName: '{name}（{kind}{number}）',
  swap1: '一次交换（Swap1）',
  swap2: '二次交换（Swap2）',
  swap1Title: '先摆三子，另一方选择执黑或执白',
  swap2Title: '先摆三子，另一方选择执黑、执白，或再摆两子让先摆方选择',
  openingNoteRenju: '连珠对局可以从 26 种标准开局之一开始：三颗棋子，白棋下一手。',
  openingNote: '交换开局让先手公平：一方摆出开局的棋子，另一方选择执哪种颜色。',
  firstSwap: '谁摆开局的棋子',
  firstSwapHuman: '你',
  swapWhoYou: '你',
  swapWhoFirst: '先摆方',
  swapWhoSecond: '选择方',
  swapPlace: '{opening} · {who}：摆第 {n}/{total} 子（{color}）',
  swapChoose: '{opening} · {who}：选择颜色',
  swapComputerPlaces: '{opening} · 电脑正在摆开局的棋子…',
  swapComputerChooses: '{opening} · 电脑正在选择…',
  swapPlaceHelp: '依次摆黑、白、黑三子，尽量均衡：之后另一方选择它想执的颜色。',
  swapAddHelp: '先摆一颗白子，再摆一颗黑子：之后另一方选择它想执的颜色。',
  swapChooseHelp1: '执黑（白棋下一手），或执白并走下一手。',
  swapChooseHelp2: '执黑、执白，或再摆两子（白、黑）让另一方选择。',
  swapChooseHelpLast: '已加摆两子：选择你想执的颜色。',
  swapTakeBlack: '执黑',
  swapTakeWhite: '执白',
  swapAddTwo: '再摆两子',
  swapProposed: '电脑摆了 {stones}：在它的搜索比较的 {n} 个开局中最均衡（白棋 {percent}%）。',
  swapAdded: '电脑又摆了两子 {stones}，把颜色留给另一方选择：局面太均衡，难以取舍（现在白棋 {percent}%）。',
  swapTook: '电脑执{color}：它的搜索认为{color}胜率 {percent}%。',
  swapTookProven: '电脑执{color}：它的搜索找到了{winner}的必胜。',
  swapBudget: '每个比较的局面搜索 {nodes} 个局面。',
  swapBudgetArticle: '这个级别本身不搜索，所以它的交换选择来自一个小搜索：每个比较的局面 {nodes} 个局面。',
  linkOpeningRule: '{rule}规则下没有开局 {opening}',
  linkBadChoice: '选择 {choice} 与有 {n} 子的交换开局不符',
};

// Names of the levels that have one, by level id; search and analysis levels are named by
// their time (levelSearch, levelAnalysis), node-limited levels by their budget (levelNodes).
const LEVEL_NAMES = {
  en: {
    'pattern-001': 'Pattern table (article 001)',
    'scoring-000': 'Offensive scoring table (article 000)',
    'scoring-003': 'Defensive scoring table (article 003)',
    'scoring-004': 'Light scoring table (article 004)',
    'lookahead-002': 'Threat lookahead (article 002)',
  },
  'zh-CN': {
    'pattern-001': '棋型表（文章 001）',
    'scoring-000': '进攻评分表（文章 000）',
    'scoring-003': '防守评分表（文章 003）',
    'scoring-004': '轻量评分表（文章 004）',
    'lookahead-002': '威胁前瞻（文章 002）',
  },
};

// What the engine's errors say in Chinese, by their `code` (see the engine's wasm::Thrown),
// with the detail the English gives (a move list's reason, such as "columns a–o").
// English shows the engine's own message.
const ZH_ERRORS = {
  occupied: '{point} 已有棋子',
  forbidden: '{point} 是黑方禁手（连珠规则）',
  out_of_board: '该点在棋盘之外',
  game_over: '对局已结束',
  nothing_to_undo: '没有可以悔的棋',
  no_legal_move: '已无合法着法',
  bad_size: '不支持该棋盘大小（只能是 5 到 20）',
  bad_move_list: '着法记录第 {position} 个字符（“{found}”）有误：{reason}',
  unknown_rule: '未知的规则',
  unknown_level: '未知的难度',
  not_a_whole_number: '数值必须是整数',
  out_of_range: '数值超出范围',
  too_long: '着法记录太长',
  move_refused: '第 {number} 手（{point}）无法落子：{reason}',
};
// What was wrong in a move list (the engine's `reason` beside bad_move_list), in Chinese;
// `{size}` is the board's side and `{last}` its last column.
const ZH_REASONS = {
  one_point: '应为一个点，如 h8',
  column_or_number: '应为列字母（或手数，如 1.）',
  column: '应为列字母',
  column_past: '列超出了 {last}（列为 a–{last}）',
  row_number: '列字母后应有行号',
  row_range: '行号应为 1 到 {size}',
};
const ERRORS = { 'zh-CN': { codes: ZH_ERRORS, reasons: ZH_REASONS } };

// Words for the parts of a level's score (the engine's explain(): directions, sides, and
// what each article sees on a line or at a point).
const PART_NAMES = {
  en: {
    side_own: 'yours:',
    side_opponent: 'theirs:',
    horizontal: 'horizontal',
    vertical: 'vertical',
    diagonal: 'diagonal',
    'anti-diagonal': 'anti-diagonal',
    east: 'east',
    west: 'west',
    north: 'north',
    south: 'south',
    'north-east': 'north-east',
    'north-west': 'north-west',
    'south-east': 'south-east',
    'south-west': 'south-west',
    east_west: 'east–west',
    north_east_south_west: 'north-east–south-west',
    north_south: 'north–south',
    north_west_south_east: 'north-west–south-east',
    one: 'one stone alone',
    two: 'two in a row',
    dead_three: 'closed three',
    live_three: 'open three',
    blocked_three: 'blocked three',
    dead_four: 'closed four',
    live_four: 'open four',
    blocked_four: 'blocked four',
    five: 'five',
    sleep_four: 'sleeping four',
    sleep_three: 'sleeping three',
    live_two: 'open two',
    sleep_two: 'sleeping two',
    rush_four: 'rush four',
    dead: 'dead line (both ends blocked)',
    overline: 'overline',
    double_four: 'double four',
    four_three: 'four-three',
    double_three: 'double three',
    forbidden: 'forbidden point',
  },
  'zh-CN': {
    side_own: '己方',
    side_opponent: '对方',
    horizontal: '横向',
    vertical: '纵向',
    diagonal: '斜向',
    'anti-diagonal': '反斜向',
    east: '东',
    west: '西',
    north: '北',
    south: '南',
    'north-east': '东北',
    'north-west': '西北',
    'south-east': '东南',
    'south-west': '西南',
    east_west: '东–西',
    north_east_south_west: '东北–西南',
    north_south: '北–南',
    north_west_south_east: '西北–东南',
    one: '单子',
    two: '连二',
    dead_three: '死三',
    live_three: '活三',
    blocked_three: '被堵的三',
    dead_four: '死四',
    live_four: '活四',
    blocked_four: '被堵的四',
    five: '连五',
    sleep_four: '眠四',
    sleep_three: '眠三',
    live_two: '活二',
    sleep_two: '眠二',
    rush_four: '冲四',
    dead: '死线（两端被堵）',
    overline: '长连',
    double_four: '双四',
    four_three: '四三',
    double_three: '双三',
    forbidden: '禁手点',
  },
};

const STRINGS = { en: { ...EN, ...PUZZLES_EN }, 'zh-CN': { ...ZH, ...PUZZLES_ZH } };

let current = 'en';

/** The language to start in: a saved choice, else the browser's, else English. */
export function pickLanguage(saved, browserLanguages = []) {
  if (isLanguage(saved)) return saved; // not `in`: "toString" is no language
  for (const tag of browserLanguages) {
    const lower = String(tag).toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

export function language() {
  return current;
}

export function isLanguage(value) {
  return Object.hasOwn(STRINGS, value);
}

/**
 * `t('yourMove', { color: 'black' })`; unknown keys show as themselves. `{n|move|moves}`
 * picks the singular or the plural by the number `n` (by the language's plural rules: a
 * count such as "12.3k" is plural); Chinese has no such forms.
 */
export function t(key, params = {}) {
  const text = STRINGS[current][key] ?? EN[key] ?? key;
  return fillIn(
    text.replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (match, name, one, other) =>
      name in params ? (pluralRules().select(Number(params[name])) === 'one' ? one : other) : match,
    ),
    params,
  );
}

let plurals = null;
function pluralRules() {
  if (plurals?.resolvedOptions().locale !== current) plurals = new Intl.PluralRules(current);
  return plurals;
}

/** `template` with each `{name}` of `params` filled in; names without a value stay. */
function fillIn(template, params) {
  return template.replace(/\{(\w+)\}/g, (match, name) => (params[name] != null ? String(params[name]) : match));
}

/** Colour name: `colorName(1)` → "black"; `capital` for sentence starts. */
export function colorName(color, capital = false) {
  const key = color === BLACK ? 'black' : 'white';
  return t(capital ? key[0].toUpperCase() + key.slice(1) : key);
}

/** How a level plays, from its description `{ id, kind, time_ms, nodes }` (see levels.js); '' for none. */
export function levelLabel(info) {
  if (!info) return '';
  const { id, kind, time_ms: ms } = info;
  const named = LEVEL_NAMES[current][id] ?? LEVEL_NAMES.en[id];
  if (named) return named;
  const seconds = ms / 1000;
  if (kind === 'search') return t('levelSearch', { s: seconds });
  if (kind === 'analysis') return t('levelAnalysis', { s: seconds });
  if (kind === 'nodes') return t('levelNodes', { n: info.nodes.toLocaleString('en-US') });
  return id;
}

/**
 * What an error thrown by the engine says, in the page's language: by its `code` (with its
 * `point`, `move_number`, `position`, `found`), else its message. Sentence case.
 */
export function errorText(error) {
  const table = ERRORS[current];
  const code = typeof error?.code === 'string' ? error.code : null;
  let text = error instanceof Error ? error.message : String(error);
  const reason = table ? reasonText(table.reasons, error) : null;
  // A move list's problem without words here keeps the engine's English, reason and all.
  if (table && code && Object.hasOwn(table.codes, code) && (code !== 'bad_move_list' || reason !== null)) {
    const params = { point: error.point, position: error.position, found: error.found, reason };
    text = fillIn(table.codes[code], params);
    if (error.move_number != null) {
      text = fillIn(table.codes.move_refused, { number: error.move_number, point: error.point, reason: text });
    }
  }
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What was wrong in a move list (the engine's `reason` and board `size`), or null. */
function reasonText(reasons, error) {
  const reason = typeof error?.reason === 'string' ? error.reason : null;
  if (!reason || !Object.hasOwn(reasons, reason)) return null;
  const size = Number.isInteger(error.size) ? error.size : null;
  return fillIn(reasons[reason], { size, last: size ? LETTERS[size - 1] : null });
}

/**
 * One part of a level's score in words: "vertical · your live two (2 stones)". `part` is
 * `{ direction, side, what, count }` from the engine's explain(); codes without a name here
 * show as words.
 */
export function partText({ direction, side, what, count }) {
  const names = PART_NAMES[current] ?? PART_NAMES.en;
  const word = (code) => names[code] ?? PART_NAMES.en[code] ?? String(code).replaceAll('_', ' ');
  const whose = word(side === 'own' ? 'side_own' : 'side_opponent');
  const counted = count != null ? ` ${t('stones', { n: count })}` : '';
  const seen = `${whose} ${word(what)}${counted}`;
  return direction ? `${word(direction)} · ${seen}` : seen;
}

/** Big counts stay short: 950, 12.3k, 4.5M. */
export function formatCount(n) {
  if (n < 1000) return String(n);
  if (n < 1e6) return `${(n / 1000).toFixed(n < 1e4 ? 1 : 0)}k`;
  return `${(n / 1e6).toFixed(n < 1e7 ? 1 : 0)}M`;
}

/** Switches the language of t() alone: a <gomoku-board> element speaks its own, leaving the page as it is. */
export function useLanguage(lang) {
  current = isLanguage(lang) ? lang : 'en';
}

/** Switches the language and rewrites the static text of `root`. */
export function setLanguage(lang, root = document) {
  useLanguage(lang);
  root.documentElement.lang = current;
  root.title = t(root.documentElement.dataset?.titleKey ?? 'title');
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(',')) {
      const [attr, key] = pair.split(':');
      el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
}
