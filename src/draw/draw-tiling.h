/*
 * Tilings as SVG: when the items of an exact-cover problem name the cells
 * of a grid, each option of a solution is a piece on the board.
 *
 * Cell names, in three forms; the first item whose name has one of them
 * fixes the form, and only items of that form are cells (so that two names
 * never stand for one cell):
 *  - rNcM: row N, column M (dlx-gen-pentominoes' names; 'R' and 'C' too);
 *  - N.M:  row N, column M;
 *  - x,y:  column x, row y.
 * N, M, x and y are decimal, at most 6 digits; the board spans the rows
 * and columns the names use, at most DRAW_GRID_MAX_CELLS in all.  Names of
 * no form (a pentomino's letter) are the piece's label.  See draw-svg.h for
 * errors and units.
 */
#ifndef DLX_DRAW_TILING_H
#define DLX_DRAW_TILING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Largest board drawn: rows x cols of the names' span. */
#define DRAW_GRID_MAX_CELLS 1000000u

enum draw_cell_form { DRAW_CELLS_NONE, DRAW_CELLS_RC, DRAW_CELLS_DOT, DRAW_CELLS_XY };

/* The form of a cell name, or DRAW_CELLS_NONE, and its row and column.  O(length). */
enum draw_cell_form draw_cell_parse(const char *name, unsigned long *row, unsigned long *col);

/* The board the item names span. */
struct draw_grid {
	enum draw_cell_form form;  /* DRAW_CELLS_NONE: no item names a cell */
	unsigned long row0, col0;  /* the smallest row and column named */
	unsigned rows, cols;       /* the span */
	int32_t *cell;             /* per item: its cell, row * cols + col from the corner, or -1 */
	size_t items;
};

/* What draw_grid_init() found wrong. */
enum draw_grid_status { DRAW_GRID_OK = 0, DRAW_GRID_NOMEM, DRAW_GRID_NO_CELLS, DRAW_GRID_TOO_BIG };

/*
 * Reads the grid from the names of items 0..n-1 (names[k] is item k's, the
 * caller's).  On DRAW_GRID_OK the caller frees g with draw_grid_free();
 * DRAW_GRID_NO_CELLS when no name is a cell, DRAW_GRID_TOO_BIG when the span
 * exceeds DRAW_GRID_MAX_CELLS (g->rows and g->cols say how big).  O(n).
 */
enum draw_grid_status draw_grid_init(struct draw_grid *g, const char *const *names, size_t n);

void draw_grid_free(struct draw_grid *g);

/* A solution to draw: its pieces, each the items of one option. */
struct draw_tiling {
	const struct draw_grid *grid;
	const char *const *names;  /* item names, for the labels */
	size_t pieces;
	const size_t *start;       /* piece k's items are items[start[k] .. start[k+1]) */
	const size_t *items;
	const char *caption;       /* a line under the board, or NULL */
};

/* Height over width of the board's drawing, with a caption's line or without.  O(1). */
double draw_tiling_aspect(const struct draw_grid *g, bool caption);

/*
 * Draws the tiling into the slot of w x h mm at (x, y), scaled to fit:
 * a nested <svg class="tiling"> with a <rect class="cell"> per named cell
 * that no piece covers, one <path class="piece"> per piece with cells
 * (filled with its own colour), one <path class="outlines"> for the lines
 * between pieces, and a <text class="label"> per piece with a label (its
 * items that are no cells, on its cell nearest its centre).  Returns 0, or
 * -1 when the stream failed or memory ran out.  O(cells + items).
 */
int draw_tiling_svg(FILE *f, const struct draw_tiling *t, double x, double y, double w, double h);

#endif
