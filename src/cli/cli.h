/* Helpers shared by the command-line programs: numbers, clocks, limits, signals. */
#ifndef DLX_CLI_H
#define DLX_CLI_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "dlx.h"

/* Exit codes, documented in --help and the man pages. */
enum {
	CLI_EXIT_OK = 0,       /* solved, or counted at least one solution */
	CLI_EXIT_NONE = 1,     /* no solution */
	CLI_EXIT_USAGE = 2,    /* bad usage or bad input */
	CLI_EXIT_FAILURE = 3,  /* out of memory, counter overflow, write error */
	CLI_EXIT_STOPPED = 4   /* a --node-limit or --time-limit cut the search short */
};

/* Parses a decimal number, nothing else around it; false if malformed or too big. */
bool cli_parse_u64(const char *s, uint64_t *out);

/* Parses a non-negative number of seconds such as 10 or 0.5. */
bool cli_parse_seconds(const char *s, double *out);

/* Seconds on a monotonic clock. */
double cli_now(void);

/* The signal that asked us to stop (SIGINT or SIGTERM), or 0. */
extern volatile sig_atomic_t cli_stop_signal;

/* Makes SIGINT and SIGTERM set cli_stop_signal instead of killing the process. */
void cli_catch_signals(void);

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
	double start, next_report;
	bool reported;     /* a progress line was printed (a terminal line needs ending) */
};

/* Sets up limits for a search starting now: the time limit (0 = none) and the progress mode. */
void cli_limits_init(struct cli_limits *lim, const char *prog, double time_limit, enum cli_progress_mode mode);

/* Ends a self-overwriting progress line, if one was printed. */
void cli_progress_end(struct cli_limits *lim);

/* Parses "K/M" with 1 <= K <= M <= max. */
bool cli_parse_part(const char *s, uint32_t max, uint32_t *k, uint32_t *m);

/* The number of online cores, at least 1. */
unsigned cli_online_cores(void);

/* A dlx_poll_fn; ctx is a struct cli_limits.  Stops on a signal or the deadline, prints progress. */
int cli_poll(void *ctx, const dlx_stats *so_far);

/* How often cli_poll runs: often enough to stop within milliseconds. */
#define CLI_POLL_INTERVAL 4096

#endif
