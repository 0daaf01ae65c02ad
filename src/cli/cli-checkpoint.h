/*
 * Checkpoints for the programs: a one-thread search (dlx_search_resume()),
 * a count or a listing of solutions, or a count in threads
 * (dlx_search_split_resume()), saved to a file every few minutes from the poll and when a limit or a
 * signal stops it, and resumed from that file.  The library makes and
 * checks the bytes; this writes them crash-safely (a temporary file in the
 * same directory, fsync, rename, fsync of the directory: a kill or a power
 * loss at any instant leaves the old checkpoint or the new one whole) and
 * reads them back.
 */
#ifndef DLX_CLI_CHECKPOINT_H
#define DLX_CLI_CHECKPOINT_H

#include <stdbool.h>
#include <stdint.h>

#include "cli.h"
#include "dlx.h"

/* Seconds between two saves when --checkpoint-every is not given. */
#define CLI_CHECKPOINT_EVERY 300.0

/* A save that takes longer (seconds) is followed by a gap of 99 times its length at least (saves at most 1%). */
#define CLI_CHECKPOINT_LONG_SAVE 0.1

/* The checkpoint's number when no listing is written (a count): a listing cannot resume from it. */
#define CLI_CHECKPOINT_NO_LISTING UINT64_MAX

struct cli_checkpoint {
	const char *prog;
	const char *file;          /* where to save */
	const char *resume;        /* the checkpoint to go on from, or NULL to start afresh */
	double every;              /* seconds between saves */
	double next;               /* cli_now() of the next save */
	dlx_problem *p;            /* the problem being searched */
	struct cli_limits *lim;    /* cli_poll()'s limits, checked first */
	bool warned;               /* a periodic save failed (said once; the search goes on) */
	bool saved;                /* the search's state is in file */
	/*
	 * Where solutions are printed (dlx --all --output FILE: out_name), or
	 * NULL for a count.  Each save first flushes and syncs it and records
	 * its length in the checkpoint; a resume cuts it back to that length
	 * before the first solution or save, so that the solutions printed
	 * after the save (found again by the resumed search) are not there
	 * twice.  Opened by the caller, without truncating it on a resume.
	 */
	FILE *out;
	const char *out_name;
	uint64_t out_len;          /* the length to cut it back to */
	bool out_ready;            /* cut back and positioned at its end */
	dlx_solution_fn on_solution; /* the caller's, called after out is ready */
	void *solution_ctx;
	/* The part searched (dlx --part K/M[.J/N...]), or part_depth 0 for the whole tree. */
	const dlx_part *part;
	size_t part_depth;
	/*
	 * Threads when more than 1 (dlx_search_split_resume(), or
	 * dlx_search_parts_resume() for a part); a resume of a search saved in
	 * threads goes on in this many (0 or 1: one worker), as does a part's.
	 */
	unsigned threads;
	/*
	 * A fresh count of the whole tree saves its jobs (dlx_search_split_resume()
	 * in `threads` workers, one by default) rather than one search's path, so
	 * that its checkpoint resumes in any number of threads (with bounds, as
	 * Algorithm M's claims of the leaves of a cut).  dlx sets it; a listing
	 * in one thread keeps the search's order, and its one-thread checkpoint.
	 */
	bool count_in_jobs;
	/*
	 * A memoized count (dlx --memo, dlx_memo_count_resume()) when not NULL:
	 * its rule and each table's budget; the count goes to *memo_count
	 * (malloc'd, the caller frees it) and the tables' statistics to
	 * *memo_stats.  Its part, when part_depth is 1, is part[0].
	 */
	const dlx_memo_params *memo;
	char **memo_count;
	dlx_memo_stats *memo_stats;
	bool stretched;            /* a long save spaced the next beyond `every` (said once); false to begin */
};

/*
 * Searches p with sp (its on_poll and poll_ctx are set here, and its
 * on_solution wrapped when c->out is set: cli_poll()
 * with c->lim, then a save every c->every seconds, the first at the first
 * poll, so that a file exists as soon as the search is under way), from
 * c->resume's checkpoint or from the start.  When a poll (a signal, the
 * time limit) or the node limit stops the search, its state is saved in
 * c->file; when the search ends (completed, or at its solution limit),
 * c->file is removed, after the caller printed the answer
 * (cli_checkpoint_done()).  Returns 0 and the library's code in *rc, or an
 * exit status after a message: CLI_EXIT_USAGE when c->resume cannot be
 * read or is refused, or c->out is shorter than the solutions it saved
 * (then nothing is searched and no file is written),
 * CLI_EXIT_FAILURE when the state could not be saved at a stop.
 */
int cli_checkpoint_search(struct cli_checkpoint *c, dlx_search_params *sp, dlx_stats *st, int *rc);

/*
 * At the end of the run: when the search ended (not stopped) and its answer
 * is out (answered: written without error), removes the checkpoint, which
 * has nothing left to resume.  A stopped search's stays, and "PROG:
 * checkpoint saved in FILE" goes to stderr.
 */
void cli_checkpoint_done(struct cli_checkpoint *c, const dlx_stats *st, bool answered);

/*
 * The file primitives, for dlx-sudoku's run checkpoints too.  Writes the
 * bytes to file crash-safely (a temporary file in its directory, fsync,
 * rename, fsync of the directory); false after a message on stderr.
 */
bool cli_checkpoint_write_file(const char *prog, const char *file, const void *buf, size_t len);

/* Reads a whole checkpoint file (at most a gigabyte) into *buf (malloc'd); false after a message on stderr. */
bool cli_checkpoint_read_file(const char *prog, const char *file, unsigned char **buf, size_t *len);

/* fsyncs the directory that holds file, so that a rename or unlink there survives a power loss. */
bool cli_sync_directory_of(const char *file);

#endif
