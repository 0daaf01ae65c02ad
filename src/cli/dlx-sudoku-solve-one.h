/* dlx-sudoku's answer to one puzzle read: the search its mode asks for, and what to print. */
#ifndef DLX_SUDOKU_SOLVE_ONE_H
#define DLX_SUDOKU_SOLVE_ONE_H

#include <stdint.h>

#include "dlx-sudoku-worker.h"
#include "sudoku-read.h"

/*
 * Solves one puzzle, the seq-th of the run (0-based), in the mode of the
 * worker's options, prints its answer where the worker sends it and adds
 * it to *t.  Returns 0 to go on, or an exit status that ends the run
 * (failure or interruption).  The answer depends only on the puzzle and
 * seq, never on other threads, which is what keeps the output the same for
 * any number of threads.
 */
int solve_one(struct puzzle_worker *w, const struct sudoku_puzzle *pz, uint64_t seq, struct tally *t);

#endif
