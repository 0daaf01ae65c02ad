/*
 * The command-line options every program takes, parsed in one place.
 *
 * Each program keeps its own getopt_long loop for its own options and hands
 * every other option to cli_parse_option(), so that --limit, --node-limit,
 * --time-limit, --threads, --part, --progress, --propagate, --help and --version, their
 * checks and their messages are written once.  Messages go to stderr, the
 * help and version to stdout; nothing here exits.
 */
#ifndef DLX_CLI_OPTIONS_H
#define DLX_CLI_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>

#include "cli.h"
#include "dlx.h"

/* Which program is parsing: the name its messages start with, its help, its --part cap. */
struct cli_program {
	const char *name;      /* "dlx": every message's prefix, and getopt's */
	const char *usage;     /* the --help text */
	uint32_t max_parts;    /* --part's highest M; UINT32_MAX: no cap of its own (the message names none) */
	size_t max_part_depth; /* levels --part K/M.J/N... may have; 1: K/M alone */
};

/* The values of the shared options; zero-initialised means "not given". */
struct cli_options {
	uint64_t limit;        /* --limit N; 0 = none */
	uint64_t node_limit;   /* --node-limit N; 0 = none */
	double time_limit;     /* --time-limit SEC; 0 = none */
	unsigned threads;      /* --threads N; 0 until given: each program has its own default */
	uint32_t part, parts;  /* --part K/M (the first level); 0/0 until given */
	dlx_part part_path[DLX_MAX_PART_DEPTH]; /* --part K/M.J/N...: every level, the first outermost */
	size_t part_depth;     /* their number; 0 until given */
	enum cli_progress_mode progress;
	bool propagate;        /* --propagate: the subsumption rule at each branching (dlx_set_propagation()) */
};

/*
 * getopt_long values of the shared long options that have no short letter.
 * A program numbers its own from CLI_OPT_OWN on.
 */
enum {
	CLI_OPT_NODE_LIMIT = 256,
	CLI_OPT_TIME_LIMIT,
	CLI_OPT_PROGRESS,
	CLI_OPT_NO_PROGRESS,
	CLI_OPT_PROPAGATE,
	CLI_OPT_OWN
};

/*
 * The shared entries of a program's `struct option` table.  --limit is
 * 'l', --threads 't', --part 'p', --help 'h' and --version 'V' in every
 * program's short options too.  Each program places them where its table
 * always had them: the order shows in getopt's "ambiguous option" messages.
 */
#define CLI_LONGOPT_LIMIT { "limit", required_argument, NULL, 'l' }
#define CLI_LONGOPTS_SEARCH \
	{ "node-limit", required_argument, NULL, CLI_OPT_NODE_LIMIT }, \
	{ "time-limit", required_argument, NULL, CLI_OPT_TIME_LIMIT }, \
	{ "threads", required_argument, NULL, 't' }, \
	{ "part", required_argument, NULL, 'p' }, \
	{ "progress", no_argument, NULL, CLI_OPT_PROGRESS }, \
	{ "no-progress", no_argument, NULL, CLI_OPT_NO_PROGRESS }, \
	{ "propagate", no_argument, NULL, CLI_OPT_PROPAGATE }
#define CLI_LONGOPTS_HELP \
	{ "help", no_argument, NULL, 'h' }, \
	{ "version", no_argument, NULL, 'V' }

/* What cli_parse_option() returns after --help or --version: the program exits with CLI_EXIT_OK. */
#define CLI_OPTION_EXIT (-1)

/*
 * Makes getopt's messages ("dlx: unrecognized option ...") name the
 * program as every other message does, whatever path it was run by:
 * points argv[0] at a copy of prog->name.
 */
void cli_name_program(const struct cli_program *prog, int argc, char **argv);

/*
 * Takes one option that getopt_long returned (c, and arg = optarg) and
 * the program did not handle itself: a shared option, or anything else,
 * which is then an unknown option that getopt has already reported.
 * Returns 0 when the option was taken into *opts, CLI_OPTION_EXIT after
 * printing the help or the version, or CLI_EXIT_USAGE after a message.
 */
int cli_parse_option(const struct cli_program *prog, int c, const char *arg, struct cli_options *opts);

/*
 * After the options: the one input file among the operands, "-" when
 * there is none.  Returns 0, or CLI_EXIT_USAGE after a message if there
 * are more than one.
 */
int cli_parse_file(const struct cli_program *prog, int argc, char **argv, const char **file);

/* Prints "PROG: what" and the pointer to --help; returns CLI_EXIT_USAGE. */
int cli_usage_error(const struct cli_program *prog, const char *what);

/* Parses a decimal number, nothing else around it; false if malformed or too big. */
bool cli_parse_u64(const char *s, uint64_t *out);

/* Parses a non-negative number of seconds such as 10 or 0.5. */
bool cli_parse_seconds(const char *s, double *out);

/* Parses "K/M" with 1 <= K <= M <= max. */
bool cli_parse_part(const char *s, uint32_t max, uint32_t *k, uint32_t *m);

#endif
