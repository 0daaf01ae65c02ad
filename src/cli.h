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

/* What a search's poll callback checks: a deadline and the signals. */
struct cli_limits {
	double deadline;   /* cli_now() value to stop at; 0 = none */
	bool timed_out;    /* set when the deadline stopped the search */
};

/* A dlx_poll_fn; ctx is a struct cli_limits. */
int cli_poll(void *ctx, const dlx_stats *so_far);

/* How often cli_poll runs: often enough to stop within milliseconds. */
#define CLI_POLL_INTERVAL 4096

#endif
