/*
 * Writing sudoku boards as text, in the layouts dlx-sudoku prints (see
 * sudoku-read.h for the formats read).  Never prints or allocates.
 */
#ifndef DLX_SUDOKU_WRITE_H
#define DLX_SUDOKU_WRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sudoku-alphabet.h"

/* How a board is written. */
enum sudoku_layout {
	SUDOKU_LAYOUT_LINE,    /* N² symbols, newline */
	SUDOKU_LAYOUT_GRID,    /* N lines of N decimal numbers separated by spaces */
	SUDOKU_LAYOUT_COMPACT, /* N lines of N symbols */
	SUDOKU_LAYOUT_PRETTY,  /* symbols separated by spaces, '|' between boxes, "---+---" between bands */
	SUDOKU_LAYOUT_SS,      /* Simple Sudoku's .ss files: "..8|2.3|..." rows, "-----------" between bands */
	SUDOKU_LAYOUT_BORDERED /* Simple Sudoku's clipboard grid: the .ss rows framed by "*-----------*",
	                          '|' at both ends, "|---+---+---|" between bands */
};
#define SUDOKU_LAYOUT_LAST SUDOKU_LAYOUT_BORDERED

/* Bytes sudoku_write() needs at most for a board of R x C boxes (side R·C),
 * or 0 if the layout cannot show it (symbols beyond the alphabet). */
size_t sudoku_write_size(enum sudoku_layout l, enum sudoku_alphabet a, unsigned box_rows, unsigned box_cols);

/* Writes a full board of R x C boxes into buf (at least sudoku_write_size()
 * bytes; no NUL added) and returns the number of bytes.  Blanks are written
 * as '.' (0 in grid).  The pretty layout draws a rule every R rows and a bar
 * every C columns. */
size_t sudoku_write(char *buf, enum sudoku_layout l, enum sudoku_alphabet a, unsigned box_rows,
	unsigned box_cols, const uint8_t *board);

/* Bytes sudoku_write_marks() needs at most, or 0 if the alphabet cannot show the board. */
size_t sudoku_write_marks_size(bool grid, enum sudoku_alphabet a, unsigned box_rows, unsigned box_cols);

/*
 * Writes pencil marks (N³ bytes, marks[cell·N + d−1] non-zero for a
 * candidate) into buf and returns the bytes written:
 *  - a line of candidates (grid false): N symbols per cell, the k-th the
 *    symbol of digit k or '.', then a newline: what the reader reads back;
 *  - a pencil-mark grid (grid true): each cell's candidates as one word,
 *    the words of a column padded to the widest, '|' between boxes and a
 *    rule of '-' and '+' between bands, as Simple Sudoku and HoDoKu print
 *    them; a cell without candidates shows '.'.
 */
size_t sudoku_write_marks(char *buf, bool grid, enum sudoku_alphabet a, unsigned box_rows, unsigned box_cols,
	const uint8_t *marks);

#endif
