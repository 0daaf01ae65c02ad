/*
 * Helpers shared by the command-line programs: exit codes, clocks, limits,
 * signals, why a search stopped, the input file and the exit-time check of
 * the output.  The shared options are in cli-options.h.
 */
#ifndef DLX_CLI_H
#define DLX_CLI_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dlx.h"

/* Exit codes, documented in --help and the man pages. */
enum {
	CLI_EXIT_OK = 0,       /* solved, or counted at least one solution */
	CLI_EXIT_NONE = 1,     /* no solution */
	CLI_EXIT_USAGE = 2,    /* bad usage or bad input */
	CLI_EXIT_FAILURE = 3,  /* out of memory, counter overflow, write error */
	CLI_EXIT_STOPPED = 4   /* a --node-limit or --time-limit cut the search short */
};

/* Seconds on a monotonic clock. */
double cli_now(void);

/* The signal that asked us to stop (SIGINT or SIGTERM), or 0. */
extern volatile sig_atomic_t cli_stop_signal;

/* Makes SIGINT and SIGTERM set cli_stop_signal instead of killing the process. */
void cli_catch_signals(void);

/* SIGHUP too (a search that saves its state before it stops: dlx --checkpoint). */
void cli_catch_hangup(void);

/* When progress lines are printed. */
enum cli_progress_mode {
	CLI_PROGRESS_AUTO = 0, /* when stderr is a terminal, after the first 2 seconds */
	CLI_PROGRESS_ON,
	CLI_PROGRESS_OFF
};

/* What a search's poll callback checks and reports: a deadline, the signals, progress. */
struct cli_limits {
	double deadline;   /* cli_now() value to stop at; 0 = none */
	bool timed_out;    /* set when the deadline stopped the search */
	const char *prog;  /* program name for progress lines */
	bool progress;     /* print progress lines to stderr */
	bool tty;          /* stderr is a terminal: one self-overwriting line */
	bool out_tty;      /* stdout is a terminal too: answers would land on that line */
	double start, next_report;
	bool reported;     /* a progress line was printed (a terminal line needs ending) */
};

/* Sets up limits for a search starting now: the time limit (0 = none) and the progress mode. */
void cli_limits_init(struct cli_limits *lim, const char *prog, double time_limit, enum cli_progress_mode mode);

/* Ends a self-overwriting progress line, if one was printed. */
void cli_progress_end(struct cli_limits *lim);

/*
 * Before an answer goes to stdout: when stdout is the terminal the progress
 * line is on, ends that line, so the answer starts a line of its own.  The
 * next report starts a new progress line.  Main thread only.
 */
void cli_progress_before_output(struct cli_limits *lim);

/* The number of CPUs this process may run on (its affinity: taskset, a cpuset, Slurm's allocation), at least 1. */
unsigned cli_usable_cores(void);

/* A dlx_poll_fn; ctx is a struct cli_limits.  Stops on a signal or the deadline, prints progress. */
int cli_poll(void *ctx, const dlx_stats *so_far);

/* How often cli_poll runs: often enough to stop within milliseconds. */
#define CLI_POLL_INTERVAL 4096

/* Why a search was cut short, in the words and exit status every program uses. */
struct cli_stop {
	/*
	 * "stopped at node limit", "stopped at time limit", "interrupted by
	 * SIGINT" or "interrupted by SIGTERM"; NULL if nothing cut the search
	 * short (it ended, or stopped at the solutions asked for).
	 */
	const char *why;
	bool interrupted;      /* a signal, not a limit, stopped it */
	int status;            /* CLI_EXIT_STOPPED for a limit, 128 + the signal for a signal, 0 if not cut short */
};

/*
 * Classifies a search's stop reason.  lim is the struct cli_limits its
 * poll callback used (its timed_out tells a deadline from a signal).
 * A poll stop without a deadline counts as a signal.
 */
struct cli_stop cli_stop_classify(dlx_stop_reason stop, const struct cli_limits *lim);

/* The exit status of an interruption: 128 + the signal caught (SIGINT if none was). */
int cli_interrupted_status(void);

/* "interrupted by SIGTERM" for SIGTERM, "... SIGHUP" for SIGHUP, else "interrupted by SIGINT". */
const char *cli_interruption(int sig);

/*
 * Opens the input file: "-" is standard input, named "<stdin>" in
 * messages; *name is set to the name messages should use.  Returns NULL
 * after "PROG: NAME: <strerror>" on stderr if the file cannot be opened.
 * Close it with cli_close_input().
 */
FILE *cli_open_input(const char *prog, const char *path, const char **name);

/*
 * Whether the file an option writes (option, path; NULL or "-": none) is one
 * of the n files the run reads or writes otherwise (others[k], named by
 * others_opt[k]; NULL skipped, "-" standard input), by device and inode as
 * `sort -o` checks, among regular files: opened for writing it would be
 * emptied before it is read, or two outputs would write one file.  A file
 * that does not exist yet is compared by its directory and name, so that
 * two outputs naming it alike clash too.  Says "PROG: OPTION PATH is also
 * OTHER: ..." on stderr when it is.  O(n) stat() calls.
 */
bool cli_output_clashes(const char *prog, const char *option, const char *path, const char *const *others,
	const char *const *others_opt, size_t n);

/*
 * The same for standard output, when it is a regular file: `dlx-sudoku
 * FILE >> FILE` would read its own answers as puzzles without end.
 */
bool cli_stdout_clashes(const char *prog, const char *const *others, const char *const *others_opt, size_t n);

/* Closes what cli_open_input() opened; standard input stays open. */
void cli_close_input(FILE *in);

/* Reports a bad input: "PROG: NAME:LINE: message", or without ":LINE" when line is 0. */
void cli_input_error(const char *prog, const char *name, size_t line, const char *message);

/*
 * At exit: flushes stdout and checks that everything was written
 * (write_failed: a write the program saw fail earlier).  Returns status,
 * or CLI_EXIT_FAILURE after "PROG: write error: ..." -- said only if the
 * reader is still there: a closed pipe (EPIPE, as in `| head`) is quiet.
 */
int cli_finish_output(const char *prog, bool write_failed, int status);

/*
 * Names the file that standard output was reopened on (-o FILE), for
 * cli_finish_output()'s message: "PROG: FILE: write error: ...".  The
 * name is kept, not copied (an argv string).
 */
void cli_name_output(const char *name);

/*
 * Passes ok through; when it is false (a write to stdout failed just now),
 * keeps errno for cli_finish_output()'s message if it is the first failure.
 * Any thread may call it.
 */
bool cli_wrote(bool ok);

#endif
