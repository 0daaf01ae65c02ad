/*
 * What answers dlx-sudoku's puzzles, the main thread or one worker thread
 * of the ordered pipeline: its solvers, its limits, and where its answers
 * go -- straight to stdout, or held back until the puzzles before it have
 * been written, so that the output is the same for any number of threads.
 */
#ifndef DLX_SUDOKU_WORKER_H
#define DLX_SUDOKU_WORKER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "dlx-sudoku-options.h"
#include "dlx-sudoku.h"
#include "ordered-pipeline.h"

/* Where answers go: stdout, or --output svg's buffer (dlx-sudoku-draw.h).  main() sets it. */
extern FILE *puzzle_out;
/*
 * The bytes emit() and held_answer_flush() have written to puzzle_out:
 * where the answers end, for a run checkpoint, without asking the file
 * (ftello costs a system call per answer).  One writer at a time, as the
 * answers' turns go.
 */
extern uint64_t puzzle_out_bytes;

/* Totals of a run, or one puzzle's share of them. */
struct tally {
	uint64_t puzzles, solved, unsolvable, stopped, nodes, updates, branches, clues;
	uint64_t candidates, rejected; /* --generate with --rating: puzzles made and rated, and those refused */
	uint64_t sat;            /* puzzles the SAT engine answered (--engine sat or auto) */
	uint64_t local;          /* puzzles the local search answered (--engine local or auto) */
};

/* Adds d to t. */
void tally_add(struct tally *t, const struct tally *d);

/* A growable byte buffer; zeroed is empty (p stays NULL until something is added). */
struct buf {
	char *p;
	size_t len, cap;
};

/* A puzzle's answer held back until its turn: stdout text, and stderr text at the place it came. */
struct held_answer {
	struct buf out, err;
	size_t err_at;           /* where in out the stderr text came, to keep the order */
};

/* Writes a held-back answer to stdout and stderr and empties it (keeping its buffers). */
void held_answer_flush(struct held_answer *h);

/* Frees a held answer's buffers. */
void held_answer_free(struct held_answer *h);

struct puzzle_worker {
	const struct puzzle_options *o;
	const char *name;        /* the input's name for messages */
	dlx_sudoku *solver[DLX_SUDOKU_MAX_SIDE + 1]; /* by side */
	char *text;              /* a board's text: big enough for any board in any layout */
	uint8_t *solution;       /* a board's cells: big enough for the biggest */
	uint8_t *marks;          /* --candidates: a board's pencil marks, grown as needed */
	size_t marks_cap;
	struct cli_limits *lim;
	struct cli_limits own_lim; /* a pipeline worker's: deadlines are per puzzle, hence per thread */
	unsigned split_threads;  /* > 1: a --count's search is split over this many threads */
	/* --checkpoint, --resume: the lone puzzle's count is saved there (one thread); NULL without */
	struct cli_checkpoint *ckpt;
	int ckpt_status;         /* cli_checkpoint_search()'s: a refused resume, a save that failed at the stop */
	bool ckpt_ran;           /* the count was searched: ckpt_stats say how it ended */
	dlx_stats ckpt_stats;
	/* Where the answer goes: straight out, or held back until its turn. */
	bool direct;
	struct held_answer *held;
	struct pipeline *pipeline; /* NULL in the main thread */
	uint64_t seq;            /* the puzzle's number in the run, for its turn */
	/* How the puzzle being answered is written. */
	enum sudoku_layout layout;
	enum sudoku_alphabet alphabet;
};

/*
 * Sets up a worker that writes straight out, with lim = its own limits;
 * text_size is the longest board text.  False if out of memory (free it
 * with puzzle_worker_free() all the same).
 */
bool puzzle_worker_init(struct puzzle_worker *w, const struct puzzle_options *o, const char *name, size_t text_size);

/* Frees a worker's solvers and buffers. */
void puzzle_worker_free(struct puzzle_worker *w);

/*
 * The worker's solver for a board of box_rows x box_cols boxes and a region
 * map (NULL: the boxes), built on first use.  A jigsaw input may bring a new
 * map with every puzzle; the solver is rebuilt only when the map (or the
 * boxes) change.  Returns 0, or an exit status after a message naming
 * `line` (0: none).
 */
int puzzle_worker_solver(struct puzzle_worker *w, unsigned box_rows, unsigned box_cols, const uint8_t *regions,
	size_t line, dlx_sudoku **out);

/* Before a puzzle's search: its deadline, and progress counted from now. */
void puzzle_worker_start_limits(struct puzzle_worker *w);

/* A dlx_poll_fn for a pipeline worker (ctx is the worker): cli_poll(), and gives up when the run is stopping. */
int puzzle_worker_poll(void *ctx, const dlx_stats *so_far);

/* True if the worker's pipeline is stopping: nobody will read the answer. */
bool puzzle_worker_stopping(const struct puzzle_worker *w);

/*
 * Answer text for stdout.  A held-back answer that grows past a bound
 * waits for its turn and goes straight out from then on, which bounds its
 * memory whatever the puzzle.  False if it could not be written (then stop
 * searching).
 */
bool emit(struct puzzle_worker *w, const char *s, size_t n);

/* emit() of a string. */
void emit_str(struct puzzle_worker *w, const char *s);

/* emit() of formatted text, at most 159 bytes. */
void emit_fmt(struct puzzle_worker *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A message about the puzzle for stderr, in its place among the answers; at most 511 bytes. */
void warn(struct puzzle_worker *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* True for layouts that write a board on several lines (an empty line then separates boards). */
bool grid_layout(enum sudoku_layout l);

#endif
