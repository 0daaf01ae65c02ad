/*
 * dlx's diagram mode: the diagram of all solutions built by the memoized
 * search (or read back from a file and checked against the problem), then
 * written, counted, listed or sampled from, without searching again.
 */
#define _POSIX_C_SOURCE 200809L
#include "dlx-zdd-cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads and checks the diagram; 0, or an exit status after a message. */
static int read_diagram(const char *file, dlx_problem *p, dlx_zdd **z)
{
	bool use_stdin = strcmp(file, "-") == 0; /* parse_args() saw that the problem is not there too */
	FILE *in = use_stdin ? stdin : fopen(file, "r");
	if (!in) {
		fprintf(stderr, "dlx: %s: %s\n", file, strerror(errno));
		return CLI_EXIT_USAGE;
	}
	dlx_error_info err;
	int rc = dlx_ec_zdd_read(in, p, z, &err);
	if (!use_stdin)
		fclose(in);
	if (!rc)
		return 0;
	cli_input_error("dlx", use_stdin ? "<stdin>" : file, err.line, err.message[0] ? err.message : dlx_strerror(rc));
	return rc == DLX_ERR_SYNTAX || rc == DLX_ERR_IO ? CLI_EXIT_USAGE : CLI_EXIT_FAILURE;
}

/* Builds the diagram; 0, or an exit status after a message (*z NULL). */
static int build_diagram(const struct zdd_request *rq, dlx_problem *p, struct cli_limits *lim, dlx_zdd **z)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = rq->node_limit;
	sp.on_poll = cli_poll;
	sp.poll_ctx = lim;
	sp.poll_interval = CLI_POLL_INTERVAL;
	dlx_stats st;
	int rc = dlx_zdd_build(p, &sp, &rq->mp, z, &st);
	cli_progress_end(lim);
	if (rc == DLX_ERR_NOMEM) {
		fprintf(stderr,
			"dlx: the diagram needs more memory than --memo-memory's %zu bytes (or than the machine has): "
			"a diagram cannot drop nodes to make room\n",
			rq->mp.memory);
		return CLI_EXIT_FAILURE;
	}
	if (rc) {
		fprintf(stderr, "dlx: %s\n", dlx_strerror(rc));
		return CLI_EXIT_FAILURE;
	}
	if (st.stop != DLX_STOP_COMPLETE) {
		struct cli_stop stop = cli_stop_classify(st.stop, lim);
		fprintf(stderr, "dlx: no diagram: %s\n", stop.why ? stop.why : "stopped");
		return stop.status ? stop.status : CLI_EXIT_FAILURE;
	}
	if (rq->stats)
		fprintf(stderr, "diagram built: search nodes: %" PRIu64 ", updates: %" PRIu64 ", time: %.3f s\n",
			st.nodes, st.updates, cli_now() - lim->start);
	return 0;
}

/* Writes the diagram to out, file's stream (opened by zdd_run()), or standard output for "-". */
static int write_diagram(const char *file, FILE *out, const dlx_zdd *z, const dlx_problem *p)
{
	if (!strcmp(file, "-"))
		return cli_wrote(dlx_ec_zdd_write(stdout, z, p) == DLX_OK && fflush(stdout) == 0) ? 0 : CLI_EXIT_FAILURE;
	int rc = dlx_ec_zdd_write(out, z, p);
	if (fclose(out) != 0 && !rc)
		rc = DLX_ERR_IO;
	if (rc) {
		fprintf(stderr, "dlx: %s: %s\n", file, rc == DLX_ERR_IO ? "write error" : dlx_strerror(rc));
		return CLI_EXIT_FAILURE;
	}
	return 0;
}

/* The printer, behind the poll: a listing or sampling of 10^20 solutions stops at a signal or the deadline. */
struct polled {
	dlx_solution_fn print;
	void *ctx;
	struct cli_limits *lim;
	uint64_t done;
	bool stopped;
};

static int polled_print(void *ctx, const size_t *options, size_t n)
{
	struct polled *w = ctx;
	dlx_stats now = { w->done, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	if (cli_poll(w->lim, &now)) {
		w->stopped = true;
		return 1;
	}
	w->done++;
	return w->print(w->ctx, options, n);
}

int zdd_run(const struct zdd_request *rq, dlx_ec *ec, dlx_solution_fn print, void *print_ctx,
	    struct cli_limits *lim)
{
	dlx_problem *p = dlx_ec_problem(ec);
	dlx_zdd *z = NULL;
	/* Opened before the build, as --svg's file is: a path that cannot be written is said at once. */
	FILE *out = NULL;
	if (rq->write_file && strcmp(rq->write_file, "-") != 0) {
		out = fopen(rq->write_file, "w");
		if (!out) {
			fprintf(stderr, "dlx: %s: %s\n", rq->write_file, strerror(errno));
			return CLI_EXIT_FAILURE;
		}
	}
	int status = rq->read_file ? read_diagram(rq->read_file, p, &z) : build_diagram(rq, p, lim, &z);
	if (status) {
		if (out)
			fclose(out);
		return status;
	}
	if (rq->write_file)
		status = write_diagram(rq->write_file, out, z, p);
	char *count = dlx_zdd_count(z);
	if (!status && !count) {
		fprintf(stderr, "dlx: out of memory\n");
		status = CLI_EXIT_FAILURE;
	}
	if (rq->stats && count)
		fprintf(stderr, "diagram: %zu nodes, %s solutions\n", dlx_zdd_size(z), count);
	int rc = DLX_OK;
	struct polled w = { print, print_ctx, lim, 0, false };
	print = polled_print;
	print_ctx = &w;
	if (!status && !rq->quiet) {
		/* As the plain search: solutions listed with --all or without --count, the first N with --limit N. */
		if (rq->sampling)
			rc = dlx_zdd_sample(z, rq->sample, rq->seed, print, print_ctx);
		else if (rq->list || !rq->count)
			rc = dlx_zdd_visit(z, rq->limit ? rq->limit : rq->list ? 0 : 1, print, print_ctx, NULL);
		if (w.stopped) {
			struct cli_stop stop = cli_stop_classify(DLX_STOP_POLL, lim);
			fprintf(stderr, "dlx: %s after %" PRIu64 " solution%s\n", stop.why, w.done, w.done == 1 ? "" : "s");
			status = stop.status;
		} else if (!rc && rq->count) {
			/* --count --limit N counts up to N, as the plain search does. */
			char *end;
			unsigned long long c = strtoull(count, &end, 10);
			if (rq->limit && (strlen(count) > 20 || c >= rq->limit))
				printf("%" PRIu64 "\n", rq->limit);
			else
				printf("%s\n", count);
		}
		if (rc) {
			fprintf(stderr, "dlx: %s\n", dlx_strerror(rc));
			status = CLI_EXIT_FAILURE;
		}
	}
	if (!status)
		status = strcmp(count, "0") ? CLI_EXIT_OK : CLI_EXIT_NONE;
	free(count);
	dlx_zdd_free(z);
	return status;
}
