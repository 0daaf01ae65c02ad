/*
 * dlx-sudoku --output svg: the run's boards as one SVG document.  Its size
 * depends on how many boards there are, which is known at the end only, so
 * the answers (each board a fragment placed in the slot of its number) go
 * to a buffer in memory, puzzle_out, and sudoku_svg_finish() writes the
 * document around them: about 13 KB per 9x9 board.
 */
#ifndef DLX_SUDOKU_DRAW_H
#define DLX_SUDOKU_DRAW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dlx-sudoku-worker.h"

/* Points puzzle_out (dlx-sudoku-worker.h) at a new buffer; false if out of memory. */
bool sudoku_svg_start(void);

/*
 * Ends the buffer and writes the document of `boards` slots to stdout
 * (nothing if there are none).  False if the buffer or a write failed.
 */
bool sudoku_svg_finish(const struct puzzle_options *o, uint64_t boards);

/*
 * Emits the board of puzzle seq (0-based) as the answer: the givens, and
 * the solution's other digits when solution is not NULL, its number and
 * `note` (or NULL) under it; extras (or NULL) its killer cages and even/odd
 * cells.  False if out of memory or the answer could not be written.
 */
bool emit_board_svg(struct puzzle_worker *w, uint64_t seq, unsigned box_rows, unsigned box_cols,
	const uint8_t *regions, const uint8_t *givens, const uint8_t *solution, const char *note,
	const dlx_sudoku_extras *extras);

#endif
