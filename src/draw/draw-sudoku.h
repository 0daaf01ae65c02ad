/*
 * Sudoku boards as SVG, the way puzzle books draw them: thin lines between
 * cells, thick ones around the boxes (or a jigsaw's regions), the X
 * variant's diagonals, windoku's windows shaded, killer cages dashed with
 * their sums, even/odd cells as grey squares/circles; the givens in bold black
 * and, on a solution, the filled-in digits in blue.  Every size and shape
 * dlx-sudoku reads: R x C boxes, sides 4 to 100.  The variants made of
 * pair rules or hidden units (anti-knight, anti-king, non-consecutive,
 * disjoint groups) need no drawing.  See draw-svg.h for errors and units.
 */
#ifndef DLX_DRAW_SUDOKU_H
#define DLX_DRAW_SUDOKU_H

#include <stdint.h>
#include <stdio.h>

/* One board to draw; the caller owns every array. */
struct draw_sudoku {
	unsigned box_rows, box_cols; /* side N = box_rows * box_cols, 4..100 */
	unsigned flags;              /* DLX_SUDOKU_X and DLX_SUDOKU_WINDOKU are drawn; other flags ignored */
	const uint8_t *regions;      /* N² region numbers 1..N (jigsaw), or NULL: the boxes */
	const uint8_t *givens;       /* N² digits 1..N, 0 blank */
	const uint8_t *solution;     /* N² digits, or NULL: the puzzle alone */
	const char *symbols;         /* symbols[d-1] is digit d's symbol (N of them), or NULL: decimal numbers */
	const char *caption;         /* a line under the board (escaped here), or NULL */
	const uint32_t *cages;       /* N² killer cage numbers 1..n, 0 for none; or NULL: no cages */
	const uint32_t *sums;        /* sums[k-1] of cage k (0: none), with cages */
	const uint8_t *parity;       /* N² marks, 0 none, 1 odd, 2 even (DLX_SUDOKU_PARITY_*); or NULL */
};

/* Height over width of a board's drawing, the caption's line included: slots of this shape fit it. */
double draw_sudoku_aspect(void);

/*
 * Draws the board into the slot of w x h mm whose top-left corner is at
 * (x, y), scaled to fit and centred: one nested <svg class="sudoku">
 * with a <rect class="cell"> per cell (class "cell window" when shaded),
 * one <path class="regions"> for the thick lines, two <line class=
 * "diagonal"> for X, one <text class="given"> per given and one <text
 * class="filled"> per digit the solution adds.  Killer cages, as puzzle
 * books draw them: one dashed <path class="cages"> just inside each cage's
 * border and a small <text class="cage-sum"> in each cage's first cell
 * (row-major) that has a sum; even/odd cells, a grey <rect class="even">
 * square or <circle class="odd"> behind the digit.  Returns 0, or -1 when
 * the stream failed (ferror()), memory is short or the side is out of
 * range.  O(N²).
 */
int draw_sudoku_svg(FILE *f, const struct draw_sudoku *b, double x, double y, double w, double h);

#endif
