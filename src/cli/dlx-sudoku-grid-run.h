/* dlx-sudoku --grid FILE: puzzles on a general board, read, solved or made one after the other. */
#ifndef DLX_SUDOKU_GRID_RUN_H
#define DLX_SUDOKU_GRID_RUN_H

#include "dlx-sudoku-options.h"

/*
 * Reads the grid file, then solves the input's puzzles on it (or makes
 * --generate's); refuses, with a usage error, the options that have no
 * meaning on a general board.  Returns the exit status, after the messages.
 */
int grid_run(const struct puzzle_options *o);

#endif
