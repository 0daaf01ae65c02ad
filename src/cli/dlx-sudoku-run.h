/*
 * A dlx-sudoku run over many puzzles: one after the other in the main
 * thread, or through the ordered pipeline with a worker per thread, the
 * answers always in input order; progress lines of puzzles done.
 */
#ifndef DLX_SUDOKU_RUN_H
#define DLX_SUDOKU_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "dlx-sudoku-input.h"
#include "dlx-sudoku-options.h"
#include "dlx-sudoku-worker.h"

struct slot; /* a puzzle in the pipeline's ring: dlx-sudoku-run.c's own */
struct cli_checkpoint;
struct run_checkpoint;

/* A run: the state its threads share, and the totals. */
struct run {
	const struct puzzle_options *o;
	const char *name;        /* the input's name for messages ("--generate" when making puzzles) */
	struct puzzle_input in;
	struct cli_limits lim;   /* the main thread's: progress and, with one thread, the deadline */
	struct tally total;
	int fd;                  /* the input's, to look for a count format's T; -1 if none */
	bool format_seen;
	uint64_t known_total;    /* puzzles the run will have (count format, --generate), 0 if unknown */
	double start;
	double next_report;      /* of puzzles done; lim's own is for one long puzzle's search */
	uint64_t generated;      /* --generate: puzzles handed to the pipeline */
	size_t text_size;        /* the longest board text, for the workers' buffers */
	struct puzzle_worker *workers; /* the pipeline's, one a thread */
	bool (*fill)(struct run *ru, struct slot *s); /* the pipeline's reads: puzzles, or --generate's numbers */
	/* --checkpoint, --resume (set by the caller; solve_puzzles() uses one or the other) */
	struct cli_checkpoint *search_ck;  /* a lone puzzle's count: its search */
	struct run_checkpoint *run_ck;     /* a run of puzzles: its place */
	bool run_ck_on;                    /* run_ck is the run's */
	uint64_t seq_base;                 /* puzzles a resumed run answered before (its first seq) */
	uint64_t puzzles_before;           /* total.puzzles then, for this run's puzzles/s */
};

/*
 * Starts a run's clock and its progress lines (the run's other fields are
 * set by the caller).  Call after cli_catch_signals().
 */
void run_start(struct run *ru);

/*
 * Solves the input's puzzles, w being the main thread's worker: a lone
 * puzzle to count in one search split over the threads, several puzzles
 * through the pipeline, or one thread's puzzles one after the other.
 * Returns 0, or the exit status that ended the run (bad input, failure,
 * interruption); the totals are in ru->total.
 */
int solve_puzzles(struct run *ru, struct puzzle_worker *w);

/* Makes --generate's puzzles, as solve_puzzles() solves. */
int generate_puzzles(struct run *ru, struct puzzle_worker *w);

#endif
