/*
 * The functions the page's worker (worker.js) calls in the WebAssembly
 * build: the work of dlx-sudoku and dlx on text pasted into the page, with
 * the same answers and the same messages as the programs give for that
 * text on their standard input (named "<stdin>" in messages), run in one
 * thread.
 *
 * Each returns a JSON object, allocated, for the caller to free with
 * dlxweb_free() (NULL only when not even that could be allocated):
 *   status  the program's exit status (0 answered, 1 no solution, 2 bad
 *           input or request, 3 out of memory or overflow, 4 stopped by
 *           the node limit or short of the request);
 *   out     the program's standard output;
 *   err     its standard error;
 * and for the page:
 *   rows, cols       the first puzzle's boxes (sudoku calls; absent when
 *                    no puzzle was read);
 *   givens, solution its N² cells (0 blank) and the solution found, or null;
 *   puzzles, nodes   puzzles answered and search nodes in all (nodes also
 *                    for dlxweb_knuth).
 * 64-bit numbers (seeds, limits) come as decimal strings; "" means none.
 * None of them prints, exits or keeps state between calls.
 */
#ifndef DLX_WEB_H
#define DLX_WEB_H

/*
 * The page's variant of dlx-sudoku --variant jigsaw: each puzzle is followed
 * by its region map.  Not a flag of libdlx-sudoku, and above all of its flags.
 */
#define DLXWEB_JIGSAW 0x100u

/*
 * As dlx-sudoku [--count | --unique | --grade] [--variant V] [--node-limit N]
 * with text as its input: every puzzle in text, of any size and format the
 * reader knows.  mode: "solve", "count", "unique" or "grade"; flags: the
 * DLX_SUDOKU_X ... DLX_SUDOKU_NONCONSECUTIVE variant flags, and
 * DLXWEB_JIGSAW.  With a jigsaw the reply also has "regions": the first
 * puzzle's map.
 * Complexity: the searches' (exponential at worst; node_limit bounds each).
 */
char *dlxweb_sudoku(const char *text, const char *mode, unsigned flags, const char *node_limit);

/*
 * As dlx-sudoku --generate 1 --box RxC --seed S [--clues K] [--symmetry SYM]
 * [--variant V] [--node-limit N]: one puzzle with one solution, in the
 * line layout; flags as for dlxweb_sudoku(), but no DLXWEB_JIGSAW.  symmetry: a DLX_SUDOKU_SYM_ value; clues: "" or "0" for a
 * minimal puzzle.
 */
char *dlxweb_generate(unsigned box_rows, unsigned box_cols, unsigned flags, const char *seed, const char *clues,
	unsigned symmetry, const char *node_limit);

/*
 * As dlx --count [--limit L] or dlx --limit L (L > 1; L = 1: plain dlx;
 * "" or "0": dlx --all), with --node-limit N, on a problem in Knuth's
 * format.  mode: "count" or "list".
 */
char *dlxweb_knuth(const char *text, const char *mode, const char *limit, const char *node_limit);

/* Frees a reply of the functions above; NULL is a no-op. */
void dlxweb_free(char *reply);

#endif
