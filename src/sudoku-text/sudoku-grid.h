/*
 * Grid description files and their puzzles as text, for dlx-sudoku --grid
 * and its tests.  Never prints; errors come back with a line.
 *
 * A grid file is lines of words; '#' starts a comment line, blank lines are
 * skipped.  Cells are named rRcC (1-based, case-insensitive), rectangles
 * rAcB-rCcD (corners top-left, then bottom-right).
 *   size RxC             the bounding box: R rows, C columns (first)
 *   symbols CHARS        the N symbols, each character once (not . # * or blanks)
 *   cells                (optional) the next R lines map the box: ' ', '#' or
 *                        '*' is a hole, anything else a cell; a short line
 *                        ends in holes.  Without a map, the cells are those
 *                        some unit holds
 *   sudoku rAcB RxC      an (R·C)x(R·C) sudoku with its top-left cell at rAcB:
 *                        its rows, columns and R×C boxes as units
 *   rows RECT            each row of the rectangle a unit
 *   columns RECT         each column of the rectangle a unit
 *   boxes RxC RECT       the rectangle cut into R×C boxes, each a unit
 *   diagonals RECT       both main diagonals of a square
 *   unit CELLS...        one unit: the cells and rectangles listed
 *   atmost CELLS...      one unit whose symbols appear at most once
 * Every unit but atmost's holds each symbol exactly once, so it has N cells.
 *
 * A puzzle on a grid is a block of the box's R rows (symbols, '.' or '0'
 * for a blank cell unless '0' is a symbol; ' ', '#', '*' or '.' in a hole,
 * or nothing past a row's end), or one line of the cells' values alone in
 * row-major order (369 characters for samurai).  Blank lines and, between
 * puzzles, lines starting with '#' are skipped; a row that starts with a
 * hole should then start with a blank or '*'.
 */
#ifndef SUDOKU_GRID_TEXT_H
#define SUDOKU_GRID_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dlx-sudoku-grid.h"
#include "sudoku-read.h"

/* The longest line of a grid file or puzzle. */
#define SUDOKU_GRID_LINE_MAX 100000u

/* A grid file as read. */
struct sudoku_grid_file {
	unsigned rows, cols;
	char symbols[DLX_SUDOKU_GRID_MAX_SYMBOLS + 1]; /* NUL-terminated */
	unsigned n_symbols;
	uint8_t *cells;              /* rows·cols, 1 for a cell: the map, or the units' cells */
	size_t n_cells;
	dlx_sudoku_grid_unit *units; /* pointing into unit_cells */
	size_t n_units;
	uint32_t *unit_cells;
	size_t *unit_line;           /* the line each unit was given on */
};

/*
 * The text of a grid file built in, by name: "samurai", "twin" and
 * "butterfly", the same as data/NAME.grid; NULL for another name.
 */
const char *sudoku_grid_builtin(const char *name);

/* Reads a grid file.  Returns 0 with *out (free with sudoku_grid_file_free()), or DLX_ERR_SYNTAX / DLX_ERR_IO / DLX_ERR_NOMEM with *err. */
int sudoku_grid_read(FILE *in, struct sudoku_grid_file **out, struct sudoku_read_error *err);

void sudoku_grid_file_free(struct sudoku_grid_file *f);

/* The description for dlx_sudoku_grid_new(), pointing into f. */
dlx_sudoku_grid_desc sudoku_grid_desc(const struct sudoku_grid_file *f);

/* Reads puzzles of one grid from a stream, counting lines. */
struct sudoku_grid_reader {
	FILE *in;
	const struct sudoku_grid_file *f;
	size_t lineno;
	char *buf;
	size_t cap;
};

void sudoku_grid_reader_init(struct sudoku_grid_reader *r, FILE *in, const struct sudoku_grid_file *f);
void sudoku_grid_reader_free(struct sudoku_grid_reader *r);

/*
 * Reads the next puzzle into board (rows·cols bytes, 0 blank or hole).
 * *line_form says whether it was one line of the cells; *line the line it
 * starts on.  Returns 1, 0 at the end of the input, or DLX_ERR_SYNTAX /
 * DLX_ERR_IO / DLX_ERR_NOMEM with *err.
 */
int sudoku_grid_read_puzzle(struct sudoku_grid_reader *r, uint8_t *board, bool *line_form, size_t *line,
	struct sudoku_read_error *err);

/* The most bytes sudoku_grid_write() writes. */
size_t sudoku_grid_write_size(const struct sudoku_grid_file *f);

/*
 * Writes a board into buf: one line of the cells' symbols ('.' for a blank),
 * or the box's rows with ' ' in the holes (trailing ones left out), each
 * line ended by '\n'.  Returns the bytes written (no NUL).
 */
size_t sudoku_grid_write(char *buf, const struct sudoku_grid_file *f, bool line_form, const uint8_t *board);

#endif
