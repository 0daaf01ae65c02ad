/* dlx-sudoku: solve, count, enumerate, grade or generate sudoku puzzles of any n²×n² size. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "dlx-sudoku-generate.h"
#include "dlx-sudoku.h"
#include "dlx.h"
#include "ordered-pipeline.h"
#include "sudoku-read.h"
#include "sudoku-write.h"

static const char usage_text[] =
	"Usage: dlx-sudoku [OPTION]... [FILE]\n"
	"Solve the sudoku puzzles in FILE (standard input when FILE is missing or '-'),\n"
	"printing the answers in input order, each as soon as it and those before it\n"
	"are known.  Boards are n^2 x n^2 for n = 2..10 (4x4 to 100x100; symbol\n"
	"formats up to 64x64).\n"
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
	"      --grade            print a difficulty grade and the guesses.  The grade:\n"
	"                         the search nodes that the uniqueness check (as\n"
	"                         --unique) enters off the solution's path, i.e.\n"
	"                         nodes - blanks - 1.  The search always branches on\n"
	"                         the first item with the fewest options and, the\n"
	"                         puzzle being unique, walks its whole tree, so the\n"
	"                         grade is the same on any run, machine or --threads.\n"
	"                         0: no wrong guess survived its first step (puzzles\n"
	"                         that naked and hidden singles solve get 0); the more,\n"
	"                         the harder: median 6 for 17-clue puzzles, 1749 for\n"
	"                         the forum's hardest.  The guesses: nodes of that\n"
	"                         search that branched on a cell or unit with two or\n"
	"                         more candidates left (medians 1 and 133).  'multiple'\n"
	"                         or 'none' when the puzzle has no unique solution\n"
	"      --generate=COUNT   make COUNT puzzles with exactly one solution instead\n"
	"                         of reading any (see Generating below)\n"
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
	"  -t, --threads=N        solve N puzzles at a time (default: the number of\n"
	"                         online cores); the output is the same for any N.\n"
	"                         A --count of a lone puzzle splits its search over\n"
	"                         the N threads instead (not with --node-limit)\n"
	"  -p, --part=K/M         solve only puzzles K, K+M, K+2M, ... of the input\n"
	"                         (1 <= K <= M); with --output line, the M parts'\n"
	"                         outputs recombine with paste -d '\\n' (see dlx-sudoku(1))\n"
	"      --progress         report puzzles done and puzzles/s (or a long\n"
	"                         puzzle's search) to stderr every few seconds\n"
	"                         (default: when stderr is a terminal, after 2 seconds)\n"
	"      --no-progress      never report progress\n"
	"  -h, --help             show this help and exit\n"
	"  -V, --version          show the version and exit\n"
	"\n"
	"Variants (each extra unit must hold every digit once, like a row):\n"
	"      --variant=V[+V]    classic (the default); x: both main diagonals (also\n"
	"                         'diagonal'); windoku: (n-1)^2 extra n x n windows one\n"
	"                         box apart, the 4 shaded boxes of a 9x9 (also 'hyper');\n"
	"                         jigsaw: a region map replaces the boxes (also\n"
	"                         'irregular').  Combine with + or a comma: x+windoku\n"
	"      --regions=FILE     jigsaw with this region map for every puzzle (implies\n"
	"                         --variant jigsaw); without it, each puzzle of the input\n"
	"                         is followed by its own map in the same format\n"
	"  A region map is a board of region numbers 1..N in the symbols of the puzzle\n"
	"  (digits 1-9 on 9x9), in any input format, e.g. one line of N^2 symbols\n"
	"  or N rows; each of the N regions has N cells.\n"
	"\n"
	"Generating (with --generate; one puzzle per line unless --output says else):\n"
	"      --size=n           box size 2..10: n^2 x n^2 boards (default 3: 9x9)\n"
	"      --seed=S           which series of puzzles (default 0): the same S gives\n"
	"                         the same puzzles on any machine and for any --threads\n"
	"      --minimal          take clues away until none can go without allowing a\n"
	"                         second solution (the default)\n"
	"      --clues=K          stop taking clues away at K clues.  If no clue can\n"
	"                         go before K is reached, the puzzle keeps more than K\n"
	"                         (and is then minimal)\n"
	"      --symmetric        keep 180-degree rotational symmetry: clues go in\n"
	"                         pairs, so --clues may end at K+1, and minimal means\n"
	"                         that no pair (or the centre) can go\n"
	"  Every removal is checked by a search for a second solution; --node-limit\n"
	"  caps each check (default 10000000 nodes; a clue whose check is cut short\n"
	"  stays) and the search for the full board, --time-limit each puzzle.  A\n"
	"  puzzle that falls short of its request still has one solution: it is\n"
	"  printed, with a note on stderr, and the exit status is 4.  A puzzle whose\n"
	"  full board was not found within the limits is not printed (stderr says\n"
	"  so; status 4).  --variant and --regions apply; large or heavily\n"
	"  constrained boards (16x16 windoku, 25x25 and up) are slow.\n"
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
	"Exit status: 0 every puzzle has a solution (or was made as asked), 1 some\n"
	"puzzle has none, 2 bad usage or bad input, 3 out of memory, overflow or\n"
	"write error, 4 some puzzle was stopped by --node-limit or --time-limit (or\n"
	"fell short of its request), 130/143 interrupted by SIGINT/SIGTERM.\n";

enum mode { MODE_SOLVE, MODE_COUNT, MODE_UNIQUE, MODE_ALL, MODE_SCORE, MODE_GRADE, MODE_GENERATE };

struct opts {
	enum mode mode;
	bool count, stats, quiet, have_output;
	uint64_t limit, node_limit;
	/* --generate */
	uint64_t gen_count, seed;
	unsigned size;           /* box size; 0 = not given */
	size_t clues;            /* 0 = minimal */
	bool symmetric;
	/* variants */
	unsigned flags;          /* DLX_SUDOKU_X, DLX_SUDOKU_WINDOKU */
	bool jigsaw;
	const char *regions_file;
	uint8_t *regions;        /* the --regions map, N² numbers 1..N */
	unsigned regions_box;
	double time_limit;
	unsigned threads;
	uint32_t part, parts;
	enum cli_progress_mode progress;
	enum sudoku_format format;
	enum sudoku_alphabet alphabet;
	enum sudoku_layout output;
	const char *file;
};

/* Totals of a run, or one puzzle's share of them. */
struct tally {
	uint64_t puzzles, solved, unsolvable, stopped, nodes, updates, branches, clues;
};

static void tally_add(struct tally *t, const struct tally *d)
{
	t->puzzles += d->puzzles;
	t->solved += d->solved;
	t->unsolvable += d->unsolvable;
	t->stopped += d->stopped;
	t->nodes += d->nodes;
	t->updates += d->updates;
	t->branches += d->branches;
	t->clues += d->clues;
}

/* A growable byte buffer. */
struct buf {
	char *p;
	size_t len, cap;
};

static bool buf_add(struct buf *b, const char *s, size_t n)
{
	if (b->cap - b->len < n) {
		size_t cap = b->cap ? b->cap : 256;
		while (cap - b->len < n)
			cap *= 2;
		char *p = realloc(b->p, cap);
		if (!p)
			return false;
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	return true;
}

/*
 * A puzzle in the pipeline's ring: the input, then the answer held back
 * until the puzzles before it have been written.
 */
enum slot_kind { SLOT_PUZZLE, SLOT_READ_ERROR, SLOT_END_INTERRUPTED };
struct slot {
	enum slot_kind kind;
	int read_rc;
	struct sudoku_read_error read_err;
	struct sudoku_puzzle pz;
	uint8_t *cells;          /* pz.cells points here, and pz.regions (a jigsaw map) after them */
	size_t cells_cap;
	struct buf out, err;     /* stdout and stderr text */
	size_t err_at;           /* where in out the stderr text came, to keep the order */
	struct tally tally;
	int status;              /* solve_one()'s result */
};

/*
 * Past this much output a puzzle (--all on a loose puzzle) streams: its
 * worker waits for its turn and writes straight to stdout.  This bounds a
 * slot's memory whatever the puzzle.
 */
#define SLOT_OUT_MAX (64u * 1024u)

/* What solves puzzles: the main thread, or one worker thread of the pipeline. */
struct worker {
	const struct opts *o;
	const char *name;
	dlx_sudoku *solver[DLX_SUDOKU_MAX_BOX + 1];
	char *out;               /* big enough for any board in any layout */
	uint8_t *solution;
	struct cli_limits *lim;
	struct cli_limits own_lim; /* a pipeline worker's: deadlines are per puzzle, hence per thread */
	unsigned split_threads;  /* > 1: a --count's search is split over this many threads */
	/* Where the answer goes: straight out, or into the slot until its turn. */
	bool direct;
	struct slot *slot;
	struct batch *batch;
	uint64_t seq;
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

/* Writes a slot's held-back answer, stderr text at the place it came. */
static void slot_flush(struct slot *s)
{
	/* out.p is NULL until something was held back (--quiet): fwrite must not see it. */
	if (!s->out.p && !s->err.p)
		return;
	if (s->err_at)
		fwrite(s->out.p, 1, s->err_at, stdout);
	if (s->err.len) {
		fflush(stdout);
		fwrite(s->err.p, 1, s->err.len, stderr);
	}
	if (s->out.len > s->err_at)
		fwrite(s->out.p + s->err_at, 1, s->out.len - s->err_at, stdout);
	s->out.len = s->err.len = s->err_at = 0;
}

/* Answer text; false if it could not be written (then stop searching). */
static bool emit(struct worker *w, const char *s, size_t n)
{
	if (w->direct)
		return fwrite(s, 1, n, stdout) == n;
	if (!buf_add(&w->slot->out, s, n))
		return false;
	if (w->slot->out.len > SLOT_OUT_MAX) {
		if (!batch_wait_turn(w->batch, w->seq))
			return false;
		slot_flush(w->slot);
		w->direct = true;
	}
	return true;
}

static void emit_str(struct worker *w, const char *s)
{
	emit(w, s, strlen(s));
}

static void emit_fmt(struct worker *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit_fmt(struct worker *w, const char *fmt, ...)
{
	char buf[160];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		emit(w, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* A message about the puzzle for stderr, in its place among the answers. */
static void warn(struct worker *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void warn(struct worker *w, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (w->direct) {
		vfprintf(stderr, fmt, ap);
	} else {
		char buf[512];
		int n = vsnprintf(buf, sizeof buf, fmt, ap);
		if (n > 0) {
			if (w->slot->err.len == 0)
				w->slot->err_at = w->slot->out.len;
			buf_add(&w->slot->err, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
		}
	}
	va_end(ap);
}

static int print_all(void *ctx, const uint8_t *solution)
{
	struct worker *w = ctx;
	size_t n = sudoku_write(w->out, w->layout, w->alphabet, w->pz->box, solution);
	if (grid_layout(w->layout))
		w->out[n++] = '\n';
	return !emit(w, w->out, n);
}

static int score_target(void *ctx, const uint8_t *solution)
{
	struct worker *w = ctx;
	int64_t v = dlx_sudoku_target_score(w->pz->side, solution);
	if (!w->have_best || v > w->best)
		w->best = v;
	w->have_best = true;
	return 0;
}

/* A pipeline worker's poll: also gives up when the run is stopping. */
static int batch_poll(void *ctx, const dlx_stats *so_far)
{
	struct worker *w = ctx;
	if (batch_stopping(w->batch))
		return 1;
	return cli_poll(w->lim, so_far);
}

/* Parses --variant's list, e.g. "x+windoku"; false with a message on stderr if a name is unknown. */
static bool parse_variant(const char *arg, struct opts *o)
{
	static const struct { const char *name; unsigned flag; bool jigsaw; } names[] = {
		{ "classic", 0, false }, { "x", DLX_SUDOKU_X, false }, { "diagonal", DLX_SUDOKU_X, false },
		{ "windoku", DLX_SUDOKU_WINDOKU, false }, { "hyper", DLX_SUDOKU_WINDOKU, false },
		{ "jigsaw", 0, true }, { "irregular", 0, true },
	};
	const char *p = arg;
	for (;;) {
		size_t len = strcspn(p, "+,");
		size_t k = 0;
		while (k < sizeof names / sizeof names[0] &&
			(strlen(names[k].name) != len || strncmp(p, names[k].name, len) != 0))
			k++;
		if (k == sizeof names / sizeof names[0]) {
			fprintf(stderr, "dlx-sudoku: unknown variant '%.*s' (classic, x, windoku, jigsaw; combine with +)\n",
				(int)len, p);
			return false;
		}
		o->flags |= names[k].flag;
		o->jigsaw |= names[k].jigsaw;
		if (!p[len])
			return true;
		p += len + 1;
	}
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	enum { OPT_NODE_LIMIT = 256, OPT_TIME_LIMIT, OPT_SCORE, OPT_PROGRESS, OPT_NO_PROGRESS, OPT_GRADE,
		OPT_GENERATE, OPT_SIZE, OPT_SEED, OPT_CLUES, OPT_MINIMAL, OPT_SYMMETRIC, OPT_VARIANT, OPT_REGIONS };
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
		{ "threads", required_argument, NULL, 't' },
		{ "part", required_argument, NULL, 'p' },
		{ "progress", no_argument, NULL, OPT_PROGRESS },
		{ "no-progress", no_argument, NULL, OPT_NO_PROGRESS },
		{ "grade", no_argument, NULL, OPT_GRADE },
		{ "generate", required_argument, NULL, OPT_GENERATE },
		{ "size", required_argument, NULL, OPT_SIZE },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "clues", required_argument, NULL, OPT_CLUES },
		{ "minimal", no_argument, NULL, OPT_MINIMAL },
		{ "symmetric", no_argument, NULL, OPT_SYMMETRIC },
		{ "variant", required_argument, NULL, OPT_VARIANT },
		{ "regions", required_argument, NULL, OPT_REGIONS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	bool unique = false, all = false, score = false, grade = false, generate = false, minimal = false;
	bool gen_only = false, have_format = false;
	int c;
	uint64_t v;
	while ((c = getopt_long(argc, argv, "cl:uaf:A:o:sqt:p:hV", longopts, NULL)) != -1) {
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
			have_format = true;
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
		case 't':
			if (!cli_parse_u64(optarg, &v) || v == 0 || v > 1024) {
				fprintf(stderr, "dlx-sudoku: --threads needs a number from 1 to 1024, not '%s'\n", optarg);
				return CLI_EXIT_USAGE;
			}
			o->threads = (unsigned)v;
			break;
		case 'p':
			if (!cli_parse_part(optarg, UINT32_MAX, &o->part, &o->parts)) {
				fprintf(stderr, "dlx-sudoku: --part needs K/M with 1 <= K <= M, not '%s'\n", optarg);
				return CLI_EXIT_USAGE;
			}
			break;
		case OPT_PROGRESS: o->progress = CLI_PROGRESS_ON; break;
		case OPT_NO_PROGRESS: o->progress = CLI_PROGRESS_OFF; break;
		case OPT_GRADE: grade = true; break;
		case OPT_GENERATE:
			if (!cli_parse_u64(optarg, &o->gen_count) || o->gen_count == 0) {
				fprintf(stderr, "dlx-sudoku: --generate needs a positive number of puzzles, not '%s'\n", optarg);
				return CLI_EXIT_USAGE;
			}
			generate = true;
			break;
		case OPT_SIZE:
			if (!cli_parse_u64(optarg, &v) || v < DLX_SUDOKU_MIN_BOX || v > DLX_SUDOKU_MAX_BOX) {
				fprintf(stderr, "dlx-sudoku: --size needs a box size from %u to %u (4x4 to %ux%u), not '%s'\n",
					DLX_SUDOKU_MIN_BOX, DLX_SUDOKU_MAX_BOX, DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX,
					DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX, optarg);
				return CLI_EXIT_USAGE;
			}
			o->size = (unsigned)v;
			gen_only = true;
			break;
		case OPT_SEED:
			if (!cli_parse_u64(optarg, &o->seed)) {
				fprintf(stderr, "dlx-sudoku: --seed needs a number from 0 to %" PRIu64 ", not '%s'\n",
					UINT64_MAX, optarg);
				return CLI_EXIT_USAGE;
			}
			gen_only = true;
			break;
		case OPT_CLUES:
			if (!cli_parse_u64(optarg, &v) || v == 0 || v > SIZE_MAX) {
				fprintf(stderr, "dlx-sudoku: --clues needs a positive number, not '%s'\n", optarg);
				return CLI_EXIT_USAGE;
			}
			o->clues = (size_t)v;
			gen_only = true;
			break;
		case OPT_MINIMAL: minimal = gen_only = true; break;
		case OPT_SYMMETRIC: o->symmetric = gen_only = true; break;
		case OPT_VARIANT:
			if (!parse_variant(optarg, o))
				return CLI_EXIT_USAGE;
			break;
		case OPT_REGIONS:
			o->regions_file = optarg;
			o->jigsaw = true;
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
	if (generate && (o->count || unique || all || score || grade || o->limit))
		clash = "--generate cannot be combined with --count, --unique, --all, --score, --grade or --limit";
	else if (generate && (have_format || o->parts))
		clash = "--generate reads no input: --format and --part do not apply";
	else if (generate && optind < argc)
		clash = "--generate reads no input file";
	else if (gen_only && !generate)
		clash = "--size, --seed, --clues, --minimal and --symmetric need --generate";
	else if (minimal && o->clues)
		clash = "--minimal and --clues exclude each other";
	else if (generate && o->jigsaw && !o->regions_file)
		clash = "--generate with --variant jigsaw needs --regions FILE";
	else if (grade && (o->count || unique || all || score))
		clash = "--grade cannot be combined with --count, --unique, --all or --score";
	else if (score && (o->count || unique || all))
		clash = "--score cannot be combined with --count, --unique or --all";
	else if (unique && (all || o->count))
		clash = "--unique cannot be combined with --all or --count";
	if (clash) {
		fprintf(stderr, "dlx-sudoku: %s\nTry 'dlx-sudoku --help' for more information.\n", clash);
		return CLI_EXIT_USAGE;
	}
	o->mode = generate ? MODE_GENERATE : grade ? MODE_GRADE : score ? MODE_SCORE : unique ? MODE_UNIQUE
		: all ? MODE_ALL : o->count ? MODE_COUNT : MODE_SOLVE;
	if (optind + 1 < argc) {
		fprintf(stderr, "dlx-sudoku: more than one input file\nTry 'dlx-sudoku --help' for more information.\n");
		return CLI_EXIT_USAGE;
	}
	o->file = optind < argc ? argv[optind] : "-";
	if (!o->threads)
		o->threads = cli_online_cores();
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

/* Prints "<what> (stopped at node limit)" and the like. */
static void put_partial(struct worker *w, const char *what, const char *why)
{
	emit_fmt(w, "%s (%s)\n", what, why);
}

/*
 * The worker's solver for a board size and region map (NULL: the boxes),
 * built on first use.  A jigsaw input may bring a new map with every puzzle;
 * the solver is rebuilt only when the map changes.  Returns 0, or an exit
 * status after a message naming `line`.
 */
static int get_solver(struct worker *w, unsigned box, const uint8_t *regions, size_t line, dlx_sudoku **out)
{
	dlx_sudoku **sv = &w->solver[box];
	unsigned side = box * box;
	char where[64] = "";
	if (line)
		snprintf(where, sizeof where, ":%zu", line);
	if (*sv && regions && memcmp(dlx_sudoku_regions(*sv), regions, (size_t)side * side) != 0) {
		dlx_sudoku_free(*sv);
		*sv = NULL;
	}
	if (!*sv) {
		dlx_sudoku_shape shape = { box, w->o->flags, regions };
		dlx_error_info err;
		int rc = dlx_sudoku_new_shape(&shape, sv, &err);
		if (rc) {
			warn(w, "dlx-sudoku: %s%s: %ux%u board: %s\n", w->name, where, side, side,
				err.message[0] ? err.message : dlx_strerror(rc));
			return rc == DLX_ERR_INVALID ? CLI_EXIT_USAGE : CLI_EXIT_FAILURE;
		}
	}
	*out = *sv;
	return 0;
}

/* Before a puzzle's search: its deadline, and progress counted from now. */
static void start_limits(struct worker *w)
{
	const struct opts *o = w->o;
	w->lim->timed_out = false;
	if (o->time_limit > 0 || w->lim->progress) {
		double now = cli_now();
		if (o->time_limit > 0)
			w->lim->deadline = now + o->time_limit;
		/* The core's progress is worth showing only for a puzzle that itself runs long. */
		w->lim->start = now;
		w->lim->next_report = now + 2.0;
	}
}

/*
 * Solves one puzzle, the seq-th of the run (0-based), prints its answer and
 * adds it to *t.  Returns 0 to go on, or an exit status that ends the run
 * (failure or interruption).  The answer depends only on the puzzle and
 * seq, never on other threads, which is what keeps the output the same for
 * any number of threads.
 */
static int solve_one(struct worker *w, const struct sudoku_puzzle *pz, uint64_t seq, struct tally *t)
{
	const struct opts *o = w->o;
	const uint8_t *regions = pz->regions;
	if (!regions && o->regions) {
		if (pz->box != o->regions_box) {
			unsigned rs = o->regions_box * o->regions_box;
			warn(w, "dlx-sudoku: %s:%zu: a %ux%u puzzle, but the region map is %ux%u\n", w->name,
				pz->line, pz->side, pz->side, rs, rs);
			return CLI_EXIT_USAGE;
		}
		regions = o->regions;
	}
	dlx_sudoku *solver;
	int status = get_solver(w, pz->box, regions, pz->regions ? pz->regions_line : pz->line, &solver);
	if (status)
		return status;
	w->pz = pz;
	w->layout = o->have_output ? o->output : default_layout(pz->format);
	w->alphabet = o->alphabet != SUDOKU_ALPHA_AUTO ? o->alphabet : pz->alphabet;
	if (sudoku_write_size(w->layout, w->alphabet, pz->box) == 0) {
		warn(w, "dlx-sudoku: %s:%zu: the alphabet has no symbols for a %ux%u board; "
			"use --output grid\n", w->name, pz->line, pz->side, pz->side);
		return CLI_EXIT_USAGE;
	}
	w->have_best = false;

	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	bool printing = !o->quiet;
	switch (o->mode) {
	case MODE_SOLVE: sp.limit = 1; break;
	case MODE_UNIQUE: sp.limit = 2; break;
	case MODE_COUNT:
		sp.limit = o->limit;
		sp.threads = w->split_threads;
		break;
	case MODE_ALL:
		sp.limit = o->limit;
		sp.on_solution = printing ? print_all : NULL;
		break;
	case MODE_SCORE: sp.on_solution = score_target; break;
	case MODE_GRADE: break;
	case MODE_GENERATE: break;
	}
	sp.solution_ctx = w;
	sp.node_limit = o->node_limit;
	if (w->batch) {
		sp.on_poll = batch_poll;
		sp.poll_ctx = w;
	} else {
		sp.on_poll = cli_poll;
		sp.poll_ctx = w->lim;
	}
	sp.poll_interval = CLI_POLL_INTERVAL;
	start_limits(w);

	bool grid = grid_layout(w->layout);
	/* In grid layouts an empty line separates answers; a judge's layout keeps the input's. */
	bool judge = pz->format == SUDOKU_FORMAT_COUNT && !o->have_output;
	if (printing && grid && o->mode == MODE_SOLVE && seq > 0 && (!judge || pz->blank_before))
		emit(w, "\n", 1);

	dlx_sudoku_result res;
	dlx_error_info err;
	uint64_t grade = 0;
	int rc;
	if (o->mode == MODE_GRADE) {
		rc = dlx_sudoku_grade(solver, pz->cells, &sp, &grade, &res, &err);
	} else {
		rc = dlx_sudoku_solve(solver, pz->cells, &sp, o->mode == MODE_SOLVE ? w->solution : NULL, &res, &err);
		if (rc == DLX_ERR_NOMEM && sp.threads > 1) {
			/* The threads' copies of a big board may not fit where one search does. */
			sp.threads = 1;
			rc = dlx_sudoku_solve(solver, pz->cells, &sp, NULL, &res, &err);
		}
	}
	t->puzzles++;
	if (rc == DLX_ERR_CONFLICT || rc == DLX_ERR_INVALID) {
		warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, err.message);
	} else if (rc) {
		warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, dlx_strerror(rc));
		return CLI_EXIT_FAILURE;
	}
	const dlx_stats *st = &res.stats;
	t->nodes += st->nodes;
	t->updates += st->updates;
	t->branches += st->branches;
	const char *partial = NULL;
	int stop_status = 0;
	if (st->stop == DLX_STOP_NODE_LIMIT) {
		partial = "stopped at node limit";
	} else if (st->stop == DLX_STOP_POLL && w->lim->timed_out) {
		partial = "stopped at time limit";
	} else if (st->stop == DLX_STOP_POLL && w->batch && batch_stopping(w->batch)) {
		return CLI_EXIT_FAILURE; /* the run is over; nobody reads this answer */
	} else if (st->stop == DLX_STOP_POLL) {
		partial = cli_stop_signal == SIGTERM ? "interrupted by SIGTERM" : "interrupted by SIGINT";
		stop_status = 128 + (cli_stop_signal ? cli_stop_signal : SIGINT);
	} else if (st->stop == DLX_STOP_CALLBACK && o->mode == MODE_ALL) {
		return CLI_EXIT_FAILURE; /* the write failed; reported at exit */
	}
	uint64_t n = st->solutions;
	if (partial)
		t->stopped++;
	else if (n)
		t->solved++;
	else
		t->unsolvable++;

	if (printing) {
		char buf[64];
		switch (o->mode) {
		case MODE_SOLVE:
			if (n)
				emit(w, w->out, sudoku_write(w->out, w->layout, w->alphabet, pz->box, w->solution));
			else if (partial)
				put_partial(w, "unknown", partial);
			else
				emit_str(w, "no solution\n");
			break;
		case MODE_UNIQUE:
			if (n >= 2)
				emit_str(w, "multiple\n");
			else if (partial)
				put_partial(w, "unknown", partial);
			else
				emit_str(w, n ? "unique\n" : "none\n");
			break;
		case MODE_GRADE:
			if (n >= 2)
				emit_str(w, "multiple\n");
			else if (partial)
				put_partial(w, "unknown", partial);
			else if (n)
				emit_fmt(w, "%" PRIu64 " %" PRIu64 "\n", grade, st->branches);
			else
				emit_str(w, "none\n");
			break;
		case MODE_GENERATE:
			break;
		case MODE_SCORE:
			if (partial && w->have_best) {
				snprintf(buf, sizeof buf, "score >= %" PRId64, w->best);
				put_partial(w, buf, partial);
			} else if (partial) {
				put_partial(w, "unknown", partial);
			} else {
				emit_fmt(w, "%" PRId64 "\n", w->have_best ? w->best : (int64_t)-1);
			}
			break;
		case MODE_ALL:
			if (n == 0 && !partial && !o->count)
				emit_str(w, grid ? "no solution\n\n" : "no solution\n");
			if (partial && !o->count)
				emit_fmt(w, "%s after %" PRIu64 " solution%s\n", partial, n, n == 1 ? "" : "s");
			if (!o->count)
				break;
			/* fall through */
		case MODE_COUNT:
			if (partial) {
				snprintf(buf, sizeof buf, "count >= %" PRIu64, n);
				put_partial(w, buf, partial);
			} else {
				emit_fmt(w, "%" PRIu64 "\n", n);
			}
			break;
		}
	}
	/* A held-back answer's write errors are the writer's to see. */
	if (w->direct && ferror(stdout))
		return CLI_EXIT_FAILURE;
	return stop_status;
}

/*
 * --generate's poll: the deadline and the signals.  Not cli_poll(): its
 * progress lines describe one search, and a puzzle is made of many.
 */
static int generate_poll(void *ctx, const dlx_stats *so_far)
{
	struct worker *w = ctx;
	(void)so_far;
	if (cli_stop_signal || (w->batch && batch_stopping(w->batch)))
		return 1;
	if (w->lim->deadline > 0 && cli_now() >= w->lim->deadline) {
		w->lim->timed_out = true;
		return 1;
	}
	return 0;
}

/* What cut a generation short, for messages. */
static const char *stop_reason(const struct worker *w, dlx_stop_reason stop)
{
	return stop == DLX_STOP_NODE_LIMIT ? "stopped at node limit" : w->lim->timed_out ? "stopped at time limit"
		: "interrupted";
}

/*
 * Makes the seq-th puzzle of the run (0-based), prints it and adds it to *t.
 * Returns as solve_one().  The puzzle depends only on the seed, seq and the
 * options, which keeps the output the same for any number of threads.
 */
static int generate_one(struct worker *w, uint64_t seq, struct tally *t)
{
	const struct opts *o = w->o;
	const unsigned box = o->size, side = box * box;
	dlx_sudoku *solver;
	int status = get_solver(w, box, o->regions, 0, &solver);
	if (status)
		return status;
	w->layout = o->have_output ? o->output : SUDOKU_LAYOUT_LINE;
	w->alphabet = o->alphabet != SUDOKU_ALPHA_AUTO ? o->alphabet : SUDOKU_ALPHA_ALNUM;
	dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
	gp.seed = o->seed;
	gp.sequence = seq;
	gp.clues = o->clues;
	gp.symmetric = o->symmetric;
	gp.node_limit = o->node_limit;
	gp.on_poll = generate_poll;
	gp.poll_ctx = w;
	gp.poll_interval = CLI_POLL_INTERVAL;
	start_limits(w);
	dlx_sudoku_gen_result res;
	dlx_error_info err;
	int rc = dlx_sudoku_generate(solver, &gp, w->solution, NULL, &res, &err);
	t->puzzles++;
	t->nodes += res.nodes;
	if (rc) {
		warn(w, "dlx-sudoku: puzzle %" PRIu64 ": %s\n", seq + 1, err.message[0] ? err.message : dlx_strerror(rc));
		/* A shape without any full board would fail every puzzle alike. */
		return rc == DLX_ERR_CONFLICT ? CLI_EXIT_NONE : CLI_EXIT_FAILURE;
	}
	if (res.stop == DLX_STOP_POLL && !w->lim->timed_out) {
		if (w->batch && batch_stopping(w->batch))
			return CLI_EXIT_FAILURE; /* the run is over; nobody reads this answer */
		warn(w, "dlx-sudoku: puzzle %" PRIu64 ": interrupted\n", seq + 1);
		return 128 + (cli_stop_signal ? cli_stop_signal : SIGINT);
	}
	if (res.clues == 0) {
		warn(w, "dlx-sudoku: puzzle %" PRIu64 ": no %ux%u board found (%s)\n", seq + 1, side, side,
			stop_reason(w, res.stop));
		t->stopped++;
		return 0;
	}
	t->clues += res.clues;
	/* --clues K is met at K (K+1 for a pair); above it only by a minimal puzzle. */
	bool met = res.minimal || (o->clues && res.clues <= o->clues + (o->symmetric ? 1 : 0));
	if (met) {
		t->solved++;
	} else {
		t->stopped++;
		warn(w, "dlx-sudoku: puzzle %" PRIu64 ": %zu clues, %s (%s)\n", seq + 1, res.clues,
			o->clues ? "more than asked" : "not shown minimal", stop_reason(w, res.stop));
	}
	if (!o->quiet) {
		if (grid_layout(w->layout) && seq > 0)
			emit(w, "\n", 1);
		emit(w, w->out, sudoku_write(w->out, w->layout, w->alphabet, box, w->solution));
	}
	if (w->direct && ferror(stdout))
		return CLI_EXIT_FAILURE;
	return 0;
}

static bool worker_init(struct worker *w, const struct opts *o, const char *name, size_t out_size)
{
	memset(w, 0, sizeof *w);
	w->o = o;
	w->name = name;
	w->out = malloc(out_size + 1);
	w->solution = malloc((size_t)DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX);
	w->direct = true;
	w->lim = &w->own_lim;
	return w->out && w->solution;
}

static void worker_free(struct worker *w)
{
	for (unsigned box = 0; box <= DLX_SUDOKU_MAX_BOX; box++)
		dlx_sudoku_free(w->solver[box]);
	free(w->out);
	free(w->solution);
}

/* The input: the reader, with --part's selection and puzzles read ahead. */
struct input {
	struct sudoku_reader *rd;
	uint32_t part, parts;
	uint64_t read;          /* puzzles read, selected or not */
	/* Read ahead by main() to tell a lone puzzle from a file of them. */
	unsigned ahead, ahead_used;
	int ahead_rc[2];
	struct sudoku_puzzle ahead_pz[2];
	struct sudoku_read_error ahead_err[2];
	uint8_t *ahead_cells[2];
	bool ended;             /* the pipeline's producer saw the end or an error */
};

/* Like sudoku_reader_next(), for the puzzles of the part only, not those read ahead. */
static int input_next_unread(struct input *in, struct sudoku_puzzle *pz, struct sudoku_read_error *err)
{
	for (;;) {
		int rc = sudoku_reader_next(in->rd, pz, err);
		if (rc <= 0)
			return rc;
		uint64_t k = in->read++;
		if (in->parts <= 1 || k % in->parts == in->part - 1)
			return 1;
	}
}

/* The next puzzle: those read ahead first, then the reader's. */
static int input_next(struct input *in, struct sudoku_puzzle *pz, struct sudoku_read_error *err)
{
	if (in->ahead_used < in->ahead) {
		unsigned k = in->ahead_used++;
		*pz = in->ahead_pz[k];
		*err = in->ahead_err[k];
		return in->ahead_rc[k];
	}
	return input_next_unread(in, pz, err);
}

/*
 * Moves a puzzle's cells (and region map) from the reader's buffers, which
 * the next read overwrites, to *buf (grown as needed).
 */
static bool copy_puzzle(struct sudoku_puzzle *pz, uint8_t **buf, size_t *cap)
{
	size_t cells = (size_t)pz->side * pz->side;
	size_t need = pz->regions ? 2 * cells : cells;
	if (*cap < need) {
		uint8_t *p = realloc(*buf, need);
		if (!p)
			return false;
		*buf = p;
		*cap = need;
	}
	memcpy(*buf, pz->cells, cells);
	pz->cells = *buf;
	if (pz->regions) {
		memcpy(*buf + cells, pz->regions, cells);
		pz->regions = *buf + cells;
	}
	return true;
}

/* Reads the next puzzle ahead, keeping a copy of its cells past the next read. */
static bool input_read_ahead(struct input *in)
{
	unsigned k = in->ahead;
	/*
	 * From the reader, not input_next(): that would hand back the puzzle
	 * read ahead before, and a lone puzzle would never look lone.
	 */
	in->ahead_rc[k] = input_next_unread(in, &in->ahead_pz[k], &in->ahead_err[k]);
	in->ahead++;
	if (in->ahead_rc[k] == 1) {
		size_t cap = 0;
		return copy_puzzle(&in->ahead_pz[k], &in->ahead_cells[k], &cap);
	}
	return true;
}

/* A run over an input: the thread-independent state and the totals. */
struct run {
	const struct opts *o;
	const char *name;
	struct input in;
	struct cli_limits lim;   /* the main thread's: progress and, with one thread, the deadline */
	struct tally total;
	int fd;                  /* the input's, to look for a count format's T */
	bool format_seen;
	uint64_t known_total;    /* puzzles of the part the input announced (count format), 0 if unknown */
	double start;
	double next_report;      /* of puzzles done; lim's own is for one long puzzle's search */
	uint64_t generated;      /* --generate: puzzles handed to the pipeline */
	/* The pipeline's workers. */
	struct worker *workers;
	unsigned n_workers;
};

/* Reports "puzzles done" every few seconds once a run takes more than 2 (see cli_limits). */
static void batch_progress(struct run *ru, bool force)
{
	struct cli_limits *lim = &ru->lim;
	if (!lim->progress)
		return;
	double now = cli_now();
	if (!force && now < ru->next_report)
		return;
	double secs = now - ru->start;
	uint64_t done = ru->total.puzzles;
	char of[48] = "";
	if (ru->known_total)
		snprintf(of, sizeof of, " of %" PRIu64 " (%.1f%%)", ru->known_total,
			100.0 * (double)done / (double)ru->known_total);
	fprintf(stderr, "%s%s: %" PRIu64 "%s puzzles done, %.0f puzzles/s, %.0f s%s", lim->tty ? "\r" : "",
		lim->prog, done, of, secs > 0 ? (double)done / secs : 0.0, secs, lim->tty ? "\033[K" : "\n");
	fflush(stderr);
	lim->reported = true;
	ru->next_report = now + (lim->tty ? 1.0 : 5.0);
}

/*
 * The T of a count-format input, for progress: the first line that is not
 * empty or a comment.  pread leaves the reader's position alone; a pipe
 * cannot be read twice, so its total stays unknown (0).
 */
static uint64_t count_format_total(int fd)
{
	char buf[4096];
	ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	char *line = buf;
	while (line && *line) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		char *p = line + strspn(line, " \t\r");
		if (*p && *p != '#') {
			size_t len = strspn(p, "0123456789");
			p[len] = '\0';
			uint64_t t;
			return cli_parse_u64(p, &t) ? t : 0;
		}
		line = nl ? nl + 1 : NULL;
	}
	return 0;
}

/* How many puzzles of the input's T the part takes. */
static uint64_t part_share(uint64_t total, uint32_t part, uint32_t parts)
{
	if (parts <= 1)
		return total;
	return total >= part ? (total - part) / parts + 1 : 0;
}

/* Called in the main thread with the first puzzle: a count format tells the total. */
static void note_format(struct run *ru, const struct sudoku_puzzle *pz)
{
	if (ru->format_seen)
		return;
	ru->format_seen = true;
	if (ru->lim.progress && pz->format == SUDOKU_FORMAT_COUNT)
		ru->known_total = part_share(count_format_total(ru->fd), ru->in.part, ru->in.parts);
}

/* Reports a read error the way a run ends on one; returns the exit status. */
static int read_failed(struct run *ru, int rc, const struct sudoku_read_error *err)
{
	/* A read cut short by Ctrl-C is the interruption, not a bad input. */
	if (cli_stop_signal)
		return 128 + cli_stop_signal;
	if (err->line)
		fprintf(stderr, "dlx-sudoku: %s:%zu: %s\n", ru->name, err->line, err->message);
	else
		fprintf(stderr, "dlx-sudoku: %s: %s\n", ru->name, err->message);
	return rc == DLX_ERR_NOMEM ? CLI_EXIT_FAILURE : CLI_EXIT_USAGE;
}

/* The end of the input; an error if it held no puzzle (a --part may select none). */
static int input_ended(struct run *ru)
{
	if (ru->in.read == 0) {
		fprintf(stderr, "dlx-sudoku: %s: no puzzle in the input\n", ru->name);
		return CLI_EXIT_USAGE;
	}
	return 0;
}

/* --- the pipeline's callbacks (ordered-pipeline.h) --- */

static int batch_read(void *ctx, void *vslot)
{
	struct run *ru = ctx;
	struct slot *s = vslot;
	if (ru->in.ended)
		return 0;
	if (cli_stop_signal) {
		s->kind = SLOT_END_INTERRUPTED;
		ru->in.ended = true;
		return 1;
	}
	if (ru->o->mode == MODE_GENERATE) {
		/* The puzzle to make is known by its number alone: seq in batch_process. */
		if (ru->generated == ru->o->gen_count) {
			ru->in.ended = true;
			return 0;
		}
		ru->generated++;
		memset(&s->pz, 0, sizeof s->pz);
		s->pz.format = SUDOKU_FORMAT_LINE;
		s->kind = SLOT_PUZZLE;
		return 1;
	}
	struct sudoku_puzzle pz;
	int rc = input_next(&ru->in, &pz, &s->read_err);
	if (rc == 0) {
		ru->in.ended = true;
		return 0;
	}
	if (rc < 0) {
		s->kind = SLOT_READ_ERROR;
		s->read_rc = rc;
		ru->in.ended = true;
		return 1;
	}
	if (!copy_puzzle(&pz, &s->cells, &s->cells_cap)) {
		s->kind = SLOT_READ_ERROR;
		s->read_rc = DLX_ERR_NOMEM;
		s->read_err.line = 0;
		snprintf(s->read_err.message, sizeof s->read_err.message, "%s", dlx_strerror(DLX_ERR_NOMEM));
		ru->in.ended = true;
		return 1;
	}
	s->pz = pz;
	s->kind = SLOT_PUZZLE;
	return 1;
}

static void batch_process(void *ctx, struct batch *b, unsigned index, void *vslot, uint64_t seq)
{
	struct run *ru = ctx;
	struct slot *s = vslot;
	struct worker *w = &ru->workers[index];
	memset(&s->tally, 0, sizeof s->tally);
	s->status = 0;
	if (s->kind != SLOT_PUZZLE)
		return;
	/* Puzzles too short to poll would never see a Ctrl-C: look before each one. */
	if (cli_stop_signal) {
		s->kind = SLOT_END_INTERRUPTED;
		return;
	}
	w->slot = s;
	w->batch = b;
	w->seq = seq;
	w->direct = false;
	if (ru->o->mode == MODE_GENERATE)
		s->status = generate_one(w, seq, &s->tally);
	else
		s->status = solve_one(w, &s->pz, seq, &s->tally);
	w->slot = NULL;
}

static int batch_write(void *ctx, void *vslot)
{
	struct run *ru = ctx;
	struct slot *s = vslot;
	switch (s->kind) {
	case SLOT_END_INTERRUPTED:
		return 128 + (cli_stop_signal ? cli_stop_signal : SIGINT);
	case SLOT_READ_ERROR:
		return read_failed(ru, s->read_rc, &s->read_err);
	case SLOT_PUZZLE:
		break;
	}
	note_format(ru, &s->pz);
	slot_flush(s);
	tally_add(&ru->total, &s->tally);
	batch_progress(ru, false);
	if (s->status)
		return s->status;
	return ferror(stdout) ? CLI_EXIT_FAILURE : 0;
}

static void batch_idle(void *ctx)
{
	batch_progress(ctx, false);
}

/*
 * Solves with the pipeline.  Returns the run's status so far (0 to go on),
 * or -1 if no thread could start (nothing was read then).
 */
static int run_batch(struct run *ru, size_t out_size)
{
	const struct opts *o = ru->o;
	unsigned threads = o->threads;
	/* Enough puzzles in flight that a slow one rarely stalls the others. */
	size_t window = (size_t)64 * threads;
	struct worker *workers = calloc(threads, sizeof *workers);
	struct slot *slots = calloc(window, sizeof *slots);
	void **ptrs = calloc(window, sizeof *ptrs);
	int status = -1;
	unsigned made = 0;
	if (workers && slots && ptrs) {
		for (; made < threads; made++) {
			if (!worker_init(&workers[made], o, ru->name, out_size))
				break;
			workers[made].own_lim = ru->lim;
			workers[made].own_lim.progress = false;
			workers[made].own_lim.reported = false;
		}
		for (size_t k = 0; k < window; k++)
			ptrs[k] = &slots[k];
		ru->workers = workers;
		ru->n_workers = made;
		struct batch_ops ops = { ru, batch_read, batch_process, batch_write,
			ru->lim.progress ? batch_idle : NULL, 0.25 };
		if (made == threads)
			status = batch_run(&ops, threads, ptrs, window);
		if (status == 0 && !cli_stop_signal && o->mode != MODE_GENERATE)
			status = input_ended(ru);
	}
	for (unsigned t = 0; t < made; t++)
		worker_free(&workers[t]);
	for (size_t k = 0; slots && k < window; k++) {
		free(slots[k].cells);
		free(slots[k].out.p);
		free(slots[k].err.p);
	}
	free(workers);
	free(slots);
	free(ptrs);
	return status;
}

/* Generates in the main thread, one puzzle after the other: the --threads 1 path. */
static int run_generate(struct run *ru, struct worker *w)
{
	int status = 0;
	for (uint64_t seq = 0; seq < ru->o->gen_count && !status; seq++) {
		if (cli_stop_signal)
			return 128 + cli_stop_signal;
		status = generate_one(w, seq, &ru->total);
		batch_progress(ru, false);
	}
	return status;
}

/* Solves in the main thread, one puzzle after the other: the --threads 1 path. */
static int run_sequential(struct run *ru, struct worker *w)
{
	if (ru->o->mode == MODE_GENERATE)
		return run_generate(ru, w);
	int status = 0;
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	for (uint64_t seq = 0;; seq++) {
		if (cli_stop_signal) {
			status = 128 + cli_stop_signal;
			break;
		}
		int rc = input_next(&ru->in, &pz, &err);
		if (rc < 0) {
			status = read_failed(ru, rc, &err);
			break;
		}
		if (rc == 0) {
			status = input_ended(ru);
			break;
		}
		note_format(ru, &pz);
		status = solve_one(w, &pz, seq, &ru->total);
		if (status)
			break;
		batch_progress(ru, false);
	}
	return status;
}

/* Reads --regions FILE into o->regions; returns 0 or an exit status after a message. */
static int load_regions(struct opts *o)
{
	FILE *f = fopen(o->regions_file, "r");
	if (!f) {
		fprintf(stderr, "dlx-sudoku: %s: %s\n", o->regions_file, strerror(errno));
		return CLI_EXIT_USAGE;
	}
	o->regions = malloc((size_t)DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX);
	struct sudoku_read_error err;
	int rc = o->regions ? sudoku_read_region_map(f, o->alphabet, o->regions, &o->regions_box, &err) : DLX_ERR_NOMEM;
	fclose(f);
	if (rc == 0)
		return 0;
	if (rc == DLX_ERR_NOMEM)
		fprintf(stderr, "dlx-sudoku: out of memory\n");
	else if (err.line)
		fprintf(stderr, "dlx-sudoku: %s:%zu: %s\n", o->regions_file, err.line, err.message);
	else
		fprintf(stderr, "dlx-sudoku: %s: %s\n", o->regions_file, err.message);
	free(o->regions);
	o->regions = NULL;
	return rc == DLX_ERR_NOMEM ? CLI_EXIT_FAILURE : CLI_EXIT_USAGE;
}

/* Settles --generate's board size and checks that the output can show it. */
static int check_generate(struct opts *o)
{
	if (o->regions) {
		if (o->size && o->size != o->regions_box) {
			unsigned a = o->size * o->size, b = o->regions_box * o->regions_box;
			fprintf(stderr, "dlx-sudoku: --size %u asks for %ux%u boards, but the region map %s is %ux%u\n",
				o->size, a, a, o->regions_file, b, b);
			return CLI_EXIT_USAGE;
		}
		o->size = o->regions_box;
	}
	if (!o->size)
		o->size = 3;
	enum sudoku_layout l = o->have_output ? o->output : SUDOKU_LAYOUT_LINE;
	enum sudoku_alphabet a = o->alphabet != SUDOKU_ALPHA_AUTO ? o->alphabet : SUDOKU_ALPHA_ALNUM;
	if (sudoku_write_size(l, a, o->size) == 0) {
		unsigned side = o->size * o->size;
		fprintf(stderr, "dlx-sudoku: the alphabet has no symbols for a %ux%u board; use --output grid\n",
			side, side);
		return CLI_EXIT_USAGE;
	}
	size_t cells = (size_t)o->size * o->size * o->size * o->size;
	if (o->clues > cells) {
		fprintf(stderr, "dlx-sudoku: --clues %zu: a %ux%u board has only %zu cells\n", o->clues,
			o->size * o->size, o->size * o->size, cells);
		return CLI_EXIT_USAGE;
	}
	return 0;
}

int main(int argc, char **argv)
{
	/*
	 * getopt names the program by argv[0]; every other message says
	 * "dlx-sudoku:", so make getopt's agree whatever path we were run by.
	 */
	static char prog_name[] = "dlx-sudoku";
	if (argc > 0)
		argv[0] = prog_name;
	struct opts o = { 0 };
	int r = parse_args(argc, argv, &o);
	if (r)
		return r < 0 ? CLI_EXIT_OK : r;
	if (o.regions_file) {
		r = load_regions(&o);
		if (r)
			return r;
	}
	bool generate = o.mode == MODE_GENERATE;
	if (generate) {
		r = check_generate(&o);
		if (r) {
			free(o.regions);
			return r;
		}
	}

	bool use_stdin = !generate && strcmp(o.file, "-") == 0;
	struct run ru = { 0 };
	ru.o = &o;
	ru.name = generate ? "--generate" : use_stdin ? "<stdin>" : o.file;
	ru.in.part = o.part;
	ru.in.parts = o.parts;
	FILE *in = generate ? NULL : use_stdin ? stdin : fopen(o.file, "r");
	if (!generate && !in) {
		fprintf(stderr, "dlx-sudoku: %s: %s\n", ru.name, strerror(errno));
		free(o.regions);
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
	ru.in.rd = generate ? NULL : sudoku_reader_new(in, o.format, o.alphabet);
	struct worker w;
	bool w_ok = worker_init(&w, &o, ru.name, out_size);
	if ((!generate && !ru.in.rd) || !w_ok) {
		fprintf(stderr, "dlx-sudoku: out of memory\n");
		return CLI_EXIT_FAILURE;
	}
	if (o.jigsaw && !o.regions)
		sudoku_reader_expect_regions(ru.in.rd);
	/* Answers are whole lines and the run flushes before exiting, so a big buffer tears nothing. */
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	cli_catch_signals();
	cli_limits_init(&ru.lim, "dlx-sudoku", 0, o.progress);
	w.lim = &ru.lim;
	ru.start = ru.lim.start;
	ru.next_report = ru.start + 2.0;
	ru.fd = in ? fileno(in) : -1;
	if (generate)
		ru.known_total = o.gen_count;

	int status = 0;
	bool done = false;
	if (o.threads > 1 && o.mode == MODE_COUNT && !o.node_limit) {
		/*
		 * A lone puzzle to count gets all the threads in one split search
		 * (a node limit would not cut it at a reproducible place).  Reading
		 * one puzzle ahead tells; the pipeline then reads the ahead ones first.
		 */
		if (!input_read_ahead(&ru.in) || (ru.in.ahead_rc[0] == 1 && !input_read_ahead(&ru.in))) {
			fprintf(stderr, "dlx-sudoku: out of memory\n");
			status = CLI_EXIT_FAILURE;
			done = true;
		} else if (ru.in.ahead_rc[0] == 1 && ru.in.ahead_rc[1] == 0) {
			note_format(&ru, &ru.in.ahead_pz[0]);
			w.split_threads = o.threads;
			status = solve_one(&w, &ru.in.ahead_pz[0], 0, &ru.total);
			done = true;
		} else if (ru.in.ahead_rc[0] != 1) {
			status = run_sequential(&ru, &w);
			done = true;
		}
	}
	if (!done && o.threads > 1) {
		status = run_batch(&ru, out_size);
		/* No thread to be had: one thread still does the job, as it is about to. */
		done = status >= 0;
		if (!done)
			status = 0;
	}
	if (!done)
		status = run_sequential(&ru, &w);
	cli_progress_end(&ru.lim);
	double secs = cli_now() - ru.start;
	const struct tally *t = &ru.total;
	if (status == 0)
		status = t->stopped ? CLI_EXIT_STOPPED : t->unsolvable ? CLI_EXIT_NONE : CLI_EXIT_OK;
	if (status > 128)
		fprintf(stderr, "dlx-sudoku: interrupted by %s\n", status == 128 + SIGTERM ? "SIGTERM" : "SIGINT");
	if (o.stats && generate)
		fprintf(stderr,
			"puzzles: %" PRIu64 ", made: %" PRIu64 ", short of the request: %" PRIu64
			", clues: %.1f on average, nodes: %" PRIu64 ", time: %.3f s, puzzles/s: %.1f\n",
			t->puzzles, t->solved, t->stopped,
			t->puzzles > 0 ? (double)t->clues / (double)t->puzzles : 0.0, t->nodes, secs,
			secs > 0 ? (double)t->puzzles / secs : 0.0);
	else if (o.stats)
		fprintf(stderr,
			"puzzles: %" PRIu64 ", solved: %" PRIu64 ", unsolvable: %" PRIu64 ", stopped: %" PRIu64
			", nodes: %" PRIu64 ", updates: %" PRIu64 ", branches: %" PRIu64
			", time: %.3f s, puzzles/s: %.0f\n",
			t->puzzles, t->solved, t->unsolvable, t->stopped, t->nodes, t->updates, t->branches, secs,
			secs > 0 ? (double)t->puzzles / secs : 0.0);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (errno != EPIPE)
			fprintf(stderr, "dlx-sudoku: write error: %s\n", strerror(errno));
		status = CLI_EXIT_FAILURE;
	}
	sudoku_reader_free(ru.in.rd);
	if (in && !use_stdin)
		fclose(in);
	worker_free(&w);
	free(o.regions);
	free(ru.in.ahead_cells[0]);
	free(ru.in.ahead_cells[1]);
	return status;
}
