/* dlx: solve or count an exact-cover problem given in Knuth's text format. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dlx-ec.h"
#include "dlx.h"

static const char usage_text[] =
	"Usage: dlx [OPTION]... [FILE]\n"
	"Solve an exact-cover problem written in Knuth's format, read from FILE\n"
	"(standard input when FILE is missing or '-').\n"
	"\n"
	"Input: the first line names the items, with '|' before the secondary ones;\n"
	"each further line is an option, the names of the items it covers, where\n"
	"'item:color' gives a secondary item a color (options sharing it must agree\n"
	"on the color). Lines starting with '|' are comments.\n"
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
	"      --node-limit=N    stop after N search nodes\n"
	"      --time-limit=SEC  stop after SEC seconds\n"
	"  -t, --threads=N       threads for --count and for --all without --limit\n"
	"                        (default: the number of online cores for --count;\n"
	"                        1 for --all, whose order threads would shuffle, and\n"
	"                        with --node-limit, which threads apply only roughly);\n"
	"                        the first N solutions are always found by one\n"
	"  -p, --part=K/M        search only the K-th of M disjoint parts of the tree\n"
	"                        (1 <= K <= M <= 65536); the parts' counts add up to\n"
	"                        the total, on any machines; --count then prints\n"
	"                        'part K/M: N' (add them up with dlx-sum-parts)\n"
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
	"Exit status: 0 a solution was found (or counted), 1 no solution,\n"
	"2 bad usage or bad input, 3 out of memory, overflow or write error,\n"
	"4 stopped by --node-limit or --time-limit, 130/143 interrupted by\n"
	"SIGINT/SIGTERM.\n";

struct opts {
	bool count, all, numbers, stats, quiet;
	uint64_t limit, node_limit;
	double time_limit;
	unsigned threads;       /* 0 until --threads: the default depends on other options */
	uint32_t part, parts;
	enum cli_progress_mode progress;
	const char *file;
};

/* State the solution callback needs. */
struct printer {
	const struct opts *o;
	dlx_ec *ec;
	size_t *sorted;
	bool write_failed;
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
	if (pr->o->all || pr->o->limit > 1)
		putchar('\n');
	/* Whole solutions only: flush so an interruption never tears one. */
	if (fflush(stdout) != 0) {
		pr->write_failed = true;
		return 1;
	}
	return 0;
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	enum { OPT_NODE_LIMIT = 256, OPT_TIME_LIMIT, OPT_PROGRESS, OPT_NO_PROGRESS };
	static const struct option longopts[] = {
		{ "count", no_argument, NULL, 'c' },
		{ "all", no_argument, NULL, 'a' },
		{ "limit", required_argument, NULL, 'l' },
		{ "numbers", no_argument, NULL, 'n' },
		{ "stats", no_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "node-limit", required_argument, NULL, OPT_NODE_LIMIT },
		{ "time-limit", required_argument, NULL, OPT_TIME_LIMIT },
		{ "threads", required_argument, NULL, 't' },
		{ "part", required_argument, NULL, 'p' },
		{ "progress", no_argument, NULL, OPT_PROGRESS },
		{ "no-progress", no_argument, NULL, OPT_NO_PROGRESS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;
	uint64_t v;
	while ((c = getopt_long(argc, argv, "cal:nsqt:p:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'c': o->count = true; break;
		case 'a': o->all = true; break;
		case 'n': o->numbers = true; break;
		case 's': o->stats = true; break;
		case 'q': o->quiet = true; break;
		case 'l':
			if (!cli_parse_u64(optarg, &o->limit) || o->limit == 0) {
				fprintf(stderr, "dlx: --limit needs a positive number, not '%s'\n", optarg);
				return CLI_EXIT_USAGE;
			}
			break;
		case OPT_NODE_LIMIT:
			if (!cli_parse_u64(optarg, &o->node_limit) || o->node_limit == 0) {
				fprintf(stderr, "dlx: --node-limit needs a positive number, not '%s'\n", optarg);
				return CLI_EXIT_USAGE;
			}
			break;
		case OPT_TIME_LIMIT:
			if (!cli_parse_seconds(optarg, &o->time_limit) || o->time_limit <= 0) {
				fprintf(stderr, "dlx: --time-limit needs a positive number of seconds, not '%s'\n",
					optarg);
				return CLI_EXIT_USAGE;
			}
			break;
		case 't':
			if (!cli_parse_u64(optarg, &v) || v == 0 || v > 1024) {
				fprintf(stderr, "dlx: --threads needs a number from 1 to 1024, not '%s'\n", optarg);
				return CLI_EXIT_USAGE;
			}
			o->threads = (unsigned)v;
			break;
		case 'p':
			if (!cli_parse_part(optarg, DLX_MAX_PARTS, &o->part, &o->parts)) {
				fprintf(stderr, "dlx: --part needs K/M with 1 <= K <= M <= %u, not '%s'\n",
					DLX_MAX_PARTS, optarg);
				return CLI_EXIT_USAGE;
			}
			break;
		case OPT_PROGRESS: o->progress = CLI_PROGRESS_ON; break;
		case OPT_NO_PROGRESS: o->progress = CLI_PROGRESS_OFF; break;
		case 'h':
			fputs(usage_text, stdout);
			return -1;
		case 'V':
			printf("dlx %s\n", DLX_VERSION);
			return -1;
		default:
			fputs("Try 'dlx --help' for more information.\n", stderr);
			return CLI_EXIT_USAGE;
		}
	}
	if (optind + 1 < argc) {
		fprintf(stderr, "dlx: more than one input file\nTry 'dlx --help' for more information.\n");
		return CLI_EXIT_USAGE;
	}
	o->file = optind < argc ? argv[optind] : "-";
	/*
	 * Defaults that keep output reproducible: a node limit cuts off at the
	 * same place, and --all prints in the same order, only in one thread.
	 */
	if (!o->threads)
		o->threads = o->node_limit || o->all ? 1 : cli_online_cores();
	return 0;
}

int main(int argc, char **argv)
{
	/*
	 * getopt names the program by argv[0]; every other message says
	 * "dlx:", so make getopt's agree whatever path we were run by.
	 */
	static char prog_name[] = "dlx";
	if (argc > 0)
		argv[0] = prog_name;
	struct opts o = { 0 };
	int r = parse_args(argc, argv, &o);
	if (r)
		return r < 0 ? CLI_EXIT_OK : r;

	bool use_stdin = strcmp(o.file, "-") == 0;
	const char *name = use_stdin ? "<stdin>" : o.file;
	FILE *in = use_stdin ? stdin : fopen(o.file, "r");
	if (!in) {
		fprintf(stderr, "dlx: %s: %s\n", name, strerror(errno));
		return CLI_EXIT_USAGE;
	}
	dlx_ec *ec;
	dlx_error_info err;
	int rc = dlx_ec_read(in, &ec, &err);
	if (!use_stdin)
		fclose(in);
	if (rc) {
		if (err.line)
			fprintf(stderr, "dlx: %s:%zu: %s\n", name, err.line, err.message);
		else
			fprintf(stderr, "dlx: %s: %s\n", name, err.message[0] ? err.message : dlx_strerror(rc));
		return rc == DLX_ERR_SYNTAX || rc == DLX_ERR_IO ? CLI_EXIT_USAGE : CLI_EXIT_FAILURE;
	}
	dlx_problem *p = dlx_ec_problem(ec);

	struct printer pr = { &o, ec, NULL, false };
	pr.sorted = malloc((dlx_primary_count(p) + 1) * sizeof *pr.sorted);
	if (!pr.sorted) {
		fprintf(stderr, "dlx: out of memory\n");
		dlx_ec_free(ec);
		return CLI_EXIT_FAILURE;
	}
	struct cli_limits lim;
	cli_catch_signals();
	cli_limits_init(&lim, "dlx", o.time_limit, o.progress);
	double start = lim.start;

	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	bool printing = !o.quiet && (o.all || !o.count);
	sp.solution_limit = o.limit ? o.limit : (o.all || o.count ? 0 : 1);
	sp.node_limit = o.node_limit;
	sp.on_solution = printing ? print_solution : NULL;
	sp.solution_ctx = &pr;
	sp.on_poll = cli_poll;
	sp.poll_ctx = &lim;
	sp.poll_interval = CLI_POLL_INTERVAL;
	dlx_stats st;
	/*
	 * Threads only where they cannot change the answer: counts, and --all's
	 * set of solutions.  Printing the first N solutions needs the sequential order.
	 */
	bool whole_tree = printing ? o.all && !o.limit : o.count;
	dlx_split_params split = { whole_tree ? o.threads : 1, o.part, o.parts };
	rc = dlx_search_split(p, &sp, &split, &st);
	cli_progress_end(&lim);
	double secs = cli_now() - start;

	const char *partial = NULL;
	int status = st.solutions ? CLI_EXIT_OK : CLI_EXIT_NONE;
	if (st.stop == DLX_STOP_NODE_LIMIT) {
		partial = "stopped at node limit";
		status = CLI_EXIT_STOPPED;
	} else if (st.stop == DLX_STOP_POLL && lim.timed_out) {
		partial = "stopped at time limit";
		status = CLI_EXIT_STOPPED;
	} else if (st.stop == DLX_STOP_POLL) {
		partial = cli_stop_signal == SIGTERM ? "interrupted by SIGTERM" : "interrupted by SIGINT";
		status = 128 + cli_stop_signal;
	}
	if (!o.quiet) {
		if (o.count) {
			/* Parts label their counts so that dlx-sum-parts can check that every part reported. */
			if (o.parts > 1)
				printf("part %" PRIu32 "/%" PRIu32 ": ", o.part, o.parts);
			if (partial)
				printf("count >= %" PRIu64 " (%s)\n", st.solutions, partial);
			else
				printf("%" PRIu64 "\n", st.solutions);
		} else if (partial) {
			fprintf(stderr, "dlx: %s after %" PRIu64 " solution%s\n", partial, st.solutions,
				st.solutions == 1 ? "" : "s");
		}
	}
	if (o.stats)
		fprintf(stderr,
			"solutions: %" PRIu64 "%s, nodes: %" PRIu64 ", updates: %" PRIu64 ", branches: %" PRIu64
			", time: %.3f s\n",
			st.solutions, partial ? " (partial)" : "", st.nodes, st.updates, st.branches, secs);
	if (rc) {
		fprintf(stderr, "dlx: %s\n", dlx_strerror(rc));
		status = CLI_EXIT_FAILURE;
	}
	if (fflush(stdout) != 0 || ferror(stdout) || pr.write_failed) {
		if (errno != EPIPE)
			fprintf(stderr, "dlx: write error: %s\n", strerror(errno));
		status = CLI_EXIT_FAILURE;
	}
	free(pr.sorted);
	dlx_ec_free(ec);
	return status;
}
