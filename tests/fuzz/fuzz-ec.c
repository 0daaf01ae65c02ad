/*
 * Fuzz harness for dlx_ec_read (Knuth's text format).
 *
 * Expectations checked on every input, any violation aborts (a crash for
 * libFuzzer, a failed test for the replay):
 * - reading either succeeds or fails with DLX_ERR_SYNTAX, a message, and a
 *   line number that names a line holding something other than a comment or
 *   blanks (0 only when there is no such line: the "empty input" case);
 * - on success, the options stand on exactly the non-comment, non-blank
 *   lines after the item line, the item names obey the format, the matrix
 *   passes dlx__check, and a bounded search reports only exact covers (each
 *   primary item within its bounds, Knuth's DLX3 multiplicities) and
 *   leaves the matrix intact;
 * - all of this read with DLX_EC_STRICT; read without it, the input is
 *   accepted whenever the strict read accepts it, with the same options and
 *   nothing left out, and on any success the options kept and those left
 *   out (the ones without a primary item) are the content lines after the
 *   item line, in order;
 * - without bounds, no solution has an option dlx_blocked_options() calls
 *   blocked, and the problem written by dlx_ec_write() without them reads
 *   back (as the same problem when nothing is skipped) with as many
 *   solutions, when both searches end within the node limit.
 *
 * The line classification here is written from the format's description,
 * independently of ec-read.c, so that the two can disagree.  It builds with
 * gcc too (no libFuzzer API) for the replay test.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-ec.h"
#include "dlx-internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Enough to explore small problems fully while keeping each input fast. */
#define NODE_LIMIT 20000

#define EXPECT(cond, ...)                                                              \
	do {                                                                           \
		if (!(cond)) {                                                         \
			fprintf(stderr, "fuzz-ec: %s:%d: expected %s: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);                                  \
			fputc('\n', stderr);                                           \
			abort();                                                       \
		}                                                                      \
	} while (0)

/*
 * Per input line (1-based): does it hold something the reader must parse?
 * A line ends at LF, CR LF, or a CR alone; it is a comment when it starts
 * with '|' or, after the first content line (the items), when its first
 * byte other than spaces and tabs is '|' (as Knuth's programs read
 * options); blank when it has only spaces and tabs.  A UTF-8 byte order
 * mark at the very start is not part of the first line.
 */
struct lines {
	size_t n;         /* lines in the input: the last one may lack its LF */
	bool *content;    /* content[1..n] */
	size_t first;     /* the first content line, 0 if none */
	size_t n_content;
};

/* Where the line starting at `start` ends (its last byte + 1), and where the next one starts. */
static size_t line_end(const uint8_t *d, size_t size, size_t start, size_t *next)
{
	size_t end = start;
	while (end < size && d[end] != '\n' && d[end] != '\r')
		end++;
	*next = end;
	if (end < size)
		*next += d[end] == '\r' && end + 1 < size && d[end + 1] == '\n' ? 2 : 1;
	return end;
}

static void classify(const uint8_t *d, size_t size, struct lines *ls)
{
	size_t n = 0;
	for (size_t k = 0, next; k < size; k = next) {
		line_end(d, size, k, &next);
		n++;
	}
	ls->n = n;
	ls->content = calloc(n + 2, sizeof *ls->content);
	EXPECT(ls->content != NULL, "out of memory in the harness");
	ls->first = 0;
	ls->n_content = 0;
	size_t start = size >= 3 && memcmp(d, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	for (size_t line = 1; line <= n; line++) {
		size_t next, end = line_end(d, size, start, &next);
		bool content = false;
		size_t lead = start;
		while (lead < end && (d[lead] == ' ' || d[lead] == '\t'))
			lead++;
		if (end > start && d[start] != '|' && !(ls->first && lead < end && d[lead] == '|'))
			for (size_t k = start; k < end; k++)
				if (d[k] != ' ' && d[k] != '\t')
					content = true;
		ls->content[line] = content;
		if (content) {
			ls->n_content++;
			if (!ls->first)
				ls->first = line;
		}
		start = next;
	}
}

struct sol_check {
	const dlx_problem *p;
	unsigned *cover;  /* times each item is covered in the current solution */
	uint32_t *color;  /* the color it got first (0 none) */
	uint64_t calls;
	const unsigned char *blocked; /* NULL, or the options no solution may hold */
};

static int on_solution(void *ctx, const size_t *opts, size_t n)
{
	struct sol_check *sc = ctx;
	size_t n_items = dlx_primary_count(sc->p) + dlx_secondary_count(sc->p);
	size_t n_opts = dlx_option_count(sc->p);
	memset(sc->cover, 0, n_items * sizeof *sc->cover);
	memset(sc->color, 0, n_items * sizeof *sc->color);
	for (size_t k = 0; k < n; k++) {
		EXPECT(opts[k] < n_opts, "solution names option %zu of %zu", opts[k], n_opts);
		EXPECT(!sc->blocked || !sc->blocked[opts[k]], "option %zu blocked but in a solution", opts[k]);
		size_t m = dlx_option_size(sc->p, opts[k]);
		for (size_t j = 0; j < m; j++) {
			size_t item = dlx_option_item(sc->p, opts[k], j);
			uint32_t c = dlx_option_color(sc->p, opts[k], j);
			EXPECT(item < n_items, "option %zu has item %zu", opts[k], item);
			/* Options may share a secondary item only when they give it one color. */
			if (sc->cover[item] && item >= dlx_primary_count(sc->p))
				EXPECT(c != 0 && c == sc->color[item], "item %zu shared with colors %u and %u", item,
				       (unsigned)sc->color[item], (unsigned)c);
			sc->cover[item]++;
			sc->color[item] = c;
		}
	}
	for (size_t i = 0; i < dlx_primary_count(sc->p); i++) {
		uint32_t lo, hi;
		EXPECT(dlx_item_bounds(sc->p, i, &lo, &hi) == DLX_OK && lo <= hi && hi >= 1, "item %zu's bounds", i);
		EXPECT(sc->cover[i] >= lo && sc->cover[i] <= hi, "primary item %zu covered %u times, bounds %u:%u", i,
		       sc->cover[i], (unsigned)lo, (unsigned)hi);
	}
	sc->calls++;
	return 0;
}

static void check_problem(dlx_ec *ec, const struct lines *ls, bool strict)
{
	dlx_problem *p = dlx_ec_problem(ec);
	EXPECT(p != NULL, "no problem after a successful read");
	size_t np = dlx_primary_count(p), n_items = np + dlx_secondary_count(p);
	size_t n_opts = dlx_option_count(p);
	const char *what;

	EXPECT(ls->first != 0, "success on an input without an item line");
	EXPECT(np >= 1 || !strict, "strict success with no primary item");
	size_t first_dropped, dropped = dlx_ec_dropped(ec, &first_dropped);
	EXPECT(dropped == 0 || !strict, "%zu options left out by a strict read", dropped);
	EXPECT((dropped == 0) == (first_dropped == 0), "%zu left out, the first on line %zu", dropped, first_dropped);
	EXPECT(first_dropped == 0 || (first_dropped > ls->first && first_dropped <= ls->n &&
				      ls->content[first_dropped]),
	       "the first option left out on line %zu", first_dropped);
	EXPECT(dlx_forced_count(p) == 0, "a fresh problem has forced options");

	for (size_t i = 0; i < n_items; i++) {
		const char *name = dlx_ec_item_name(ec, i);
		EXPECT(name != NULL, "item %zu has no name", i);
		size_t len = strlen(name);
		EXPECT(len >= 1 && len <= DLX_EC_NAME_MAX, "item %zu name length %zu", i, len);
		for (size_t k = 0; k < len; k++) {
			unsigned char c = (unsigned char)name[k];
			EXPECT(c > 0x20 && c < 0x7f && c != '|' && c != ':', "item %zu has byte 0x%02X", i, c);
		}
	}
	EXPECT(dlx_ec_item_name(ec, n_items) == NULL, "a name past the last item");

	/* Every content line after the item line is one option, in order, or one left out. */
	EXPECT(n_opts + dropped == ls->n_content - 1, "%zu options and %zu left out from %zu content lines", n_opts,
	       dropped, ls->n_content);
	size_t line = ls->first;
	for (size_t o = 0; o < n_opts; o++) {
		size_t at = dlx_ec_option_line(ec, o);
		do
			line++;
		while (line <= ls->n && (!ls->content[line] || (dropped && line < at)));
		EXPECT(at == line, "option %zu on line %zu, expected %zu", o, at, line);
		EXPECT(at != first_dropped, "option %zu on the line of one left out", o);
		size_t m = dlx_option_size(p, o);
		EXPECT(m >= 1, "option %zu is empty", o);
		bool has_primary = false;
		for (size_t j = 0; j < m; j++) {
			size_t item = dlx_option_item(p, o, j);
			EXPECT(item < n_items, "option %zu item %zu out of range", o, item);
			has_primary |= item < np;
			uint32_t c = dlx_option_color(p, o, j);
			if (c) {
				EXPECT(item >= np, "option %zu gives primary item %zu a color", o, item);
				const char *cname = dlx_ec_color_name(ec, c);
				EXPECT(cname != NULL, "color %u has no name", (unsigned)c);
				size_t len = strlen(cname);
				EXPECT(len >= 1 && len <= DLX_EC_NAME_MAX && !strpbrk(cname, " \t|:"), "color name '%s'",
				       cname);
			}
			for (size_t k = 0; k < j; k++)
				EXPECT(dlx_option_item(p, o, k) != item, "option %zu repeats item %zu", o, item);
		}
		EXPECT(has_primary, "option %zu has no primary item", o);
	}
	EXPECT(dlx_ec_option_line(ec, n_opts) == 0, "a line for an option past the last");

	EXPECT(dlx__check(p, &what) == 0, "sane matrix after reading: %s", what);

	unsigned char *blocked = NULL;
	size_t n_blocked = 0;
	if (!dlx_has_bounds(p)) {
		blocked = malloc(n_opts + 1);
		EXPECT(blocked != NULL, "out of memory in the harness");
		int brc = dlx_blocked_options(p, NULL, blocked, &n_blocked, NULL);
		EXPECT(brc == DLX_OK, "dlx_blocked_options returned %d", brc);
		EXPECT(dlx__check(p, &what) == 0, "sane matrix after dlx_blocked_options: %s", what);
	}
	struct sol_check sc = { p, calloc(n_items + 1, sizeof *sc.cover), calloc(n_items + 1, sizeof *sc.color), 0,
		blocked };
	EXPECT(sc.cover != NULL && sc.color != NULL, "out of memory in the harness");
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = NODE_LIMIT;
	sp.on_solution = on_solution;
	sp.solution_ctx = &sc;
	dlx_stats st;
	int rc = dlx_search(p, &sp, &st);
	EXPECT(rc == DLX_OK, "search returned %d", rc);
	EXPECT(st.stop == DLX_STOP_COMPLETE || st.stop == DLX_STOP_NODE_LIMIT, "stop reason %d", (int)st.stop);
	EXPECT(st.nodes <= NODE_LIMIT, "%llu nodes past the limit", (unsigned long long)st.nodes);
	EXPECT(st.solutions == sc.calls, "%llu solutions but %llu callbacks",
	       (unsigned long long)st.solutions, (unsigned long long)sc.calls);
	/* Algorithm M's levels each choose an option or close an item. */
	EXPECT(st.max_level <= (dlx_has_bounds(p) ? n_opts + np : np), "depth %u with %zu primary items",
	       (unsigned)st.max_level, np);
	EXPECT(dlx__check(p, &what) == 0, "sane matrix after a search: %s", what);
	free(sc.cover);
	free(sc.color);
	if (blocked) {
		/* Written, whole and then without the blocked options, and read back. */
		for (int pass = 0; pass < 2; pass++) {
			char *text = NULL;
			size_t len = 0;
			FILE *w = open_memstream(&text, &len);
			EXPECT(w != NULL, "open_memstream failed");
			EXPECT(dlx_ec_write(w, ec, pass ? blocked : NULL) == DLX_OK, "dlx_ec_write failed");
			fclose(w);
			FILE *r = fmemopen(text, len, "r");
			EXPECT(r != NULL, "fmemopen failed");
			dlx_ec *back;
			dlx_error_info e;
			/* Not strict: a problem without primary items is written as it was read, " | names". */
			int brc = dlx_ec_read(r, &back, &e);
			fclose(r);
			EXPECT(brc == DLX_OK, "what dlx_ec_write wrote does not read: line %zu: %.160s", e.line, e.message);
			EXPECT(dlx_ec_dropped(back, NULL) == 0, "options dropped from what dlx_ec_write wrote");
			dlx_problem *q = dlx_ec_problem(back);
			EXPECT(dlx_option_count(q) == n_opts - (pass ? n_blocked : 0), "%zu options read back of %zu",
			       dlx_option_count(q), n_opts);
			EXPECT(dlx_primary_count(q) == np && dlx_secondary_count(q) == n_items - np, "other items read back");
			dlx_stats qst;
			dlx_search_params qp = DLX_SEARCH_PARAMS_INIT;
			qp.node_limit = NODE_LIMIT;
			EXPECT(dlx_search(q, &qp, &qst) == DLX_OK, "search of what was read back failed");
			if (st.stop == DLX_STOP_COMPLETE && qst.stop == DLX_STOP_COMPLETE)
				EXPECT(qst.solutions == st.solutions, "%llu solutions read back, %llu before",
				       (unsigned long long)qst.solutions, (unsigned long long)st.solutions);
			dlx_ec_free(back);
			free(text);
		}
		free(blocked);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* A private copy of the exact size, so that ASan sees any overread. */
	static char empty[1];
	char *buf = size ? malloc(size) : empty;
	EXPECT(buf != NULL, "out of memory in the harness");
	if (size)
		memcpy(buf, data, size);
	FILE *f = fmemopen(buf, size, "r");
	EXPECT(f != NULL, "fmemopen failed");

	struct lines ls;
	classify(data, size, &ls);

	dlx_ec *ec = (dlx_ec *)&ls; /* must be overwritten: NULL on failure */
	dlx_error_info err;
	memset(&err, 0x55, sizeof err);
	int rc = dlx_ec_read_flags(f, DLX_EC_STRICT, &ec, &err);
	fclose(f);

	/* The lenient read of the same bytes. */
	FILE *g = fmemopen(buf, size, "r");
	EXPECT(g != NULL, "fmemopen failed");
	dlx_ec *lec = (dlx_ec *)&ls;
	dlx_error_info lerr;
	int lrc = dlx_ec_read(g, &lec, &lerr);
	fclose(g);
	if (rc == DLX_OK)
		EXPECT(lrc == DLX_OK, "the strict read accepts what the plain read refuses: %.160s", lerr.message);
	if (lrc == DLX_OK) {
		EXPECT(lec != NULL, "success without a result");
		check_problem(lec, &ls, false);
		if (rc == DLX_OK) {
			EXPECT(dlx_ec_dropped(lec, NULL) == 0, "options left out of a strict-clean input");
			EXPECT(dlx_option_count(dlx_ec_problem(lec)) == dlx_option_count(dlx_ec_problem(ec)),
			       "the plain read has other options");
		}
		dlx_ec_free(lec);
	} else {
		/* The strict read stops at the same line or at an earlier one it refuses. */
		EXPECT(lrc == rc && err.line <= lerr.line, "the plain read fails otherwise: %d at %zu, strict %d at %zu",
		       lrc, lerr.line, rc, err.line);
	}

	if (rc == DLX_OK) {
		EXPECT(ec != NULL, "success without a result");
		check_problem(ec, &ls, true);
		dlx_ec_free(ec);
	} else {
		EXPECT(rc == DLX_ERR_SYNTAX, "error %d (%s): %.160s", rc, dlx_strerror(rc), err.message);
		EXPECT(ec == NULL, "a result left after failure");
		EXPECT(memchr(err.message, '\0', sizeof err.message) != NULL, "message not terminated");
		EXPECT(err.message[0] != '\0', "empty error message");
		if (ls.first == 0) {
			EXPECT(err.line == 0, "line %zu for an input without content: %s", err.line, err.message);
		} else {
			EXPECT(err.line >= 1 && err.line <= ls.n + 1, "line %zu of %zu: %s", err.line, ls.n,
			       err.message);
			/* Every syntax error is about a line the reader had to parse. */
			EXPECT(err.line >= ls.first, "line %zu before the item line %zu: %s", err.line, ls.first,
			       err.message);
			EXPECT(err.line > ls.n || ls.content[err.line], "line %zu is a comment or blank: %s",
			       err.line, err.message);
		}
	}
	free(ls.content);
	if (size)
		free(buf);
	return 0;
}
