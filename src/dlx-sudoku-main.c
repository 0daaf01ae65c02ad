/* dlx-sudoku: solve, count or enumerate sudoku puzzles of any n²×n² size. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "dlx-sudoku.h"
#include "dlx.h"
#include "sudoku-io.h"

static const char usage_text[] =
	"Usage: dlx-sudoku [OPTION]... [FILE]\n"
	"Solve the sudoku puzzles in FILE (standard input when FILE is missing or '-'),\n"
	"one after the other, printing each answer as soon as it is known.  Boards are\n"
	"n^2 x n^2 for n = 2..10 (4x4 to 100x100; symbol formats up to 64x64).\n"
	"\n"
	"Modes (default: print each puzzle's first solution):\n"
	"  -c, --count            print the number of solutions of each puzzle\n"
	"  -l, --limit=N          count (or print with --all) at most N solutions\n"
	"  -u, --unique           print 'unique', 'multiple' or 'none' (counts up to 2)\n"
	"  -a, --all              print every solution (with --count, then the count)\n"
	"      --score=target     print the best NOIP 2009 \"target sudoku\" score over\n"
	"                         all solutions: sum of digit x weight, the weight 6 on\n"
	"                         the border, one more per ring inwards (10 in the\n"
	"                         centre of a 9x9); -1 when there is no solution\n"
	"\n"
	"Input and output:\n"
	"  -f, --format=FMT       auto (default), line, grid, compact, drawn or count\n"
	"  -A, --alphabet=ALPHA   auto (default); alnum: 1-9A-Za-z@$& (1-9A-G for\n"
	"                         16x16); letters: A-Z (A-P for 16x16, as SPOJ 1110);\n"
	"                         hex: 0-9A-Z (0-F for 16x16, 0 is then a digit)\n"
	"  -o, --output=LAYOUT    line, grid (numbers), compact or pretty (drawn with\n"
	"                         | and +); default: the layout of the input\n"
	"  -q, --quiet            print nothing; the exit status tells\n"
	"  -s, --stats            print totals to stderr: puzzles, solved, unsolvable,\n"
	"                         stopped, nodes, updates, time and puzzles/s\n"
	"      --node-limit=N     give up on a puzzle after N search nodes\n"
	"      --time-limit=SEC   give up on a puzzle after SEC seconds\n"
	"  -h, --help             show this help and exit\n"
	"  -V, --version          show the version and exit\n"
	"\n"
	"Formats ('.', '_', '0' and '-' are blanks; '#' starts a comment line; a line\n"
	"'end' ends the input):\n"
	"  line     one puzzle per line, N^2 symbols (81 for 9x9, 256 for 16x16)\n"
	"  grid     N rows of N numbers separated by blanks, 0 for a blank (luogu 1784);\n"
	"           grids may be separated by empty lines\n"
	"  compact  N rows of N symbols (POJ 2676, .sdk files)\n"
	"  drawn    rows with '|' between boxes, lines of '-' '+' '|' between bands (as\n"
	"           qqwing and Simple Sudoku print them); '-' is not a blank there\n"
	"  count    a number T, then T compact or grid puzzles (SPOJ 1110, POJ 2676);\n"
	"           the answers follow the judges' layout: grids, with an empty line\n"
	"           between them when the input had one\n"
	"\n"
	"Auto-detection looks at the first line that is not empty or a comment: with\n"
	"'|' or '+' it is drawn; with several words, a grid; a number followed by a\n"
	"line of another length, a count; N^2 symbols, a line; N symbols, a compact\n"
	"grid.  A 16-symbol line is a 4x4 puzzle if it holds only 1-4 and blanks, else\n"
	"a 16x16 row.  The first puzzle fixes the format and the board size: a puzzle\n"
	"of another size is an error unless --format is given.  The alphabet of N > 9\n"
	"boards is alnum if the first puzzle has a digit 1-9, else letters; hex is\n"
	"never guessed.\n"
	"\n"
	"A bad input stops the run with 'dlx-sudoku: FILE:LINE: message'.  Givens\n"
	"that contradict each other are not an input error: the puzzle gets\n"
	"'no solution', the reason goes to stderr, and the run goes on.  A puzzle cut\n"
	"short by a limit gets 'unknown (stopped at ...)' or 'count >= K (...)'.\n"
	"\n"
	"Exit status: 0 every puzzle has a solution, 1 some puzzle has none,\n"
	"2 bad usage or bad input, 3 out of memory, overflow or write error,\n"
	"4 some puzzle was stopped by --node-limit or --time-limit, 130/143\n"
	"interrupted by SIGINT/SIGTERM.\n";

enum mode { MODE_SOLVE, MODE_COUNT, MODE_UNIQUE, MODE_ALL, MODE_SCORE };

struct opts {
	enum mode mode;
	bool count, stats, quiet, have_output;
	uint64_t limit, node_limit;
	double time_limit;
	enum sudoku_format format;
	enum sudoku_alphabet alphabet;
	enum sudoku_layout output;
	const char *file;
};

/* One run over an input: solvers, buffers and totals. */
struct run {
	const struct opts *o;
	const char *name;
	dlx_sudoku *solver[DLX_SUDOKU_MAX_BOX + 1];
	char *out;               /* big enough for any board in any layout */
	uint8_t *solution;
	struct cli_limits lim;
	uint64_t puzzles, solved, unsolvable, stopped, nodes, updates;
	uint64_t printed;        /* puzzles whose answer was printed */
	/* The puzzle being solved, for the callbacks. */
	const struct sudoku_puzzle *pz;
	enum sudoku_layout layout;
	enum sudoku_alphabet alphabet;
	int64_t best;
	bool have_best;
};

static bool grid_layout(enum sudoku_layout l)
{
	return l != SUDOKU_LAYOUT_LINE;
}

static int print_all(void *ctx, const uint8_t *solution)
{
	struct run *ru = ctx;
	size_t n = sudoku_write(ru->out, ru->layout, ru->alphabet, ru->pz->box, solution);
	if (grid_layout(ru->layout))
		ru->out[n++] = '\n';
	return fwrite(ru->out, 1, n, stdout) != n;
}

static int score_target(void *ctx, const uint8_t *solution)
{
	struct run *ru = ctx;
	int64_t v = dlx_sudoku_target_score(ru->pz->side, solution);
	if (!ru->have_best || v > ru->best)
		ru->best = v;
	ru->have_best = true;
	return 0;
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	enum { OPT_NODE_LIMIT = 256, OPT_TIME_LIMIT, OPT_SCORE };
	static const struct option longopts[] = {
		{ "count", no_argument, NULL, 'c' },
		{ "limit", required_argument, NULL, 'l' },
		{ "unique", no_argument, NULL, 'u' },
		{ "all", no_argument, NULL, 'a' },
		{ "score", required_argument, NULL, OPT_SCORE },
		{ "format", required_argument, NULL, 'f' },
		{ "alphabet", required_argument, NULL, 'A' },
		{ "output", required_argument, NULL, 'o' },
		{ "stats", no_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "node-limit", required_argument, NULL, OPT_NODE_LIMIT },
		{ "time-limit", required_argument, NULL, OPT_TIME_LIMIT },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	bool unique = false, all = false, score = false;
	int c;
	while ((c = getopt_long(argc, argv, "cl:uaf:A:o:sqhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'c': o->count = true; break;
		case 'u': unique = true; break;
		case 'a': all = true; break;
		case 's': o->stats = true; break;
		case 'q': o->quiet = true; break;
		case 'l':
			if (!cli_parse_u64(optarg, &o->limit) || o->limit == 0) {
				fprintf(stderr, "dlx-sudoku: --limit needs a positive number, not '%s'\n", optarg);
				return CLI_EXIT_USAGE;
			}
			break;
		case OPT_SCORE:
			if (strcmp(optarg, "target") != 0) {
				fprintf(stderr, "dlx-sudoku: --score knows only 'target', not '%s'\n", optarg);
				return CLI_EXIT_USAGE;
			}
			score = true;
			break;
		case 'f':
			if (!sudoku_format_parse(optarg, &o->format)) {
				fprintf(stderr, "dlx-sudoku: unknown format '%s' (auto, line, grid, compact, drawn, count)\n",
					optarg);
				return CLI_EXIT_USAGE;
			}
			break;
		case 'A':
			if (!sudoku_alphabet_parse(optarg, &o->alphabet)) {
				fprintf(stderr, "dlx-sudoku: unknown alphabet '%s' (auto, alnum, letters, hex)\n", optarg);
				return CLI_EXIT_USAGE;
			}
			break;
		case 'o':
			if (!sudoku_layout_parse(optarg, &o->output)) {
				fprintf(stderr, "dlx-sudoku: unknown output layout '%s' (line, grid, compact, pretty)\n",
					optarg);
				return CLI_EXIT_USAGE;
			}
			o->have_output = true;
			break;
		case OPT_NODE_LIMIT:
			if (!cli_parse_u64(optarg, &o->node_limit) || o->node_limit == 0) {
				fprintf(stderr, "dlx-sudoku: --node-limit needs a positive number, not '%s'\n", optarg);
				return CLI_EXIT_USAGE;
			}
			break;
		case OPT_TIME_LIMIT:
			if (!cli_parse_seconds(optarg, &o->time_limit) || o->time_limit <= 0) {
				fprintf(stderr, "dlx-sudoku: --time-limit needs a positive number of seconds, not '%s'\n",
					optarg);
				return CLI_EXIT_USAGE;
			}
			break;
		case 'h':
			fputs(usage_text, stdout);
			return -1;
		case 'V':
			printf("dlx-sudoku %s\n", DLX_VERSION);
			return -1;
		default:
			fputs("Try 'dlx-sudoku --help' for more information.\n", stderr);
			return CLI_EXIT_USAGE;
		}
	}
	const char *clash = NULL;
	if (score && (o->count || unique || all))
		clash = "--score cannot be combined with --count, --unique or --all";
	else if (unique && (all || o->count))
		clash = "--unique cannot be combined with --all or --count";
	if (clash) {
		fprintf(stderr, "dlx-sudoku: %s\nTry 'dlx-sudoku --help' for more information.\n", clash);
		return CLI_EXIT_USAGE;
	}
	o->mode = score ? MODE_SCORE : unique ? MODE_UNIQUE : all ? MODE_ALL : o->count ? MODE_COUNT : MODE_SOLVE;
	if (optind + 1 < argc) {
		fprintf(stderr, "dlx-sudoku: more than one input file\nTry 'dlx-sudoku --help' for more information.\n");
		return CLI_EXIT_USAGE;
	}
	o->file = optind < argc ? argv[optind] : "-";
	return 0;
}

static enum sudoku_layout default_layout(enum sudoku_format f)
{
	switch (f) {
	case SUDOKU_FORMAT_LINE: return SUDOKU_LAYOUT_LINE;
	case SUDOKU_FORMAT_GRID: return SUDOKU_LAYOUT_GRID;
	case SUDOKU_FORMAT_DRAWN: return SUDOKU_LAYOUT_PRETTY;
	default: return SUDOKU_LAYOUT_COMPACT;
	}
}

static void put_text(const char *s)
{
	fputs(s, stdout);
}

/* Prints "<what> (stopped at node limit)" and the like. */
static void put_partial(const char *what, const char *why)
{
	printf("%s (%s)\n", what, why);
}

/*
 * Solves one puzzle and prints its answer.  Returns 0 to go on, or an exit
 * status that ends the run (failure or interruption).
 */
static int solve_one(struct run *ru, const struct sudoku_puzzle *pz)
{
	const struct opts *o = ru->o;
	dlx_sudoku **sv = &ru->solver[pz->box];
	if (!*sv) {
		int rc = dlx_sudoku_new(pz->box, sv);
		if (rc) {
			fprintf(stderr, "dlx-sudoku: %s:%zu: %ux%u board: %s\n", ru->name, pz->line, pz->side,
				pz->side, dlx_strerror(rc));
			return CLI_EXIT_FAILURE;
		}
	}
	ru->pz = pz;
	ru->layout = o->have_output ? o->output : default_layout(pz->format);
	ru->alphabet = o->alphabet != SUDOKU_ALPHA_AUTO ? o->alphabet : pz->alphabet;
	if (sudoku_write_size(ru->layout, ru->alphabet, pz->box) == 0) {
		fprintf(stderr, "dlx-sudoku: %s:%zu: the alphabet has no symbols for a %ux%u board; "
			"use --output grid\n", ru->name, pz->line, pz->side, pz->side);
		return CLI_EXIT_USAGE;
	}
	ru->have_best = false;

	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	bool printing = !o->quiet;
	switch (o->mode) {
	case MODE_SOLVE: sp.limit = 1; break;
	case MODE_UNIQUE: sp.limit = 2; break;
	case MODE_COUNT: sp.limit = o->limit; break;
	case MODE_ALL:
		sp.limit = o->limit;
		sp.on_solution = printing ? print_all : NULL;
		break;
	case MODE_SCORE: sp.on_solution = score_target; break;
	}
	sp.solution_ctx = ru;
	sp.node_limit = o->node_limit;
	sp.on_poll = cli_poll;
	sp.poll_ctx = &ru->lim;
	sp.poll_interval = CLI_POLL_INTERVAL;
	ru->lim.timed_out = false;
	if (o->time_limit > 0)
		ru->lim.deadline = cli_now() + o->time_limit;

	bool grid = grid_layout(ru->layout);
	/* In grid layouts an empty line separates answers; a judge's layout keeps the input's. */
	bool judge = pz->format == SUDOKU_FORMAT_COUNT && !o->have_output;
	if (printing && grid && o->mode == MODE_SOLVE && ru->printed > 0 && (!judge || pz->blank_before))
		putchar('\n');

	dlx_sudoku_result res;
	int rc = dlx_sudoku_solve(*sv, pz->cells, &sp, o->mode == MODE_SOLVE ? ru->solution : NULL, &res);
	ru->puzzles++;
	if (rc == DLX_ERR_CONFLICT || rc == DLX_ERR_INVALID) {
		fprintf(stderr, "dlx-sudoku: %s:%zu: %s\n", ru->name, pz->line, res.message);
	} else if (rc) {
		fprintf(stderr, "dlx-sudoku: %s:%zu: %s\n", ru->name, pz->line, dlx_strerror(rc));
		return CLI_EXIT_FAILURE;
	}
	const dlx_stats *st = &res.stats;
	ru->nodes += st->nodes;
	ru->updates += st->updates;
	const char *partial = NULL;
	int stop_status = 0;
	if (st->stop == DLX_STOP_NODE_LIMIT) {
		partial = "stopped at node limit";
	} else if (st->stop == DLX_STOP_POLL && ru->lim.timed_out) {
		partial = "stopped at time limit";
	} else if (st->stop == DLX_STOP_POLL) {
		partial = cli_stop_signal == SIGTERM ? "interrupted by SIGTERM" : "interrupted by SIGINT";
		stop_status = 128 + cli_stop_signal;
	} else if (st->stop == DLX_STOP_CALLBACK && o->mode == MODE_ALL) {
		return CLI_EXIT_FAILURE; /* the write failed; reported at exit */
	}
	uint64_t n = st->solutions;
	if (partial)
		ru->stopped++;
	else if (n)
		ru->solved++;
	else
		ru->unsolvable++;

	if (printing) {
		char buf[64];
		switch (o->mode) {
		case MODE_SOLVE:
			if (n)
				fwrite(ru->out, 1, sudoku_write(ru->out, ru->layout, ru->alphabet, pz->box, ru->solution),
					stdout);
			else if (partial)
				put_partial("unknown", partial);
			else
				put_text("no solution\n");
			break;
		case MODE_UNIQUE:
			if (n >= 2)
				put_text("multiple\n");
			else if (partial)
				put_partial("unknown", partial);
			else
				put_text(n ? "unique\n" : "none\n");
			break;
		case MODE_SCORE:
			if (partial && ru->have_best) {
				snprintf(buf, sizeof buf, "score >= %" PRId64, ru->best);
				put_partial(buf, partial);
			} else if (partial) {
				put_partial("unknown", partial);
			} else {
				printf("%" PRId64 "\n", ru->have_best ? ru->best : (int64_t)-1);
			}
			break;
		case MODE_ALL:
			if (n == 0 && !partial && !o->count)
				put_text(grid ? "no solution\n\n" : "no solution\n");
			if (partial && !o->count)
				printf("%s after %" PRIu64 " solution%s\n", partial, n, n == 1 ? "" : "s");
			if (!o->count)
				break;
			/* fall through */
		case MODE_COUNT:
			if (partial) {
				snprintf(buf, sizeof buf, "count >= %" PRIu64, n);
				put_partial(buf, partial);
			} else {
				printf("%" PRIu64 "\n", n);
			}
			break;
		}
		ru->printed++;
	}
	if (ferror(stdout))
		return CLI_EXIT_FAILURE;
	return stop_status;
}

int main(int argc, char **argv)
{
	struct opts o = { 0 };
	int r = parse_args(argc, argv, &o);
	if (r)
		return r < 0 ? CLI_EXIT_OK : r;

	bool use_stdin = strcmp(o.file, "-") == 0;
	struct run ru = { 0 };
	ru.o = &o;
	ru.name = use_stdin ? "<stdin>" : o.file;
	FILE *in = use_stdin ? stdin : fopen(o.file, "r");
	if (!in) {
		fprintf(stderr, "dlx-sudoku: %s: %s\n", ru.name, strerror(errno));
		return CLI_EXIT_USAGE;
	}
	size_t out_size = 0;
	for (unsigned box = DLX_SUDOKU_MIN_BOX; box <= DLX_SUDOKU_MAX_BOX; box++) {
		for (int l = SUDOKU_LAYOUT_LINE; l <= SUDOKU_LAYOUT_PRETTY; l++) {
			size_t s = sudoku_write_size((enum sudoku_layout)l, SUDOKU_ALPHA_ALNUM, box);
			if (s > out_size)
				out_size = s;
		}
	}
	struct sudoku_reader *rd = sudoku_reader_new(in, o.format, o.alphabet);
	ru.out = malloc(out_size + 1);
	ru.solution = malloc((size_t)DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX);
	if (!rd || !ru.out || !ru.solution) {
		fprintf(stderr, "dlx-sudoku: out of memory\n");
		return CLI_EXIT_FAILURE;
	}
	/* Answers are whole lines and the run flushes before exiting, so a big buffer tears nothing. */
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	cli_catch_signals();
	double start = cli_now();

	int status = 0;
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	for (;;) {
		if (cli_stop_signal) {
			status = 128 + cli_stop_signal;
			break;
		}
		int rc = sudoku_reader_next(rd, &pz, &err);
		if (rc < 0) {
			if (err.line)
				fprintf(stderr, "dlx-sudoku: %s:%zu: %s\n", ru.name, err.line, err.message);
			else
				fprintf(stderr, "dlx-sudoku: %s: %s\n", ru.name, err.message);
			status = rc == DLX_ERR_NOMEM ? CLI_EXIT_FAILURE : CLI_EXIT_USAGE;
			break;
		}
		if (rc == 0) {
			if (ru.puzzles == 0) {
				fprintf(stderr, "dlx-sudoku: %s: no puzzle in the input\n", ru.name);
				status = CLI_EXIT_USAGE;
			}
			break;
		}
		status = solve_one(&ru, &pz);
		if (status)
			break;
	}
	double secs = cli_now() - start;
	if (status == 0)
		status = ru.stopped ? CLI_EXIT_STOPPED : ru.unsolvable ? CLI_EXIT_NONE : CLI_EXIT_OK;
	if (status > 128)
		fprintf(stderr, "dlx-sudoku: interrupted by %s\n", status == 128 + SIGTERM ? "SIGTERM" : "SIGINT");
	if (o.stats)
		fprintf(stderr,
			"puzzles: %" PRIu64 ", solved: %" PRIu64 ", unsolvable: %" PRIu64 ", stopped: %" PRIu64
			", nodes: %" PRIu64 ", updates: %" PRIu64 ", time: %.3f s, puzzles/s: %.0f\n",
			ru.puzzles, ru.solved, ru.unsolvable, ru.stopped, ru.nodes, ru.updates, secs,
			secs > 0 ? (double)ru.puzzles / secs : 0.0);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (errno != EPIPE)
			fprintf(stderr, "dlx-sudoku: write error: %s\n", strerror(errno));
		status = CLI_EXIT_FAILURE;
	}
	sudoku_reader_free(rd);
	if (!use_stdin)
		fclose(in);
	for (unsigned box = 0; box <= DLX_SUDOKU_MAX_BOX; box++)
		dlx_sudoku_free(ru.solver[box]);
	free(ru.out);
	free(ru.solution);
	return status;
}
