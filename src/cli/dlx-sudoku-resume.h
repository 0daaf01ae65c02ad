/*
 * dlx-sudoku's run checkpoints: a file of puzzles answered in input order
 * can stop (a signal, a reboot) and go on after the last puzzle whose
 * answer was written, its answers going to --output-file, which a resume
 * cuts back to what the checkpoint counted and appends to.
 *
 * A run checkpoint is no search state: a puzzle whose search was under way
 * is searched again.  It holds the puzzles answered, the output's length,
 * the run's totals (so that --stats and the exit status are the whole
 * run's), an FNV-1a hash of the answered puzzles as read (cells, pencil
 * marks, region maps: a resume reads them again and refuses another input)
 * and one of the options that shape the answers.  A lone puzzle's --count
 * saves its search instead (cli-checkpoint.h); the first bytes tell which.
 */
#ifndef DLX_SUDOKU_RESUME_H
#define DLX_SUDOKU_RESUME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dlx-sudoku-options.h"
#include "dlx-sudoku-worker.h"
#include "sudoku-read.h"

struct run_checkpoint {
	const char *file;        /* where to save */
	const char *resume;      /* the checkpoint gone on from, or NULL */
	double every, next;      /* seconds between saves; cli_now() of the next */
	FILE *out;               /* the answers (--output-file), or NULL with --quiet */
	const char *out_name;
	uint64_t options_hash;
	uint64_t answered;       /* puzzles whose answers are out */
	uint64_t hash;           /* of those puzzles, as read (from RUN_CHECKPOINT_HASH_START) */
	uint64_t answered_at;    /* the output's length after the last of them */
	uint64_t out_base;       /* the output's length less puzzle_out_bytes (unsigned: may wrap, adds back) */
	struct tally at;         /* the run's totals then (a puzzle cut short since is not in them) */
	/* From the checkpoint resumed: puzzles to read again and check before answering any. */
	uint64_t skip, skip_hash, out_len;
	bool saved, warned;
};

/*
 * True if the bytes of file begin as a run checkpoint's (false for a
 * search's, or a file that cannot be read: the search's reader says why).
 */
bool run_checkpoint_is_one(const char *file);

/*
 * Sets up c for a run with options o (o->checkpoint, o->resume,
 * o->checkpoint_every): with a resume, reads and checks the file and
 * restores the run's totals into *total.  Returns 0, or an exit status
 * after a message (CLI_EXIT_USAGE: not a run checkpoint, corrupted, or of
 * other options).
 */
int run_checkpoint_start(struct run_checkpoint *c, const struct puzzle_options *o, struct tally *total);

/*
 * With a resume, once c->out (NULL with --quiet) is open: 0 when it holds
 * at least the answers the checkpoint counted, else CLI_EXIT_USAGE after a
 * message.
 */
int run_checkpoint_check_output(struct run_checkpoint *c);

/* The hash of no puzzle (FNV-1a's offset basis). */
#define RUN_CHECKPOINT_HASH_START UINT64_C(14695981039346656037)

/*
 * A resume's first step: the puzzles the checkpoint answered, read again
 * with input_next-like `next` calls by the caller, are hashed here one by
 * one; once c->skip have been, run_checkpoint_skipped() says whether they
 * were the same.
 */
void run_checkpoint_hash(uint64_t *h, const struct sudoku_puzzle *pz);

/*
 * After the skipped puzzles: 0 when they were the checkpoint's (the output
 * is then cut back and positioned at its end), else an exit status after a
 * message (another input, or one that ended early: CLI_EXIT_USAGE; the
 * output could not be cut: CLI_EXIT_FAILURE).
 */
int run_checkpoint_skipped(struct run_checkpoint *c, const char *input, uint64_t read, uint64_t hash);

/*
 * A puzzle's answer is out (in input order), whole: counted, and a save
 * when one is due.  An answer cut short by a signal is not one: the
 * resumed run answers that puzzle again, its partial answer cut off.
 */
void run_checkpoint_answered(struct run_checkpoint *c, const struct sudoku_puzzle *pz, const struct tally *total);

/*
 * At the end of the run, the answers flushed.  A run that ended (the input
 * read to its end) removes the checkpoint; one stopped by a signal or an
 * error saves where it stood after its last whole answer (status
 * CLI_EXIT_FAILURE if that failed) and says so.  Returns the run's status, or CLI_EXIT_FAILURE.
 */
int run_checkpoint_finish(struct run_checkpoint *c, bool ended, int status);

#endif
