/* dlx-sudoku --generate: making one puzzle, and the checks of the generation options. */
#ifndef DLX_SUDOKU_GENERATE_ONE_H
#define DLX_SUDOKU_GENERATE_ONE_H

#include <stdint.h>

#include "dlx-sudoku-options.h"
#include "dlx-sudoku-worker.h"

/*
 * Settles --generate's board (o->gen_rows x o->gen_cols boxes, from --box,
 * --size, the --regions map, or 9x9)
 * and checks that the output can show it and that --clues fits.  Call
 * after the --regions map is read.  Returns 0, or CLI_EXIT_USAGE after a
 * message.
 */
int check_generate(struct puzzle_options *o);

/*
 * Makes the seq-th puzzle of the run (0-based), prints it where the
 * worker sends it and adds it to *t.  Returns 0 to go on, or an exit status
 * that ends the run (failure or interruption).  The puzzle depends only on
 * the seed, seq and the options, which keeps the output the same for any
 * number of threads.
 */
int generate_one(struct puzzle_worker *w, uint64_t seq, struct tally *t);

#endif
