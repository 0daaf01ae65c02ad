/* dlx: solve or count an exact-cover problem given in Knuth's text format. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli-checkpoint.h"
#include "cli-options.h"
#include "cli.h"
#include "dlx-best.h"
#include "dlx-ec.h"
#include "dlx-svg.h"
#include "dlx-zdd-cli.h"
#include "dlx.h"

static const char usage_dlx[] =
	"Usage: dlx [OPTION]... [FILE]\n"
	"Solve an exact-cover problem written in Knuth's format, read from FILE\n"
	"(standard input when FILE is missing or '-').\n"
	"\n"
	"Input: the first line names the items, with '|' before the secondary ones;\n"
	"each further line is an option, the names of the items it covers, where\n"
	"'item:color' gives a secondary item a color (options sharing it must agree\n"
	"on the color). Lines starting with '|' are comments. A primary item written\n"
	"'u:v|name' must be covered u to v times, 'v|name' v times (Knuth's DLX3);\n"
	"'|n' in an option adds n to its cost (Knuth's DLX5, for --best).\n"
	"\n"
	"By default the first solution is printed, one option per line, as its item\n"
	"names in input order; options are listed in input order.\n"
	"\n"
	"  -c, --count           print the number of solutions\n"
	"  -a, --all             print every solution, each followed by an empty line\n"
	"  -l, --limit=N         stop after N solutions (with --count: count up to N);\n"
	"                        N > 1 prints solutions as --all does\n"
	"  -n, --numbers         print each option as its input line number\n"
	"  -s, --stats           print solutions, nodes, updates and time to stderr\n"
	"  -q, --quiet           print no solution and no count, only set the exit status\n"
	"  -b, --best[=K]        print the K cheapest solutions (default 1), cheapest\n"
	"                        first, each as 'cost C', its options, an empty line;\n"
	"                        then 'ties: N solutions cost C': how many solutions\n"
	"                        cost as much as the K-th (one thread, no --part)\n"
	"  -e, --estimate[=N]    do not search: estimate the size of the search tree\n"
	"                        (of the part with --part) from N random probes\n"
	"                        (default 1000; Knuth's estimate), its nodes and\n"
	"                        solutions with their standard errors; the probes\n"
	"                        draw from --seed's S (default 0)\n"
	"      --svg=FILE        also draw the solutions found (the first, or those of\n"
	"                        --all or --limit) as an SVG picture in FILE, each\n"
	"                        option a coloured piece, when items name the cells of\n"
	"                        a grid: rNcM (row N, column M), N.M (row, column) or\n"
	"                        x,y (column, row), the first such name's form;\n"
	"                        FILE '-': standard output, then nothing else\n"
	"      --seed=S          try each item's options in an order shuffled by S\n"
	"                        (0 to 2^64-1; the same S, the same search anywhere):\n"
	"                        with --limit 1, a varied solution; counts never change\n"
	"      --strict          an option without a primary item is an error (by\n"
	"                        default it is left out with a warning, as Knuth's\n"
	"                        DLX2 does), as is an item line without one\n"
	"      --node-limit=N    stop after N search nodes\n"
	"      --time-limit=SEC  stop after SEC seconds\n"
	"      --memo            with --count: count each sub-problem once (a table of\n"
	"                        the states of the items met), exactly at any size;\n"
	"                        one thread unless --threads says more (items with\n"
	"                        bounds: a frontier search, without checkpoints)\n"
	"      --memo-memory=SIZE  the table's memory, e.g. 512M or 4G (default: a\n"
	"                        quarter of the RAM, shared by the threads); when it\n"
	"                        is full, counts are dropped and computed again\n"
	"      --order=RULE      --memo's branching rule: mrv (fewest options, the\n"
	"                        default) or first (first uncovered item, for boards)\n"
	"      --zdd=FILE        build the diagram of all solutions (a ZDD, by --memo's\n"
	"                        search, within --memo-memory, --order's rule) and\n"
	"                        write it to FILE ('-': standard output, then nothing\n"
	"                        else); then --count, --all, --limit and\n"
	"                        --sample answer from the diagram, without a search\n"
	"      --from-zdd=FILE   read the diagram that --zdd wrote for this problem\n"
	"                        (- for standard input, the problem then from FILE)\n"
	"                        (checked against it) instead of building it\n"
	"      --sample=N        print N solutions drawn uniformly at random (with\n"
	"                        repeats), each solution equally likely, from the\n"
	"                        diagram (built in memory without --zdd or\n"
	"                        --from-zdd); --seed S (default 0) fixes the draws\n"
	"      --engine=E        dlx (default: dancing links) or sat: CaDiCaL, a SAT\n"
	"                        solver that learns from its dead ends, on the problem\n"
	"                        as clauses; for the first solution, --limit, --count\n"
	"                        and --all (one solver call per solution: counting\n"
	"                        many is for dlx); --threads is ignored; not with\n"
	"                        bounds, costs, --best, --memo, --zdd, --part,\n"
	"                        --checkpoint, --estimate or --propagate\n"
	"      --reduce          do not search: write the problem again without the\n"
	"                        options that can be in no solution (choosing one would\n"
	"                        leave a primary item without options; Knuth's\n"
	"                        DLX-PRE), after a comment saying how many; a test per\n"
	"                        option, some twice (a choice, as the search makes it),\n"
	"                        which --node-limit (tests) and --time-limit bound: the\n"
	"                        problem is then written with the options found so\n"
	"                        far left out; not with bounds, nor with the search's\n"
	"                        modes (--count, --all, --limit, --best, ...)\n"
	"      --propagate       before each branching, remove the options that the\n"
	"                        subsumption rule excludes (every option left for an\n"
	"                        item covers item B: B's other options go); the same\n"
	"                        solutions, usually fewer nodes, each node dearer\n"
	"  -t, --threads=N       threads for --count and for --all without --limit\n"
	"                        (default: the cores it may run on for --count;\n"
	"                        1 for --all, whose order threads would shuffle, and\n"
	"                        with --node-limit, which threads apply only roughly);\n"
	"                        the first N solutions are always found by one\n"
	"                        (memory: ~10 bytes per thread per item in the options)\n"
	"  -p, --part=K/M        search only the K-th of M disjoint parts of the tree\n"
	"                        (1 <= K <= M <= 65536); the parts' counts add up to\n"
	"                        the total, on any machines; --count then prints\n"
	"                        'part K/M: N' (add them up with dlx-sum-parts);\n"
	"                        K/M.J/N searches the J-th of N disjoint pieces of\n"
	"                        part K/M (a part too big for one machine), and so\n"
	"                        on, up to 8 levels: 'part K/M.J/N: N'\n"
	"  -o, --output=FILE     write solutions and counts to FILE, not standard output\n"
	"      --checkpoint=FILE with --count or --all (in --threads, default 1): save\n"
	"                        the state of the search (of the part, with --part;\n"
	"                        of its jobs, in threads; with --memo, its tables\n"
	"                        too, about the size of their entries) in FILE every\n"
	"                        --checkpoint-every seconds and when a limit or\n"
	"                        SIGINT/SIGTERM/SIGHUP stops it; FILE\n"
	"                        must not exist (it is removed once the count is out);\n"
	"                        --all needs --output, which a resume cuts back to the\n"
	"                        solutions saved, then appends to\n"
	"      --checkpoint-every=SEC  seconds between saves (default 300; after a save\n"
	"                        of more than 0.1 s, at least 99 times its length)\n"
	"      --resume=FILE     go on with the count saved in FILE, of the same problem\n"
	"                        and options that shape the search (--seed,\n"
	"                        --propagate, --part: a part's checkpoint resumes\n"
	"                        only that part; a count resumes in any --threads,\n"
	"                        also one saved in one thread; a listing saved in\n"
	"                        one thread resumes in one thread; a count's\n"
	"                        checkpoint resumes as a count, not as --all's\n"
	"                        listing; --memo's resumes with --memo and the same\n"
	"                        --order, each saved table as it was); saves\n"
	"                        go on in FILE (or\n"
	"                        --checkpoint's); counts, nodes and --node-limit are\n"
	"                        the whole search's (the part's)\n"
	"      --progress        report progress to stderr every few seconds (default:\n"
	"                        when stderr is a terminal, after 2 seconds)\n"
	"      --no-progress     never report progress\n"
	"  -h, --help            show this help and exit\n"
	"  -V, --version         show the version and exit\n"
	"\n"
	"A search cut short by a limit or by SIGINT/SIGTERM prints what it found,\n"
	"marked as partial (e.g. 'count >= 12 (stopped at node limit)').\n"
	"With several threads or parts, --all prints solutions in no fixed order.\n"
	"\n"
	"Exit status: 0 a solution was found (or counted; with --part, the part\n"
	"was searched to the end, solutions or not), 1 no solution,\n"
	"2 bad usage or bad input, 3 out of memory, overflow or write error,\n"
	"4 stopped by --node-limit or --time-limit, 130/143 interrupted by\n"
	"SIGINT/SIGTERM (129: SIGHUP, with --checkpoint).\n";

struct opts {
	bool count, all, numbers, stats, quiet, strict;
	bool reduce;            /* --reduce: write the problem without its blocked options */
	const char *svg;        /* --svg FILE, or NULL */
	bool memo;              /* --memo: dlx_memo_count() */
	bool sat;               /* --engine sat: dlx_search_sat() */
	struct zdd_request zdd; /* --zdd, --from-zdd, --sample: the diagram mode */
	dlx_memo_params mp;     /* --memo-memory, --order; memory 0 until given */
	bool ordered;           /* --order given */
	bool seeded;
	uint64_t seed;          /* --seed S: dlx_shuffle_options(S) */
	uint64_t estimate;      /* --estimate N: probes; 0 without --estimate */
	uint64_t best;          /* --best K: K; 0 without --best */
	const char *output;     /* --output FILE, or NULL for standard output */
	const char *checkpoint; /* --checkpoint FILE (or --resume's FILE), or NULL */
	const char *resume;     /* --resume FILE, or NULL */
	double checkpoint_every; /* --checkpoint-every SEC; 0 until given */
	struct cli_options cli; /* cli.threads is 0 until --threads: the default depends on other options */
	const char *file;
};

/* State the solution callback needs. */
struct printer {
	const struct opts *o;
	dlx_ec *ec;
	size_t *sorted;
	bool write_failed;
	struct cli_limits *lim; /* the progress line to end first; NULL when threads print */
	struct dlx_svg *svg;    /* --svg: where the solutions are kept for the picture, or NULL */
	bool printing;          /* the solutions are printed too */
};

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

static int print_solution(void *ctx, const size_t *options, size_t n)
{
	struct printer *pr = ctx;
	dlx_problem *p = dlx_ec_problem(pr->ec);
	if (pr->svg && !dlx_svg_add(pr->svg, options, n))
		return 1;
	if (!pr->printing)
		return 0;
	if (pr->lim)
		cli_progress_before_output(pr->lim);
	memcpy(pr->sorted, options, n * sizeof *options);
	qsort(pr->sorted, n, sizeof *pr->sorted, cmp_size);
	for (size_t k = 0; k < n; k++) {
		size_t opt = pr->sorted[k];
		if (pr->o->numbers) {
			printf("%zu\n", dlx_ec_option_line(pr->ec, opt));
			continue;
		}
		size_t m = dlx_option_size(p, opt);
		for (size_t j = 0; j < m; j++) {
			fputs(dlx_ec_item_name(pr->ec, dlx_option_item(p, opt, j)), stdout);
			const char *color = dlx_ec_color_name(pr->ec, dlx_option_color(p, opt, j));
			if (color) {
				putchar(':');
				fputs(color, stdout);
			}
			putchar(j + 1 < m ? ' ' : '\n');
		}
	}
	if (pr->o->all || pr->o->cli.limit > 1 || pr->o->zdd.sampling)
		putchar('\n');
	/* Whole solutions only: flush so an interruption never tears one. */
	if (!cli_wrote(fflush(stdout) == 0)) {
		pr->write_failed = true;
		return 1;
	}
	return 0;
}

static const struct cli_program dlx_program = { "dlx", usage_dlx, DLX_MAX_PARTS, DLX_MAX_PART_DEPTH };

enum { OPT_STRICT = CLI_OPT_OWN, OPT_SEED, OPT_SVG, OPT_MEMO, OPT_MEMO_MEMORY, OPT_ORDER, OPT_ZDD, OPT_FROM_ZDD,
	OPT_SAMPLE, OPT_CHECKPOINT, OPT_CHECKPOINT_EVERY, OPT_RESUME, OPT_ENGINE, OPT_REDUCE };

/* Probes of --estimate without a number: the spread of a few hundred is usually plain already. */
#define DEFAULT_PROBES 1000

/* The flag that one of dlx's own options sets (they all take no argument), or NULL for another option. */
static bool *flag_of(int c, struct opts *o)
{
	switch (c) {
	case 'c': return &o->count;
	case 'a': return &o->all;
	case 'n': return &o->numbers;
	case 's': return &o->stats;
	case 'q': return &o->quiet;
	case OPT_STRICT: return &o->strict;
	case OPT_MEMO: return &o->memo;
	case OPT_REDUCE: return &o->reduce;
	default: return NULL;
	}
}

/* "SIZE" of --memo-memory: bytes, or with K, M, G or T (powers of 1024); at least 1. */
static bool parse_size(const char *s, size_t *out)
{
	size_t n = strlen(s);
	uint64_t shift = 0;
	char num[32];
	if (n == 0 || n >= sizeof num)
		return false;
	memcpy(num, s, n + 1);
	const char *units = "KMGT", *u = strchr(units, toupper((unsigned char)num[n - 1]));
	if (num[n - 1] && u) {
		shift = 10 * (uint64_t)(u - units + 1);
		num[n - 1] = '\0';
	}
	uint64_t v;
	if (!cli_parse_u64(num, &v) || v == 0 || v > (UINT64_MAX >> shift) || (v << shift) > SIZE_MAX)
		return false;
	*out = (size_t)(v << shift);
	return true;
}

/* --memo's default table: a quarter of the RAM, which a table only takes as it fills. */
static size_t default_memo_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
	if (pages <= 0 || page <= 0)
		return DLX_MEMO_DEFAULT_MEMORY;
	uint64_t ram = (uint64_t)pages * (uint64_t)page;
	return ram / 4 > SIZE_MAX ? SIZE_MAX : (size_t)(ram / 4);
}

/* --zdd, --from-zdd or --sample: the answers come from the diagram of all solutions. */
static bool diagram_mode(const struct opts *o)
{
	return o->zdd.write_file || o->zdd.read_file || o->zdd.sampling;
}

/* What the diagram mode works with; 0 or a usage error's status. */
static int check_diagram(const struct opts *o)
{
	if (!diagram_mode(o))
		return 0;
	if (o->zdd.write_file && o->zdd.read_file)
		return cli_usage_error(&dlx_program, "--zdd builds the diagram, --from-zdd reads it: one of them");
	if (o->zdd.sampling && (o->all || o->cli.limit))
		return cli_usage_error(&dlx_program, "--sample prints its N solutions: not with --all or --limit");
	if (o->cli.parts || o->cli.propagate || o->svg || o->cli.threads > 1)
		return cli_usage_error(&dlx_program,
				       "the diagram is built whole, in one thread: not with --part, --propagate, --svg "
				       "or --threads");
	return 0;
}

/* What --memo works with, and the options that need it; 0 or a usage error's status. */
static int check_memo(const struct opts *o)
{
	if (!o->memo) {
		if ((o->ordered || o->mp.memory) && !diagram_mode(o))
			return cli_usage_error(&dlx_program, "--order and --memo-memory need --memo, --zdd or --sample");
		return 0;
	}
	if (diagram_mode(o))
		return cli_usage_error(&dlx_program, "--memo counts without a diagram: not with --zdd, --from-zdd or --sample");
	if (!o->count || o->all)
		return cli_usage_error(&dlx_program, "--memo counts: it needs --count, and excludes --all");
	if (o->cli.propagate)
		return cli_usage_error(&dlx_program, "--memo excludes --propagate");
	if (o->cli.part_depth > 1)
		return cli_usage_error(&dlx_program, "--memo counts parts K/M, not their pieces K/M.J/N");
	return 0;
}

/* What --checkpoint and --resume work with; 0 or a usage error's status. */
static int check_checkpoint(struct opts *o)
{
	if (!o->checkpoint && !o->resume) {
		if (o->checkpoint_every > 0)
			return cli_usage_error(&dlx_program, "--checkpoint-every needs --checkpoint or --resume");
		return 0;
	}
	if (!(o->count || o->all) || o->estimate || o->svg || diagram_mode(o))
		return cli_usage_error(&dlx_program, "--checkpoint and --resume save counts and --all's listings: "
				       "they need --count or --all, and exclude --estimate, --svg, --zdd, "
				       "--from-zdd and --sample");
	if (o->all && !o->quiet && !o->output)
		return cli_usage_error(&dlx_program, "--all with --checkpoint or --resume needs --output FILE, "
				       "which a resume cuts back to the solutions saved");
	/* One thread unless --threads says more, as a search saved in threads resumes. */
	if (!o->cli.threads)
		o->cli.threads = 1;
	if (!o->checkpoint)
		o->checkpoint = o->resume;
	if (o->checkpoint_every <= 0)
		o->checkpoint_every = CLI_CHECKPOINT_EVERY;
	/* A fresh count must not overwrite the state of another one. */
	if (!o->resume && access(o->checkpoint, F_OK) == 0) {
		fprintf(stderr, "dlx: %s exists: go on with --resume %s, or remove it to start afresh\n",
			o->checkpoint, o->checkpoint);
		return CLI_EXIT_USAGE;
	}
	return 0;
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	/* The order shows in getopt's "ambiguous option" messages: keep it. */
	static const struct option longopts[] = {
		{ "count", no_argument, NULL, 'c' },
		{ "all", no_argument, NULL, 'a' },
		CLI_LONGOPT_LIMIT,
		{ "numbers", no_argument, NULL, 'n' },
		{ "stats", no_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "estimate", optional_argument, NULL, 'e' },
		{ "best", optional_argument, NULL, 'b' },
		{ "svg", required_argument, NULL, OPT_SVG },
		{ "memo", no_argument, NULL, OPT_MEMO },
		{ "memo-memory", required_argument, NULL, OPT_MEMO_MEMORY },
		{ "order", required_argument, NULL, OPT_ORDER },
		{ "zdd", required_argument, NULL, OPT_ZDD },
		{ "from-zdd", required_argument, NULL, OPT_FROM_ZDD },
		{ "sample", required_argument, NULL, OPT_SAMPLE },
		{ "checkpoint", required_argument, NULL, OPT_CHECKPOINT },
		{ "checkpoint-every", required_argument, NULL, OPT_CHECKPOINT_EVERY },
		{ "resume", required_argument, NULL, OPT_RESUME },
		{ "output", required_argument, NULL, 'o' },
		{ "engine", required_argument, NULL, OPT_ENGINE },
		{ "reduce", no_argument, NULL, OPT_REDUCE },
		CLI_LONGOPTS_SEARCH,
		CLI_LONGOPTS_HELP,
		{ NULL, 0, NULL, 0 },
	};
	int c;
	while ((c = getopt_long(argc, argv, "cal:nsqe::b::o:t:p:hV", longopts, NULL)) != -1) {
		bool *flag = flag_of(c, o);
		if (flag) {
			*flag = true;
			continue;
		}
		if (c == OPT_SEED) {
			if (!cli_parse_u64(optarg, &o->seed))
				return cli_usage_error(&dlx_program, "--seed needs a number from 0 to 2^64-1");
			o->seeded = true;
			continue;
		}
		if (c == 'e') {
			o->estimate = DEFAULT_PROBES;
			if (optarg && (!cli_parse_u64(optarg, &o->estimate) || !o->estimate))
				return cli_usage_error(&dlx_program, "--estimate needs a number of probes from 1 to 2^64-1");
			continue;
		}
		if (c == 'b') {
			o->best = 1;
			if (optarg && (!cli_parse_u64(optarg, &o->best) || !o->best || o->best > DLX_BEST_MAX))
				return cli_usage_error(&dlx_program, "--best needs a number of solutions from 1 to 1000000");
			continue;
		}
		if (c == OPT_SVG) {
			o->svg = optarg;
			/* The picture is then the whole of standard output. */
			if (strcmp(optarg, "-") == 0)
				o->quiet = true;
			continue;
		}
		if (c == OPT_MEMO_MEMORY) {
			if (!parse_size(optarg, &o->mp.memory))
				return cli_usage_error(&dlx_program,
					"--memo-memory needs a size such as 65536, 512K, 256M or 4G");
			continue;
		}
		if (c == OPT_ZDD || c == OPT_FROM_ZDD) {
			*(c == OPT_ZDD ? &o->zdd.write_file : &o->zdd.read_file) = optarg;
			/* The diagram is then the whole of standard output. */
			if (c == OPT_ZDD && !strcmp(optarg, "-"))
				o->quiet = true;
			continue;
		}
		if (c == OPT_ENGINE) {
			if (strcmp(optarg, "dlx") != 0 && strcmp(optarg, "sat") != 0)
				return cli_usage_error(&dlx_program, "--engine takes dlx or sat");
			o->sat = strcmp(optarg, "sat") == 0;
			continue;
		}
		if (c == OPT_SAMPLE) {
			if (!cli_parse_u64(optarg, &o->zdd.sample))
				return cli_usage_error(&dlx_program, "--sample needs a number from 0 to 2^64-1");
			o->zdd.sampling = true;
			continue;
		}
		if (c == OPT_ORDER) {
			if (!strcmp(optarg, "mrv"))
				o->mp.order = DLX_MEMO_MRV;
			else if (!strcmp(optarg, "first"))
				o->mp.order = DLX_MEMO_FIRST;
			else
				return cli_usage_error(&dlx_program, "--order needs mrv or first");
			o->ordered = true;
			continue;
		}
		if (c == 'o') {
			/* "-" is standard output, as for --svg and --zdd (it made a file named "-"). */
			o->output = strcmp(optarg, "-") == 0 ? NULL : optarg;
			continue;
		}
		if (c == OPT_CHECKPOINT || c == OPT_RESUME) {
			*(c == OPT_CHECKPOINT ? &o->checkpoint : &o->resume) = optarg;
			continue;
		}
		if (c == OPT_CHECKPOINT_EVERY) {
			if (!cli_parse_seconds(optarg, &o->checkpoint_every) || o->checkpoint_every <= 0)
				return cli_usage_error(&dlx_program, "--checkpoint-every needs a positive number of seconds");
			continue;
		}
		int r = cli_parse_option(&dlx_program, c, optarg, &o->cli);
		if (r)
			return r;
	}
	if (o->estimate && (o->count || o->all || o->cli.limit || o->cli.node_limit || o->cli.propagate || o->svg ||
			    diagram_mode(o)))
		return cli_usage_error(&dlx_program,
				       "--estimate searches nothing: it does not go with --count, --all, --limit, "
				       "--node-limit, --propagate, --svg, --zdd, --from-zdd or --sample");
	if (o->reduce && (o->count || o->all || o->numbers || o->quiet || o->seeded || o->estimate || o->best ||
			  o->svg || o->memo || o->ordered || o->mp.memory || o->zdd.write_file || o->zdd.read_file || o->zdd.sampling ||
			  o->checkpoint || o->resume || o->checkpoint_every || o->sat || o->cli.limit || o->cli.parts ||
			  o->cli.propagate || o->cli.threads > 1))
		return cli_usage_error(&dlx_program, "--reduce writes the problem and searches nothing: it goes only "
				       "with --stats, --strict, --output, --node-limit, --time-limit and --progress");
	int r = cli_parse_file(&dlx_program, argc, argv, &o->file);
	if (r)
		return r;
	if (o->zdd.read_file && !strcmp(o->zdd.read_file, "-") && !strcmp(o->file, "-"))
		return cli_usage_error(&dlx_program, "--from-zdd - reads the diagram from standard input: "
				       "the problem then needs a FILE");
	if (o->svg && o->count && !o->all)
		return cli_usage_error(&dlx_program, "--svg draws solutions: not with --count alone (add --all)");
	r = check_memo(o);
	if (!r)
		r = check_diagram(o);
	if (r)
		return r;
	if (o->best && (o->count || o->all || o->estimate || o->memo || o->svg || o->cli.parts || o->cli.propagate ||
			diagram_mode(o)))
		return cli_usage_error(&dlx_program, "--best does not go with --count, --all, --estimate, --memo, --svg, "
				       "--part, --propagate, --zdd, --from-zdd or --sample");
	if (o->best && o->cli.threads > 1)
		return cli_usage_error(&dlx_program, "--best searches in one thread: not with --threads above 1");
	/* A part's count is added up with the others': one stopped at a limit would pass for a whole one. */
	if (o->count && o->cli.parts && o->cli.limit)
		return cli_usage_error(&dlx_program, "--limit with --count --part: the parts' counts are added up, "
				       "and a count stopped at a limit is not the part's (use --node-limit, which says so)");
	r = check_checkpoint(o);
	if (r)
		return r;
	if (o->sat && (o->best || o->memo || diagram_mode(o) || o->cli.parts || o->checkpoint || o->resume ||
		       o->estimate || o->cli.propagate))
		return cli_usage_error(&dlx_program, "--engine sat finds the first solution, --limit N, --count and --all: "
				       "not with --best, --memo, --zdd, --from-zdd, --sample, --part, --checkpoint, --resume, "
				       "--estimate or --propagate");
	if (o->sat && !dlx_sat_available()) {
		fprintf(stderr, "dlx: --engine sat: %s\n", dlx_sat_error());
		return CLI_EXIT_USAGE;
	}
	/*
	 * Defaults that keep output reproducible: a node limit cuts off at the
	 * same place, and --all prints in the same order, only in one thread.
	 */
	if (!o->cli.threads)
		o->cli.threads = o->cli.node_limit || o->all || o->memo ? 1 : cli_usable_cores();
	if ((o->memo || diagram_mode(o)) && !o->mp.memory)
		o->mp.memory = default_memo_memory();
	return 0;
}

/* Reads the problem from the input file; returns 0, or an exit status after a message. */
static int read_problem(const char *file, bool strict, dlx_ec **ec)
{
	const char *name;
	FILE *in = cli_open_input("dlx", file, &name);
	if (!in)
		return CLI_EXIT_USAGE;
	dlx_error_info err;
	int rc = dlx_ec_read_flags(in, strict ? DLX_EC_STRICT : 0, ec, &err);
	cli_close_input(in);
	if (!rc) {
		/* Never silent: the answer is about fewer options than the file has. */
		size_t first, dropped = dlx_ec_dropped(*ec, &first);
		if (dropped) {
			char what[128];
			snprintf(what, sizeof what,
				 "warning: %zu option%s without a primary item left out, the first here (--strict: an error)",
				 dropped, dropped == 1 ? "" : "s");
			cli_input_error("dlx", name, first, what);
		}
		return 0;
	}
	cli_input_error("dlx", name, err.line, err.line || err.message[0] ? err.message : dlx_strerror(rc));
	return rc == DLX_ERR_SYNTAX || rc == DLX_ERR_IO ? CLI_EXIT_USAGE : CLI_EXIT_FAILURE;
}

/* Runs the search the options ask for: printing, counting, limits and threads. */
static int search_problem(const struct opts *o, dlx_problem *p, struct printer *pr, struct cli_limits *lim,
	dlx_stats *st)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	bool printing = !o->quiet && (o->all || !o->count);
	pr->printing = printing;
	sp.solution_limit = o->cli.limit ? o->cli.limit : (o->all || o->count ? 0 : 1);
	sp.node_limit = o->cli.node_limit;
	sp.on_solution = printing || pr->svg ? print_solution : NULL;
	sp.solution_ctx = pr;
	sp.on_poll = cli_poll;
	sp.poll_ctx = lim;
	sp.poll_interval = CLI_POLL_INTERVAL;
	/*
	 * Threads only where they cannot change the answer: counts, and --all's
	 * set of solutions.  Printing the first N solutions needs the sequential order.
	 */
	bool whole_tree = printing || pr->svg ? o->all && !o->cli.limit : o->count;
	dlx_split_params split = { whole_tree ? o->cli.threads : 1, o->cli.part, o->cli.parts };
	/* One thread prints and polls alike; with more, solutions come from workers and lines may mix. */
	pr->lim = split.threads <= 1 || o->sat ? lim : NULL;
	/* The SAT engine runs in one thread: --threads is ignored. */
	if (o->sat)
		return dlx_search_sat(p, &sp, st, NULL);
	if (o->cli.part_depth > 1)
		return dlx_search_parts(p, &sp, split.threads, o->cli.part_path, o->cli.part_depth, st);
	return dlx_search_split(p, &sp, &split, st);
}

/* "part K/M: " or "part K/M.J/N: " before a count or an estimate, when --part was given (1/1 too). */
static void print_part_label(const struct opts *o)
{
	if (!o->cli.part_depth)
		return;
	fputs("part ", stdout);
	for (size_t d = 0; d < o->cli.part_depth; d++)
		printf("%s%" PRIu32 "/%" PRIu32, d ? "." : "", o->cli.part_path[d].part, o->cli.part_path[d].parts);
	fputs(": ", stdout);
}

/*
 * --reduce: the problem again, without the options that can be part of no
 * solution (dlx_blocked_options()), after a comment line that says how
 * many went; returns the exit status.  A limit or a signal stops the tests
 * early: the problem is still written, without the options found so far
 * (each in no solution), and the comment says what stopped them.
 */
static int reduce_problem(const struct opts *o, dlx_ec *ec, struct cli_limits *lim)
{
	const char *name = strcmp(o->file, "-") == 0 ? "<stdin>" : o->file;
	dlx_problem *p = dlx_ec_problem(ec);
	if (dlx_has_bounds(p)) {
		fprintf(stderr, "dlx: %s: --reduce reduces exact covers: not items with bounds (u:v|name)\n", name);
		return CLI_EXIT_USAGE;
	}
	size_t n = dlx_option_count(p), n_blocked;
	unsigned char *blocked = malloc(n ? n : 1);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = o->cli.node_limit;
	sp.on_poll = cli_poll;
	sp.poll_ctx = lim;
	dlx_stats st;
	int rc = blocked ? dlx_blocked_options(p, &sp, blocked, &n_blocked, &st) : DLX_ERR_NOMEM;
	if (rc) {
		free(blocked);
		cli_progress_end(lim);
		fprintf(stderr, "dlx: %s\n", dlx_strerror(rc));
		return CLI_EXIT_FAILURE;
	}
	struct cli_stop why = cli_stop_classify(st.stop, lim);
	cli_progress_before_output(lim);
	printf("| %s without %zu of its %zu options, each in no solution (dlx --reduce%s%s)\n", name, n_blocked, n,
	       why.why ? "; " : "", why.why ? why.why : "");
	rc = dlx_ec_write(stdout, ec, blocked);
	free(blocked);
	cli_progress_end(lim);
	if (o->stats)
		fprintf(stderr, "options: %zu, blocked: %zu, tests: %" PRIu64 ", updates: %" PRIu64 ", time: %.3f s\n", n,
			n_blocked, st.nodes, st.updates, cli_now() - lim->start);
	if (why.why)
		fprintf(stderr, "dlx: %s: %s: the options left may include some the rule would remove\n", name, why.why);
	return cli_finish_output("dlx", rc != DLX_OK, why.status);
}

/* --estimate: the probes, their result on stdout; returns the exit status. */
static int estimate_problem(const struct opts *o, dlx_problem *p, struct cli_limits *lim)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = cli_poll;
	sp.poll_ctx = lim;
	/* A lone --part 1/1 is the whole tree, as for a search. */
	size_t depth = o->cli.part_depth > 1 || o->cli.parts > 1 ? o->cli.part_depth : 0;
	dlx_estimate e;
	int rc = dlx_estimate_tree(p, o->estimate, o->seed, o->cli.part_path, depth, &sp, &e);
	cli_progress_end(lim);
	double secs = cli_now() - lim->start;
	if (rc) {
		fprintf(stderr, "dlx: %s\n", dlx_strerror(rc));
		return CLI_EXIT_FAILURE;
	}
	struct cli_stop stop = cli_stop_classify(e.stop, lim);
	if (!o->quiet) {
		print_part_label(o);
		/* Relative errors: a standard error of 1e9 says little until set beside 1e8 nodes. */
		printf("estimate: nodes %.4g +- %.2g%%, solutions %.4g +- %.2g%%, from %" PRIu64 " probes%s%s%s\n",
		       e.nodes, e.nodes > 0 ? 100 * e.nodes_error / e.nodes : 0.0, e.solutions,
		       e.solutions > 0 ? 100 * e.solutions_error / e.solutions : 0.0, e.probes,
		       stop.why ? " (" : "", stop.why ? stop.why : "", stop.why ? ")" : "");
	}
	if (o->stats)
		fprintf(stderr, "probes: %" PRIu64 ", updates: %" PRIu64 ", time: %.3f s\n", e.probes, e.updates,
			secs);
	return stop.why ? stop.status : CLI_EXIT_OK;
}

/* --memo: the count, exact at any size, in *count (NULL when memory was short). */
static int count_memo(const struct opts *o, dlx_problem *p, struct cli_limits *lim, dlx_stats *st,
	dlx_memo_stats *ms, char **count)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = o->cli.limit;
	sp.node_limit = o->cli.node_limit;
	sp.on_poll = cli_poll;
	sp.poll_ctx = lim;
	sp.poll_interval = CLI_POLL_INTERVAL;
	dlx_split_params split = { o->cli.threads, o->cli.part, o->cli.parts };
	/* Each thread has a table of its own: the budget is shared out. */
	dlx_memo_params mp = o->mp;
	mp.memory = mp.memory / o->cli.threads ? mp.memory / o->cli.threads : 1;
	return dlx_memo_count(p, &sp, &mp, &split, count, st, ms);
}

/* --checkpoint, --resume: the count (in --threads) or --all (in one thread), saved as it goes; 0 or an exit status. */
static int search_checkpointed(const struct opts *o, struct cli_checkpoint *ck, struct printer *pr,
	struct cli_limits *lim, dlx_stats *st, int *rc)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	pr->printing = o->all && !o->quiet;
	pr->lim = lim;
	sp.solution_limit = o->cli.limit;
	sp.node_limit = o->cli.node_limit;
	sp.on_solution = pr->printing ? print_solution : NULL;
	sp.solution_ctx = pr;
	sp.poll_interval = CLI_POLL_INTERVAL;
	if (pr->printing) {
		ck->out = stdout;
		ck->out_name = o->output;
	}
	return cli_checkpoint_search(ck, &sp, st, rc);
}

/*
 * Prints the count (count: --memo's, in decimal; NULL: st's), or why the
 * search stopped early, and --stats; partial says why it stopped, or is NULL.
 */
static void print_result(const struct opts *o, const dlx_stats *st, const char *count, const char *partial,
	double secs, const char *costs)
{
	char plain[24];
	if (!count) {
		snprintf(plain, sizeof plain, "%" PRIu64, st->solutions);
		count = plain;
	}
	if (!o->quiet) {
		if (o->count) {
			/* Parts, 1/1 too, label their counts so that dlx-sum-parts can check that every part reported. */
			print_part_label(o);
			if (partial)
				printf("count >= %s (%s)\n", count, partial);
			else
				printf("%s\n", count);
		} else if (partial) {
			fprintf(stderr, "dlx: %s after %" PRIu64 " solution%s\n", partial, st->solutions,
				st->solutions == 1 ? "" : "s");
		}
	}
	if (o->stats)
		fprintf(stderr,
			"solutions: %s%s, nodes: %" PRIu64 ", updates: %" PRIu64 ", branches: %" PRIu64
			", time: %.3f s%s%s\n",
			count, partial ? " (partial)" : "", st->nodes, st->updates, st->branches, secs,
			costs ? ", costs: " : "", costs ? costs : "");
}

/* --stats with --memo: what the table did. */
static void print_memo_stats(const dlx_memo_stats *ms)
{
	fprintf(stderr,
		"memo: lookups: %" PRIu64 ", hits: %" PRIu64 ", stored: %" PRIu64 ", dropped: %" PRIu64
		", peak table memory: %.1f MiB\n",
		ms->lookups, ms->hits, ms->stored, ms->dropped, (double)ms->peak_bytes / (1 << 20));
}

int main(int argc, char **argv)
{
	cli_name_program(&dlx_program, argc, argv);
	struct opts o = { 0 };
	int r = parse_args(argc, argv, &o);
	if (r)
		return r < 0 ? cli_finish_output("dlx", false, CLI_EXIT_OK) : r; /* --help, --version: to /dev/full too */
	/* Each file written, before any is opened: none may be a file the run reads or another one it writes. */
	const char *resume = o.resume && strcmp(o.resume, o.checkpoint) != 0 ? o.resume : NULL;
	const char *files[] = { o.file, resume, o.checkpoint, o.zdd.read_file, o.zdd.write_file, o.svg };
	const char *names[] = { "the input", "--resume", "--checkpoint", "--from-zdd", "--zdd", "--svg" };
	if (cli_output_clashes("dlx", "--output", o.output, files, names, 6) ||
		cli_output_clashes("dlx", "--svg", o.svg, files, names, 5) ||
		cli_output_clashes("dlx", "--zdd", o.zdd.write_file, files, names, 4) ||
		cli_output_clashes("dlx", "--checkpoint", o.checkpoint, files, names, 2))
		return CLI_EXIT_USAGE;
	dlx_ec *ec;
	r = read_problem(o.file, o.strict, &ec);
	if (r)
		return r;
	/*
	 * Opened once the problem is read, as sort -o does: `cat p.dlx | dlx -o
	 * p.dlx` reads p.dlx whole first.  A resume appends to the solutions
	 * printed, once it knows how many of them to keep.
	 */
	/* One that cannot be opened is a write error, exit 3, as for --svg and --zdd. */
	if (o.output && !freopen(o.output, o.resume && o.all ? "r+" : "w", stdout)) {
		fprintf(stderr, "dlx: %s: %s\n", o.output, strerror(errno));
		dlx_ec_free(ec);
		return CLI_EXIT_FAILURE;
	}
	cli_name_output(o.output);
	dlx_problem *p = dlx_ec_problem(ec);
	if (o.cli.propagate)
		dlx_set_propagation(p, DLX_PROPAGATE_SUBSUME);
	/* With --sample the seed is the draws': a shuffle would only renumber the diagram's nodes. */
	if (o.seeded && !o.zdd.sampling && dlx_shuffle_options(p, o.seed) != DLX_OK) {
		fprintf(stderr, "dlx: out of memory\n");
		dlx_ec_free(ec);
		return CLI_EXIT_FAILURE;
	}

	struct printer pr = { &o, ec, NULL, false, NULL, NULL, false };
	struct dlx_svg svg;
	if (o.svg) {
		r = dlx_svg_init(&svg, ec, strcmp(o.file, "-") == 0 ? "<stdin>" : o.file, o.svg);
		if (r) {
			dlx_svg_free(&svg);
			dlx_ec_free(ec);
			return r;
		}
		pr.svg = &svg;
	}
	/* Bounded items may take several options each: a solution then has up to every option. */
	pr.sorted = malloc((dlx_has_bounds(p) ? dlx_option_count(p) + 1 : dlx_primary_count(p) + 1) * sizeof *pr.sorted);
	if (!pr.sorted) {
		fprintf(stderr, "dlx: out of memory\n");
		if (pr.svg)
			dlx_svg_free(pr.svg);
		dlx_ec_free(ec);
		return CLI_EXIT_FAILURE;
	}
	/*
	 * Threads, parts, checkpoints and the whole tree's estimate know
	 * Algorithm M's tree too; the memo, a part's estimate and diagrams
	 * know only X's.
	 */
	if (o.sat && (dlx_has_bounds(p) || dlx_has_costs(p))) {
		fprintf(stderr, "dlx: %s: --engine sat encodes plain exact covers: not items with bounds (u:v|name) "
			"nor options with costs (|n)\n", strcmp(o.file, "-") == 0 ? "<stdin>" : o.file);
		if (pr.svg)
			dlx_svg_free(pr.svg);
		free(pr.sorted);
		dlx_ec_free(ec);
		return CLI_EXIT_USAGE;
	}
	/* A memoized count of bounded items is the frontier search's, whose jobs no checkpoint knows. */
	if (dlx_has_bounds(p) && o.memo && o.checkpoint) {
		fprintf(stderr, "dlx: %s: --memo counts items with bounds (u:v|name) without checkpoints: "
			"not with --checkpoint or --resume\n", strcmp(o.file, "-") == 0 ? "<stdin>" : o.file);
		if (pr.svg)
			dlx_svg_free(pr.svg);
		free(pr.sorted);
		dlx_ec_free(ec);
		return CLI_EXIT_USAGE;
	}
	if (dlx_has_bounds(p) && o.estimate && o.cli.parts) {
		fprintf(stderr, "dlx: %s: items with bounds (u:v|name) are searched whole: not with %s\n",
			strcmp(o.file, "-") == 0 ? "<stdin>" : o.file, "--estimate --part");
		if (pr.svg)
			dlx_svg_free(pr.svg);
		free(pr.sorted);
		dlx_ec_free(ec);
		return CLI_EXIT_USAGE;
	}
	struct cli_limits lim;
	cli_catch_signals();
	cli_limits_init(&lim, "dlx", o.cli.time_limit, o.cli.progress);
	if (o.reduce) {
		int status = reduce_problem(&o, ec, &lim);
		free(pr.sorted);
		if (pr.svg)
			dlx_svg_free(pr.svg);
		dlx_ec_free(ec);
		return status;
	}
	if (o.estimate) {
		int status = cli_finish_output("dlx", false, estimate_problem(&o, p, &lim));
		free(pr.sorted);
		dlx_ec_free(ec);
		return status;
	}
	if (diagram_mode(&o)) {
		struct zdd_request *rq = &o.zdd;
		rq->seed = o.seed;
		rq->mp = o.mp;
		rq->node_limit = o.cli.node_limit;
		rq->count = o.count;
		rq->list = o.all;
		rq->limit = o.cli.limit;
		rq->quiet = o.quiet;
		rq->stats = o.stats;
		pr.printing = !o.quiet;
		pr.lim = &lim;
		int status = cli_finish_output("dlx", pr.write_failed, zdd_run(rq, ec, print_solution, &pr, &lim));
		free(pr.sorted);
		dlx_ec_free(ec);
		return status;
	}
	dlx_stats st;
	dlx_memo_stats ms;
	char *count = NULL, *costs = NULL;
	struct cli_checkpoint ck = { "dlx", o.checkpoint, o.resume, o.checkpoint_every, 0, p, &lim, false, false,
		NULL, NULL, 0, false, NULL, NULL, o.cli.part_path,
		/* A lone --part 1/1 is the whole tree, as for a search. */
		o.cli.part_depth > 1 || o.cli.parts > 1 ? o.cli.part_depth : 0, o.cli.threads, true, NULL, NULL, NULL, false };
	int rc, unsaved = 0;
	if (o.best) {
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		sp.solution_limit = o.cli.limit;
		sp.node_limit = o.cli.node_limit;
		sp.on_poll = cli_poll;
		sp.poll_ctx = &lim;
		sp.poll_interval = CLI_POLL_INTERVAL;
		rc = best_run(ec, &sp, o.best, o.numbers, o.quiet, &st, &costs);
	} else if (o.checkpoint) {
		cli_catch_hangup();
		/* Each thread has a table of its own: the budget is shared out, as without a checkpoint. */
		dlx_memo_params mp = o.mp;
		mp.memory = mp.memory / o.cli.threads ? mp.memory / o.cli.threads : 1;
		if (o.memo) {
			ck.memo = &mp;
			ck.memo_count = &count;
			ck.memo_stats = &ms;
		}
		/* A checkpoint that could not be saved at the stop: the partial count is still said. */
		unsaved = r = search_checkpointed(&o, &ck, &pr, &lim, &st, &rc);
		if (r == CLI_EXIT_USAGE) {
			cli_progress_end(&lim);
			free(pr.sorted);
			dlx_ec_free(ec);
			return r;
		}
	} else {
		rc = o.memo ? count_memo(&o, p, &lim, &st, &ms, &count) : search_problem(&o, p, &pr, &lim, &st);
	}
	cli_progress_end(&lim);
	double secs = cli_now() - lim.start;

	struct cli_stop stop = cli_stop_classify(st.stop, &lim);
	/* --best cut short by --limit printed the cheapest of the solutions met, not the problem's: a stop. */
	if (o.best && st.stop == DLX_STOP_LIMIT) {
		stop.why = "stopped at solution limit (the cheapest of the solutions met)";
		stop.status = CLI_EXIT_STOPPED;
	}
	/*
	 * A part searched to the end answered, also with no solution in it:
	 * the recipes that run parts (GNU parallel, sbatch --wait) read exit 1
	 * as a failed run.
	 */
	int status = stop.why ? stop.status : st.solutions || o.cli.parts ? CLI_EXIT_OK : CLI_EXIT_NONE;
	/*
	 * A search that failed (memory ran short, a count would have wrapped, a
	 * checkpoint could not be resumed) prints no number: it would read as
	 * an answer, and the error says why.
	 */
	if (!rc && (!o.memo || count))
		print_result(&o, &st, count, stop.why, secs, costs);
	if (o.memo && o.stats)
		print_memo_stats(&ms);
	if (rc) {
		fprintf(stderr, "dlx: %s\n", dlx_strerror(rc));
		status = CLI_EXIT_FAILURE;
	}
	if (unsaved)
		status = unsaved;
	if (pr.svg) {
		int drawn = dlx_svg_finish(pr.svg, stop.why);
		status = drawn ? drawn : status;
		dlx_svg_free(pr.svg);
	}
	status = cli_finish_output("dlx", pr.write_failed, status);
	if (o.checkpoint)
		cli_checkpoint_done(&ck, &st, !rc && status != CLI_EXIT_FAILURE);
	free(count);
	free(costs);
	free(pr.sorted);
	dlx_ec_free(ec);
	return status;
}
