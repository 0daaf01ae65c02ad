/*
 * What the rest of the sudoku library (the generator) needs to know of a
 * solver beyond the public API: which units a cell belongs to.  Not installed.
 */
#ifndef DLX_SUDOKU_INTERNAL_H
#define DLX_SUDOKU_INTERNAL_H

#include <stddef.h>

#include "dlx-sudoku.h"

/* Row, column, box or region, two diagonals, one window. */
#define DLX__SUDOKU_MAX_UNITS 6u

/*
 * The units of a cell (numbered as in sudoku.c: rows, columns, regions,
 * diagonals, windows) into units[], at most DLX__SUDOKU_MAX_UNITS; returns
 * how many.  Complexity: O(1).
 */
unsigned dlx__sudoku_units(const dlx_sudoku *s, size_t cell, unsigned *units);

/* The number of units of the solver's board. */
unsigned dlx__sudoku_n_units(const dlx_sudoku *s);

/* The name of unit u for messages: "row 3", "box 2", "region 5", "the main diagonal", "window 1". */
void dlx__sudoku_unit_name(const dlx_sudoku *s, unsigned u, char *buf, size_t size);

/*
 * Searches p, a matrix of the solver's item layout, with the params of
 * dlx_sudoku_solve() (NULL not allowed), decoding each solution's options
 * through codes (option -> cell·N + d−1; NULL when the option numbers are
 * those codes, as in the solver's own matrix) into the solver's board.
 * Forces and releases nothing.
 */
int dlx__sudoku_search(dlx_sudoku *s, dlx_problem *p, const uint32_t *codes, const dlx_sudoku_params *params,
	uint8_t *solution, dlx_sudoku_result *res);

/*
 * How the layer reports a failure with details: fills *err, if not NULL,
 * with line 0 (nothing here is about an input line) and the message, and
 * returns code.
 */
int dlx__sudoku_fail(dlx_error_info *err, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Empties *err, if not NULL: what the functions taking one do first. */
static inline void dlx__sudoku_clear_error(dlx_error_info *err)
{
	if (err) {
		err->line = 0;
		err->message[0] = '\0';
	}
}

#endif
