// The page's worker: runs the calls of dlx-web.h off the page's thread, so
// that a long search never freezes the tab (the page stops one by ending
// the worker).  createDlx comes from dlx-web.js, put before this file.
'use strict';

const ready = createDlx();

// Strings go to the heap with malloc, not ccall's stack: a pasted file of
// puzzles may be megabytes.
function withStrings(M, strings, fn) {
  const ptrs = strings.map((s) => {
    const n = M.lengthBytesUTF8(s) + 1;
    const p = M._malloc(n);
    if (p) M.stringToUTF8(s, p, n);
    return p;
  });
  try {
    if (ptrs.some((p) => !p)) return 0;
    return fn(...ptrs);
  } finally {
    ptrs.forEach((p) => p && M._free(p));
  }
}

const calls = {
  sudoku: (M, a) => withStrings(M, [a.text, a.mode, a.nodeLimit],
    (text, mode, nl) => M._dlxweb_sudoku(text, mode, a.flags >>> 0, nl)),
  generate: (M, a) => withStrings(M, [a.seed, a.clues, a.nodeLimit],
    (seed, clues, nl) => M._dlxweb_generate(a.rows >>> 0, a.cols >>> 0, a.flags >>> 0, seed, clues,
      a.symmetry >>> 0, nl)),
  knuth: (M, a) => withStrings(M, [a.text, a.mode, a.limit, a.nodeLimit],
    (text, mode, limit, nl) => M._dlxweb_knuth(text, mode, limit, nl)),
};

onmessage = async (e) => {
  const { id, call, args } = e.data;
  let reply;
  try {
    const M = await ready;
    const ptr = calls[call](M, args);
    if (!ptr) {
      reply = { status: 3, out: '', err: 'out of memory\n' };
    } else {
      reply = JSON.parse(M.UTF8ToString(ptr));
      M._dlxweb_free(ptr);
    }
  } catch (err) {
    reply = { status: 3, out: "", err: `${err}\n`, crashed: true };
  }
  postMessage({ id, reply });
};
