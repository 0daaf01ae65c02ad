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

#endif
