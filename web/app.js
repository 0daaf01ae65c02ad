// The page: reads the forms, sends the calls of dlx-web.h to the worker,
// shows the answers and draws the board.  The worker's source is the text of
// the <script id="worker-source"> that bundle.py fills; a Blob makes it a
// URL, which works where a worker file would not (pages opened from disk).
'use strict';

const $ = (id) => document.getElementById(id);
// web/index.html itself has no worker source: only the page that bundle.py makes works.
if (!$('worker-source').textContent.trim()) {
  document.body.insertAdjacentHTML('afterbegin', '<p class="err">This is the page\'s source. Build the page: ' +
    '<code>meson setup build-web --cross-file web/emscripten-cross.ini &amp;&amp; ninja -C build-web</code>, ' +
    'then open <code>build-web/web/dlx.html</code>.</p>');
  throw new Error('no worker source: open the built page, build-web/web/dlx.html');
}
const workerUrl = URL.createObjectURL(new Blob([$('worker-source').textContent], { type: 'text/javascript' }));
let worker = null;
let pending = null; // the call under way: { id, resolve }
let nextId = 1;

function startWorker() {
  worker = new Worker(workerUrl);
  worker.onmessage = (e) => {
    if (!pending || e.data.id !== pending.id) return;
    const p = pending;
    pending = null;
    if (e.data.reply.crashed) restartWorker();
    p.resolve(e.data.reply);
  };
  worker.onerror = (e) => {
    if (!pending) return;
    const p = pending;
    pending = null;
    restartWorker();
    p.resolve({ status: 3, out: '', err: `the worker failed: ${e.message}\n` });
  };
}

function restartWorker() {
  worker.terminate();
  startWorker();
}

function setBusy(section, busy, text) {
  const status = $(`${section}-status`);
  status.dataset.state = busy ? 'busy' : 'done';
  status.textContent = text;
  for (const b of document.querySelectorAll('main button')) b.disabled = busy;
  $('stop').disabled = !busy;
}

// One call at a time: the buttons are off while it runs; Stop ends the worker.
function call(section, name, args) {
  const id = nextId++;
  setBusy(section, true, 'searching…');
  const started = performance.now();
  return new Promise((resolve) => {
    pending = { id, resolve };
    worker.postMessage({ id, call: name, args });
  }).then((reply) => {
    const secs = ((performance.now() - started) / 1000).toFixed(3);
    const parts = [`exit status ${reply.status}`];
    if (reply.puzzles !== undefined) parts.push(`${reply.puzzles} puzzle${reply.puzzles === 1 ? '' : 's'}`);
    if (reply.nodes !== undefined) parts.push(`${reply.nodes} nodes`);
    parts.push(`${secs} s`);
    setBusy(section, false, reply.stopped ? `stopped after ${secs} s` : parts.join(', '));
    $(`${section}-out`).textContent = reply.out;
    $(`${section}-err`).textContent = reply.err;
    return reply;
  });
}

$('stop').onclick = () => {
  if (!pending) return;
  const p = pending;
  pending = null;
  restartWorker();
  p.resolve({ status: 130, out: '', err: '', stopped: true });
};

// The symbols of digits 1..N: the puzzle's own alphabet when it has one, else numbers.
function symbolOf(reply, d) {
  return reply.symbols ? reply.symbols[d - 1] : String(d);
}

// Which cells a variant's extra units hold, to shade them as puzzle books do.
function extraUnits(flags, rows, cols) {
  const n = rows * cols;
  const diagonal = (r, c) => (flags & 1) !== 0 && (r === c || r + c === n - 1);
  // Windoku's windows, as dlx-sudoku places them (window_band() in src/sudoku/dlx-sudoku.c): a box's
  // size, starting at line 1, one line apart, each leaving a line after it.
  const count = (size) => (n >= size + 2 ? Math.floor((n - size - 2) / (size + 1)) + 1 : 0);
  const band = (i, size) => i > 0 && (i - 1) % (size + 1) < size && Math.floor((i - 1) / (size + 1)) < count(size);
  const inWindow = (r, c) => (flags & 2) !== 0 && band(r, rows) && band(c, cols);
  return { diagonal, inWindow };
}

function drawBoard(reply, flags, note) {
  const board = $('board');
  board.textContent = '';
  if (!reply.rows) {
    $('board-note').textContent = '';
    return;
  }
  const rows = reply.rows, cols = reply.cols, n = rows * cols;
  board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
  board.style.fontSize = `${Math.max(6, Math.floor(300 / n))}px`;
  const { diagonal, inWindow } = extraUnits(flags, rows, cols);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = document.createElement('div');
      const k = r * n + c;
      const given = reply.givens[k];
      const value = given || (reply.solution ? reply.solution[k] : 0);
      cell.textContent = value ? symbolOf(reply, value) : '';
      if (given) cell.classList.add('given');
      else if (value) cell.classList.add('solved');
      // A jigsaw's regions are set apart by thick borders, as its boxes are on other boards.
      const regions = reply.regions;
      const apart = (k2, across) => (regions ? regions[k] !== regions[k2]
        : across ? (c + 1) % cols === 0 : (r + 1) % rows === 0);
      if (c + 1 < n && apart(k + 1, true)) cell.classList.add('box-right');
      if (r + 1 < n && apart(k + n, false)) cell.classList.add('box-bottom');
      if (diagonal(r, c)) cell.classList.add('diagonal');
      if (inWindow(r, c)) cell.classList.add('window');
      board.appendChild(cell);
    }
  }
  $('board-note').textContent = note;
}

function boardNote(reply) {
  const more = reply.puzzles > 1 ? ` (the first of ${reply.puzzles} puzzles)` : '';
  return (reply.solution ? 'Givens in bold, the solution in blue' : 'The givens') + more + '.';
}

function sudoku(mode) {
  const flags = Number($('variant').value);
  call('sudoku', 'sudoku', {
    text: $('sudoku-input').value, mode, flags, nodeLimit: $('sudoku-node-limit').value.trim(),
  }).then((reply) => drawBoard(reply, flags, boardNote(reply)));
}

for (const mode of ['solve', 'count', 'unique', 'grade']) $(mode).onclick = () => sudoku(mode);

$('generate').onclick = () => {
  const [rows, cols] = $('gen-box').value.split('x').map(Number);
  const flags = Number($('variant').value);
  call('sudoku', 'generate', {
    rows, cols, flags, seed: $('gen-seed').value.trim(), clues: $('gen-clues').value.trim(),
    symmetry: Number($('gen-symmetry').value), nodeLimit: $('sudoku-node-limit').value.trim(),
  }).then((reply) => {
    if (reply.givens) {
      $('sudoku-input').value = reply.out;
      drawBoard({ ...reply, solution: null }, flags, `A ${rows * cols}x${rows * cols} puzzle with ${reply.clues} clues.`);
    }
  });
};

for (const mode of ['count', 'list']) {
  $(`knuth-${mode}`).onclick = () => call('knuth', 'knuth', {
    text: $('knuth-input').value, mode,
    limit: mode === 'list' ? $('knuth-limit').value.trim() : '',
    nodeLimit: $('knuth-node-limit').value.trim(),
  });
}

startWorker();
