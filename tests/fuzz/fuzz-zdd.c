/*
 * Fuzz harness for dlx_ec_zdd_read (diagrams of all solutions as text).
 *
 * The first byte picks one of two small problems (2x4 domino tilings; a
 * problem with colored secondary items), the rest is read as its diagram.
 * Expectations, any violation aborts:
 * - reading succeeds, or fails with DLX_ERR_SYNTAX, a message, and a line
 *   within the input (one past its end for a truncated file);
 * - on success the diagram's ways are solutions of the problem: each an
 *   exact cover (checked here from the options, independently of the
 *   reader), none twice, as many as the count; when the count is the one a
 *   brute force over all subsets of options finds, they are all of them.
 *   Draws are solutions.  (A file edited to drop solutions, its count
 *   lowered to match, is a diagram of fewer solutions: the reader cannot
 *   tell it from a full one without the search it saves, and says so.)
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-ec.h"
#include "dlx.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define EXPECT(cond, ...)                                                              \
	do {                                                                           \
		if (!(cond)) {                                                         \
			fprintf(stderr, "fuzz-zdd: %s:%d: expected %s: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);                                  \
			fputc('\n', stderr);                                           \
			abort();                                                       \
		}                                                                      \
	} while (0)

/* At most 16 options, so that a solution is a 16-bit mask and the brute force 2^16 subsets. */
static bool is_cover(const dlx_problem *p, uint32_t m)
{
	int state[16] = { 0 };
	size_t np = dlx_primary_count(p);
	for (size_t o = 0; o < dlx_option_count(p); o++) {
		if (!(m >> o & 1))
			continue;
		for (size_t k = 0; k < dlx_option_size(p, o); k++) {
			size_t j = dlx_option_item(p, o, k);
			int c = (int)dlx_option_color(p, o, k);
			if (!state[j])
				state[j] = c ? c : -1;
			else if (j < np || state[j] < 0 || !c || state[j] != c)
				return false;
		}
	}
	for (size_t j = 0; j < np; j++)
		if (!state[j])
			return false;
	return true;
}

static dlx_problem *problem(unsigned which)
{
	if (which == 0) {
		/* 2x4 dominoes: cells 0..7, 5 tilings. */
		dlx_problem *p = dlx_problem_new(8, 0);
		for (size_t r = 0; r < 2; r++)
			for (size_t c = 0; c < 4; c++) {
				size_t cell = 4 * r + c, it[2] = { cell, cell + 1 };
				if (c < 3)
					dlx_add_option(p, it, 2);
				it[1] = cell + 4;
				if (r == 0)
					dlx_add_option(p, it, 2);
			}
		return p;
	}
	/* Primary 0..3, secondary 4 and 5, with colors. */
	dlx_problem *p = dlx_problem_new(4, 2);
	static const size_t items[][3] = { { 0, 4, 9 }, { 1, 4, 9 }, { 1, 5, 9 }, { 2, 5, 9 }, { 3, 9, 9 },
					   { 2, 3, 4 }, { 0, 1, 5 }, { 2, 4, 9 }, { 3, 5, 9 } };
	static const uint32_t colors[][3] = { { 0, 1, 0 }, { 0, 1, 0 }, { 0, 2, 0 }, { 0, 2, 0 }, { 0, 0, 0 },
					      { 0, 0, 2 }, { 0, 0, 1 }, { 0, 0, 0 }, { 0, 1, 0 } };
	for (size_t o = 0; o < sizeof items / sizeof items[0]; o++) {
		size_t n = 0;
		while (n < 3 && items[o][n] != 9)
			n++;
		dlx_add_option_colored(p, items[o], colors[o], n);
	}
	return p;
}

struct seen {
	const dlx_problem *p;
	uint8_t *hit; /* 2^16 flags */
	uint64_t n;
};

static int on_solution(void *ctx, const size_t *opts, size_t n)
{
	struct seen *s = ctx;
	uint32_t m = 0;
	for (size_t k = 0; k < n; k++) {
		EXPECT(opts[k] < dlx_option_count(s->p), "option %zu", opts[k]);
		EXPECT(!(m >> opts[k] & 1), "option %zu twice", opts[k]);
		m |= 1u << opts[k];
	}
	EXPECT(is_cover(s->p, m), "not a solution: %x", (unsigned)m);
	if (s->hit) {
		EXPECT(!s->hit[m], "solution %x twice", (unsigned)m);
		s->hit[m] = 1;
	}
	s->n++;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	dlx_problem *p = problem(data[0] & 1);
	EXPECT(p && dlx_option_count(p) <= 16, "the harness's problem");
	char *buf = malloc(size);
	EXPECT(buf, "out of memory in the harness");
	memcpy(buf, data + 1, size - 1);
	FILE *f = fmemopen(buf, size - 1, "r");
	EXPECT(f || size == 1, "fmemopen failed");
	size_t lines = 0;
	for (size_t k = 1; k < size; k++)
		lines += data[k] == '\n' || (data[k] == '\r' && (k + 1 == size || data[k + 1] != '\n'));
	dlx_zdd *z = NULL;
	dlx_error_info err;
	int rc = f ? dlx_ec_zdd_read(f, p, &z, &err) : DLX_ERR_SYNTAX;
	if (f)
		fclose(f);
	if (rc == DLX_OK) {
		uint64_t want = 0;
		for (uint32_t m = 0; m < (1u << dlx_option_count(p)); m++)
			want += is_cover(p, m);
		struct seen s = { p, calloc(1u << 16, 1), 0 };
		EXPECT(s.hit, "out of memory in the harness");
		uint64_t visited;
		EXPECT(dlx_zdd_visit(z, 0, on_solution, &s, &visited) == DLX_OK, "visit");
		EXPECT(s.n <= want && visited == s.n, "%llu solutions listed, %llu exist", (unsigned long long)s.n,
		       (unsigned long long)want);
		char *c = dlx_zdd_count(z), w[24];
		snprintf(w, sizeof w, "%llu", (unsigned long long)s.n);
		EXPECT(c && !strcmp(c, w), "count %s, %s listed", c ? c : "(null)", w);
		free(c);
		free(s.hit);
		s.hit = NULL;
		s.n = 0;
		EXPECT(dlx_zdd_sample(z, 10, size, on_solution, &s) == DLX_OK, "sample");
		EXPECT(s.n == (visited ? 10 : 0), "%llu draws", (unsigned long long)s.n);
		dlx_zdd_free(z);
	} else if (f) {
		EXPECT(rc == DLX_ERR_SYNTAX, "error %d (%s): %.160s", rc, dlx_strerror(rc), err.message);
		EXPECT(z == NULL, "a diagram left after failure");
		EXPECT(err.message[0] != '\0', "empty message");
		EXPECT(err.line <= lines + 2, "line %zu of %zu: %s", err.line, lines, err.message);
	}
	free(buf);
	dlx_problem_free(p);
	return 0;
}
