/*
 * General grid boards (dlx-sudoku --grid) as SVG: only the cells are
 * drawn, holes left blank, with thick lines around the units that are
 * boxes.  Writes into the caller's FILE*; never prints or exits.
 */
#ifndef DLX_DRAW_GRID_H
#define DLX_DRAW_GRID_H

#include <stdint.h>
#include <stdio.h>

#include "dlx-sudoku-grid.h"

struct draw_grid {
	unsigned rows, cols;               /* the box, 1..255 each */
	const uint8_t *cells;              /* rows·cols, non-zero for a cell */
	const dlx_sudoku_grid_unit *units; /* the grid's units: those filling a rectangle of 2 or more rows
	                                      and columns are boxes, framed by thick lines */
	size_t n_units;
	const uint8_t *givens;             /* rows·cols values 1..N, 0 blank */
	const uint8_t *solution;           /* rows·cols values, or NULL: the puzzle alone */
	const char *symbols;               /* symbols[v-1] is value v's character (N of them) */
	const char *caption;               /* a line under the board (escaped here), or NULL */
};

/* Height over width of a grid's drawing, its caption's line included. */
double draw_grid_aspect(unsigned rows, unsigned cols);

/*
 * Draws the grid into the slot of w x h mm whose top-left corner is at
 * (x, y), scaled to fit and centred: one nested <svg class="sudoku grid">
 * with a <rect class="cell"> per cell, one <path class="regions"> for the
 * thick lines (around the boxes and the board's cells, none inside a
 * stretch of cells in no box), one <text class="given"> per given and one
 * <text class="filled"> per value the solution adds.  Returns 0, or -1
 * when the stream failed, memory is short or the box is out of range.
 * O(rows·cols + the units' cells).
 */
int draw_grid_svg(FILE *f, const struct draw_grid *g, double x, double y, double w, double h);

#endif
