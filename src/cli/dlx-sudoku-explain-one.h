/* dlx-sudoku's --explain, --hint and --rate: one puzzle solved by the techniques of dlx-sudoku-explain.h. */
#ifndef DLX_SUDOKU_EXPLAIN_ONE_H
#define DLX_SUDOKU_EXPLAIN_ONE_H

#include <stdint.h>

#include "dlx-sudoku-worker.h"
#include "sudoku-read.h"

/*
 * Answers one puzzle (givens or pencil marks, seq-th of the run) in the
 * worker's mode: every step and the rating, the next step, or the rating.
 * Classic 9x9 takes the tuned ladder (dlx_sudoku_rate()), every other board
 * of units the general one (dlx_sudoku_glogic), its steps in the board's
 * alphabet.  A puzzle without exactly one solution gets 'none' or
 * 'multiple', as --grade says it.  Returns 0, or CLI_EXIT_USAGE after a
 * message for a board whose rules are not all units (anti-knight, parity,
 * cages...), or CLI_EXIT_FAILURE.
 */
int explain_one(struct puzzle_worker *w, const struct sudoku_puzzle *pz, dlx_sudoku *solver, uint64_t seq,
	struct tally *t);

#endif
