/*
 * dlxweb_knuth() (dlx-web.h): dlx's --count and its listing of solutions
 * on a problem in Knuth's format, in one thread, in the program's words
 * (src/cli/dlx-main.c says the same; a change there belongs here too).
 */
#define _POSIX_C_SOURCE 200809L
#include "dlx-web.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-ec.h"
#include "dlx.h"
#include "web-reply.h"

static const char input_name[] = "<stdin>";

/* What the solution callback needs. */
struct printer {
	struct web_reply *r;
	dlx_ec *ec;
	size_t *sorted;
	bool blank_after; /* an empty line after each solution, as dlx --all and --limit N > 1 print */
};

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

/* One solution as dlx prints it: its options in input order, each as its item names. */
static int put_solution(void *ctx, const size_t *options, size_t n)
{
	struct printer *pr = ctx;
	struct web_text *o = &pr->r->out;
	dlx_problem *p = dlx_ec_problem(pr->ec);
	memcpy(pr->sorted, options, n * sizeof *options);
	qsort(pr->sorted, n, sizeof *pr->sorted, cmp_size);
	for (size_t k = 0; k < n; k++) {
		size_t m = dlx_option_size(p, pr->sorted[k]);
		for (size_t j = 0; j < m; j++) {
			const char *name = dlx_ec_item_name(pr->ec, dlx_option_item(p, pr->sorted[k], j));
			web_append(o, name, strlen(name));
			const char *color = dlx_ec_color_name(pr->ec, dlx_option_color(p, pr->sorted[k], j));
			if (color) {
				web_append(o, ":", 1);
				web_append(o, color, strlen(color));
			}
			web_append(o, j + 1 < m ? " " : "\n", 1);
		}
	}
	if (pr->blank_after)
		web_append(o, "\n", 1);
	/* Out of memory: stop here rather than search on for nothing. */
	return o->nomem;
}

/* Reads the problem (read_problem()); false after the message and the status. */
static bool read_problem(struct web_reply *r, const char *text, dlx_ec **ec)
{
	size_t len = text ? strlen(text) : 0;
	/* fmemopen() of no bytes fails; a lone newline reads as the same empty input. */
	FILE *in = len ? fmemopen((void *)text, len, "r") : fmemopen("\n", 1, "r");
	dlx_error_info err;
	int rc = in ? dlx_ec_read_flags(in, 0, ec, &err) : DLX_ERR_NOMEM;
	if (in)
		fclose(in);
	if (!rc) {
		size_t first, dropped = dlx_ec_dropped(*ec, &first);
		if (dropped)
			web_printf(&r->err,
				"dlx: %s:%zu: warning: %zu option%s without a primary item left out, the first here "
				"(--strict: an error)\n", input_name, first, dropped, dropped == 1 ? "" : "s");
		return true;
	}
	const char *what = !in ? dlx_strerror(rc) : err.line || err.message[0] ? err.message : dlx_strerror(rc);
	if (in && err.line)
		web_printf(&r->err, "dlx: %s:%zu: %s\n", input_name, err.line, what);
	else
		web_printf(&r->err, "dlx: %s: %s\n", input_name, what);
	r->status = rc == DLX_ERR_SYNTAX || rc == DLX_ERR_IO ? 2 : 3;
	return false;
}

char *dlxweb_knuth(const char *text, const char *mode, const char *limit, const char *node_limit)
{
	struct web_reply r = { 0 };
	bool count = mode && strcmp(mode, "count") == 0;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	dlx_ec *ec = NULL;
	if (!count && !(mode && strcmp(mode, "list") == 0)) {
		web_printf(&r.err, "dlx: unknown mode '%s'\n", mode ? mode : "");
		r.status = 2;
	} else if (web_parse_u64(&r, "dlx", "--limit", limit, true, &sp.solution_limit) &&
		web_parse_u64(&r, "dlx", "--node-limit", node_limit, true, &sp.node_limit) &&
		read_problem(&r, text, &ec)) {
		dlx_problem *p = dlx_ec_problem(ec);
		struct printer pr = { &r, ec, NULL, !count && sp.solution_limit != 1 };
		/* With bounds (Algorithm M) a solution may hold more options than there are primary items. */
		size_t most = dlx_has_bounds(p) ? dlx_option_count(p) : dlx_primary_count(p);
		pr.sorted = malloc((most + 1) * sizeof *pr.sorted);
		if (!count) {
			sp.on_solution = put_solution;
			sp.solution_ctx = &pr;
		}
		dlx_stats st;
		memset(&st, 0, sizeof st);
		int rc = pr.sorted ? dlx_search(p, &sp, &st) : DLX_ERR_NOMEM;
		const char *why = st.stop == DLX_STOP_NODE_LIMIT ? "stopped at node limit" : NULL;
		r.status = why ? 4 : st.solutions ? 0 : 1;
		if (count && why)
			web_printf(&r.out, "count >= %" PRIu64 " (%s)\n", st.solutions, why);
		else if (count)
			web_printf(&r.out, "%" PRIu64 "\n", st.solutions);
		else if (why)
			web_printf(&r.err, "dlx: %s after %" PRIu64 " solution%s\n", why, st.solutions,
				st.solutions == 1 ? "" : "s");
		if (rc) {
			web_printf(&r.err, "dlx: %s\n", dlx_strerror(rc));
			r.status = 3;
		}
		web_printf(&r.fields, ",\"nodes\":%" PRIu64, st.nodes);
		free(pr.sorted);
	}
	dlx_ec_free(ec);
	return web_reply_finish(&r);
}
