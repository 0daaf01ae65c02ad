/*
 * Check suite "zdd": the diagram of all solutions (dlx_zdd_*) against
 * dlx_search()'s solutions, as sets, on thousands of random problems with
 * and without colors, both branching rules; written and read back; corrupt
 * diagrams (by hand and by thousands of random edits) refused or, when
 * accepted, still exactly the solutions; a chi-square test of the
 * sampler's uniformity; counts past 2^64; limits and refusals.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core-fixtures.h"
#include "test-trials.h"
#include "dlx-ec.h"
#include "dlx.h"

/* ck_assert() writes to Check's log on every pass: checks in hot loops only call Check when they fail. */
#define REQUIRE(cond) \
	do { \
		if (!(cond)) \
			ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #cond); \
	} while (0)

/* Solutions as sets of options: a bit per option (problems here have at most 64). */
struct sols {
	size_t n, cap;
	uint64_t *m;
	const dlx_problem *p;   /* when set, each solution is checked to be an exact cover of it */
};

static uint64_t mask_of(const size_t *options, size_t n)
{
	uint64_t m = 0;
	for (size_t k = 0; k < n; k++) {
		REQUIRE(options[k] < 64);
		REQUIRE(!(m >> options[k] & 1));
		m |= (uint64_t)1 << options[k];
	}
	return m;
}

/* Whether the options of m are a solution of p: primary items once, secondary at most once or one color. */
static bool is_solution(const dlx_problem *p, uint64_t m)
{
	size_t np = dlx_primary_count(p), ni = np + dlx_secondary_count(p);
	int64_t state[128] = { 0 };
	REQUIRE(ni <= 128);
	for (size_t o = 0; o < dlx_option_count(p); o++) {
		if (!(m >> o & 1))
			continue;
		for (size_t k = 0; k < dlx_option_size(p, o); k++) {
			size_t j = dlx_option_item(p, o, k);
			int64_t c = dlx_option_color(p, o, k);
			if (state[j] == 0)
				state[j] = c ? c : -1;
			else if (j < np || state[j] == -1 || c == 0 || state[j] != c)
				return false;
		}
	}
	for (size_t j = 0; j < np; j++)
		if (!state[j])
			return false;
	return true;
}

static int add_sol(void *ctx, const size_t *options, size_t n)
{
	struct sols *s = ctx;
	uint64_t m = mask_of(options, n);
	if (s->p)
		REQUIRE(is_solution(s->p, m));
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->m = realloc(s->m, s->cap * sizeof *s->m);
		REQUIRE(s->m);
	}
	s->m[s->n++] = m;
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* Sorts s and fails if a solution repeats. */
static void sort_distinct(struct sols *s)
{
	if (s->n < 2)
		return;
	qsort(s->m, s->n, sizeof *s->m, cmp_u64);
	for (size_t k = 1; k < s->n; k++)
		REQUIRE(s->m[k] != s->m[k - 1]);
}

static void plain_solutions(dlx_problem *p, struct sols *s)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = add_sol;
	sp.solution_ctx = s;
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	sort_distinct(s);
}

/* The diagram's solutions equal want's (sorted, distinct) and its count their number. */
static void assert_same(const dlx_zdd *z, const dlx_problem *p, const struct sols *want)
{
	struct sols got = { 0, 0, NULL, p };
	uint64_t visited;
	ck_assert_int_eq(dlx_zdd_visit(z, 0, add_sol, &got, &visited), DLX_OK);
	REQUIRE(visited == got.n);
	sort_distinct(&got);
	REQUIRE(got.n == want->n);
	for (size_t k = 0; k < got.n; k++)
		REQUIRE(got.m[k] == want->m[k]);
	char *c = dlx_zdd_count(z), buf[32];
	snprintf(buf, sizeof buf, "%zu", want->n);
	ck_assert_str_eq(c, buf);
	free(c);
	free(got.m);
}

/* A random problem as test-memo.c makes them: np primary items, ns secondary, no options, colors when n_colors > 0. */
static dlx_problem *random_problem(size_t np, size_t ns, size_t no, unsigned density, unsigned n_colors)
{
	dlx_problem *p = dlx_problem_new(np, ns);
	ck_assert_ptr_nonnull(p);
	for (size_t k = 0; k < no; k++) {
		size_t items[64], n = 0;
		uint32_t col[64];
		bool primary = false;
		for (size_t i = 0; i < np + ns; i++) {
			bool last_chance = i == np - 1 && !primary;
			if (rng() % density == 0 || last_chance) {
				items[n] = i;
				col[n] = i >= np && n_colors ? rng() % (n_colors + 1) : 0;
				primary |= i < np;
				n++;
			}
		}
		REQUIRE(dlx_add_option_colored(p, items, col, n) == (long)k);
	}
	return p;
}

/* The diagram written as text and read back: the same nodes. */
static void round_trip(const dlx_zdd *z, const dlx_problem *p)
{
	FILE *f = tmpfile();
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(dlx_ec_zdd_write(f, z, p), DLX_OK);
	rewind(f);
	dlx_zdd *back;
	dlx_error_info err;
	int rc = dlx_ec_zdd_read(f, p, &back, &err);
	ck_assert_msg(rc == DLX_OK, "read back: line %zu: %s", err.line, err.message);
	fclose(f);
	ck_assert_uint_eq(dlx_zdd_size(back), dlx_zdd_size(z));
	ck_assert_uint_eq(dlx_zdd_root(back), dlx_zdd_root(z));
	for (size_t id = 2; id < dlx_zdd_size(z) + 2; id++) {
		size_t a[3], b[3];
		REQUIRE(dlx_zdd_node(z, id, &a[0], &a[1], &a[2]) == DLX_OK);
		REQUIRE(dlx_zdd_node(back, id, &b[0], &b[1], &b[2]) == DLX_OK);
		REQUIRE(!memcmp(a, b, sizeof a));
	}
	dlx_zdd_free(back);
}

START_TEST(random_vs_search)
{
	unsigned several = 0, shared = 0;
	for (unsigned seed = 0; seed < 2500; seed++) {
		rng_seed(seed * 2654435761u + 17);
		size_t np = 1 + rng() % 14, ns = rng() % 6, no = 1 + rng() % 40;
		unsigned colors_n = rng() % 2 ? 1 + rng() % 3 : 0;
		dlx_problem *p = random_problem(np, ns, no, 2 + rng() % 4, colors_n);
		if (seed % 4 == 0)
			ck_assert_int_eq(dlx_shuffle_options(p, seed), DLX_OK);
		struct sols want = { 0, 0, NULL, p };
		plain_solutions(p, &want);
		for (int order = 0; order < 2; order++) {
			dlx_memo_params mp = { (dlx_memo_order)order, 0 };
			dlx_zdd *z;
			dlx_stats st;
			ck_assert_int_eq(dlx_zdd_build(p, NULL, &mp, &z, &st), DLX_OK);
			ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
			ck_assert_uint_eq(st.solutions, want.n);
			assert_sane(p);
			assert_same(z, p, &want);
			/* Fewer nodes than the solutions' options: sub-problems were shared. */
			size_t opts = 0;
			for (size_t k = 0; k < want.n; k++)
				opts += (size_t)__builtin_popcountll(want.m[k]);
			shared += dlx_zdd_size(z) < opts;
			if (seed % 5 == 0)
				round_trip(z, p);
			/* Every draw is one of the solutions. */
			struct sols drawn = { 0, 0, NULL, p };
			ck_assert_int_eq(dlx_zdd_sample(z, 20, seed, add_sol, &drawn), DLX_OK);
			ck_assert_uint_eq(drawn.n, want.n ? 20 : 0);
			for (size_t k = 0; k < drawn.n; k++)
				REQUIRE(want.n && bsearch(&drawn.m[k], want.m, want.n, sizeof *want.m, cmp_u64));
			free(drawn.m);
			dlx_zdd_free(z);
		}
		several += want.n > 1;
		free(want.m);
		dlx_problem_free(p);
	}
	ck_assert_uint_gt(several, 300);
	ck_assert_uint_gt(shared, 300);
}
END_TEST

/* Domino tilings of an r x c board: cells r*i + j primary, options right and down. */
static dlx_problem *dominoes(size_t r, size_t c, size_t copies)
{
	dlx_problem *p = dlx_problem_new(r * c * copies, 0);
	ck_assert_ptr_nonnull(p);
	for (size_t b = 0; b < copies; b++)
		for (size_t i = 0; i < r; i++)
			for (size_t j = 0; j < c; j++) {
				size_t cell = b * r * c + i * c + j, it[2] = { cell, cell + 1 };
				if (j + 1 < c)
					ck_assert_int_ge(dlx_add_option(p, it, 2), 0);
				it[1] = cell + c;
				if (i + 1 < r)
					ck_assert_int_ge(dlx_add_option(p, it, 2), 0);
			}
	return p;
}

/*
 * Chi-square of draws over the 36 tilings of a 4x4 board, whose subtrees in
 * the diagram have unequal counts: a sampler that took each branch with
 * probability 1/2 gives a statistic over 20000 here (tried), a uniform
 * one about 35 (its degrees of freedom).  99.9% of uniform samplers stay
 * below 66.6; the seeds are fixed, so the test is deterministic.
 */
static int tally(void *ctx, const size_t *options, size_t n)
{
	struct sols *s = ctx;
	uint64_t m = mask_of(options, n);
	uint64_t *at = bsearch(&m, s->m, s->n, sizeof *s->m, cmp_u64);
	REQUIRE(at);
	s->m[s->n + (size_t)(at - s->m)]++;
	return 0;
}

START_TEST(sample_uniform)
{
	dlx_problem *p = dominoes(4, 4, 1);
	struct sols all = { 0, 0, NULL, p };
	plain_solutions(p, &all);
	ck_assert_uint_eq(all.n, 36);
	for (int order = 0; order < 2; order++) {
		dlx_memo_params mp = { (dlx_memo_order)order, 0 };
		dlx_zdd *z;
		ck_assert_int_eq(dlx_zdd_build(p, NULL, &mp, &z, NULL), DLX_OK);
		for (uint64_t seed = 1; seed <= 3; seed++) {
			struct sols t = all;
			t.m = calloc(2 * all.n, sizeof *t.m);
			memcpy(t.m, all.m, all.n * sizeof *t.m);
			const uint64_t draws = 36000;
			ck_assert_int_eq(dlx_zdd_sample(z, draws, seed, tally, &t), DLX_OK);
			double chi = 0, e = (double)draws / (double)all.n;
			for (size_t k = 0; k < all.n; k++)
				chi += ((double)t.m[all.n + k] - e) * ((double)t.m[all.n + k] - e) / e;
			ck_assert_msg(chi < 66.6, "order %d seed %llu: chi-square %.1f over 35 degrees of freedom", order,
				      (unsigned long long)seed, chi);
			free(t.m);
		}
		/* The same seed draws the same solutions. */
		struct sols a = { 0, 0, NULL, NULL }, b = { 0, 0, NULL, NULL };
		ck_assert_int_eq(dlx_zdd_sample(z, 50, 7, add_sol, &a), DLX_OK);
		ck_assert_int_eq(dlx_zdd_sample(z, 50, 7, add_sol, &b), DLX_OK);
		ck_assert_mem_eq(a.m, b.m, 50 * sizeof *a.m);
		free(a.m);
		free(b.m);
		dlx_zdd_free(z);
	}
	free(all.m);
	dlx_problem_free(p);
}
END_TEST

/* What the draws of 28 separate 2x4 boards showed: each board's tilings seen, as masks of its 10 options. */
struct boards {
	const dlx_problem *p;
	size_t draws;
	uint16_t seen[28][8];
	size_t n_seen[28];
};

static int board_draw(void *ctx, const size_t *options, size_t n)
{
	struct boards *b = ctx;
	bool covered[224] = { false };
	uint16_t local[28] = { 0 };
	for (size_t k = 0; k < n; k++) {
		for (size_t t = 0; t < dlx_option_size(b->p, options[k]); t++) {
			size_t j = dlx_option_item(b->p, options[k], t);
			REQUIRE(!covered[j]);
			covered[j] = true;
		}
		local[options[k] / 10] |= (uint16_t)(1u << (options[k] % 10));
	}
	for (size_t j = 0; j < 224; j++)
		REQUIRE(covered[j]);
	for (size_t g = 0; g < 28; g++) {
		size_t k = 0;
		while (k < b->n_seen[g] && b->seen[g][k] != local[g])
			k++;
		if (k == b->n_seen[g]) {
			REQUIRE(k < 5);
			b->seen[g][b->n_seen[g]++] = local[g];
		}
	}
	b->draws++;
	return 0;
}

/* 28 separate 2x4 boards: 5^28 tilings, past 2^64, drawn through GMP numbers. */
START_TEST(past_2_64)
{
	dlx_problem *p = dominoes(2, 4, 28);
	ck_assert_uint_eq(dlx_option_count(p), 280);
	for (int order = 0; order < 2; order++) {
		dlx_zdd *z;
		dlx_memo_params mp = { (dlx_memo_order)order, 0 };
		dlx_stats st;
		ck_assert_int_eq(dlx_zdd_build(p, NULL, &mp, &z, &st), DLX_OK);
		ck_assert_uint_eq(st.solutions, UINT64_MAX);
		char *c = dlx_zdd_count(z);
		ck_assert_str_eq(c, "37252902984619140625"); /* 5^28 */
		free(c);
		round_trip(z, p);
		struct boards b;
		memset(&b, 0, sizeof b);
		b.p = p;
		ck_assert_int_eq(dlx_zdd_sample(z, 400, 3, board_draw, &b), DLX_OK);
		ck_assert_uint_eq(b.draws, 400);
		for (size_t g = 0; g < 28; g++)
			ck_assert_uint_eq(b.n_seen[g], 5);
		/* A listing stops where asked. */
		uint64_t visited;
		ck_assert_int_eq(dlx_zdd_visit(z, 1000, board_draw, &b, &visited), DLX_OK);
		ck_assert_uint_eq(visited, 1000);
		dlx_zdd_free(z);
	}
	dlx_problem_free(p);
}
END_TEST

/* Known domino counts (10x10 in 64 bits, 12x12 too), and the diagram's count equals the memoized count. */
START_TEST(domino_counts)
{
	static const struct {
		size_t n;
		const char *count;
	} known[] = { { 8, "12988816" }, { 10, "258584046368" }, { 12, "53060477521960000" } };
	for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
		dlx_problem *p = dominoes(known[k].n, known[k].n, 1);
		dlx_memo_params mp = { DLX_MEMO_FIRST, 0 };
		dlx_zdd *z;
		ck_assert_int_eq(dlx_zdd_build(p, NULL, &mp, &z, NULL), DLX_OK);
		char *c = dlx_zdd_count(z), *m;
		ck_assert_str_eq(c, known[k].count);
		ck_assert_int_eq(dlx_memo_count(p, NULL, &mp, NULL, &m, NULL, NULL), DLX_OK);
		ck_assert_str_eq(c, m);
		free(c);
		free(m);
		dlx_zdd_free(z);
		dlx_problem_free(p);
	}
}
END_TEST

/* The text of z as dlx_ec_zdd_write() makes it, malloc'd. */
static char *diagram_text(const dlx_zdd *z, const dlx_problem *p)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(dlx_ec_zdd_write(f, z, p), DLX_OK);
	fclose(f);
	return buf;
}

/* Reads text as a diagram of p: the code, the error's line in *line, the diagram (or NULL) in *z. */
static int read_text(const char *text, const dlx_problem *p, dlx_zdd **z, size_t *line)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	ck_assert_ptr_nonnull(f);
	dlx_error_info err;
	int rc = dlx_ec_zdd_read(f, p, z, &err);
	fclose(f);
	if (rc)
		ck_assert_ptr_null(*z);
	if (rc == DLX_ERR_SYNTAX)
		ck_assert_msg(err.message[0], "no message");
	*line = err.line;
	return rc;
}

/* text with its line `line` (1-based) replaced by `with` (NULL: removed), malloc'd. */
static char *edit_line(const char *text, size_t line, const char *with)
{
	char *out = malloc(strlen(text) + (with ? strlen(with) : 0) + 2), *o = out;
	ck_assert_ptr_nonnull(out);
	size_t at = 1;
	for (const char *s = text; *s;) {
		const char *e = strchr(s, '\n');
		size_t n = e ? (size_t)(e - s) + 1 : strlen(s);
		if (at == line) {
			if (with)
				o += sprintf(o, "%s\n", with);
		} else {
			memcpy(o, s, n);
			o += n;
		}
		s += n;
		at++;
	}
	*o = '\0';
	return out;
}

START_TEST(corrupt_files)
{
	dlx_problem *p = dominoes(4, 4, 1), *other = dominoes(4, 5, 1);
	struct sols all = { 0, 0, NULL, p };
	plain_solutions(p, &all);
	dlx_zdd *z;
	dlx_memo_params mp = { DLX_MEMO_MRV, 0 };
	ck_assert_int_eq(dlx_zdd_build(p, NULL, &mp, &z, NULL), DLX_OK);
	char *text = diagram_text(z, p);
	size_t n = dlx_zdd_size(z), line;
	dlx_zdd *back;
	ck_assert_int_eq(read_text(text, p, &back, &line), DLX_OK);
	dlx_zdd_free(back);
	/* Whole-file faults, with the line they are on. */
	ck_assert_int_eq(read_text("", p, &back, &line), DLX_ERR_SYNTAX);
	ck_assert_int_eq(read_text(text, other, &back, &line), DLX_ERR_SYNTAX);
	ck_assert_uint_eq(line, 1);
	char *t = edit_line(text, n + 1, NULL);
	ck_assert_int_eq(read_text(t, p, &back, &line), DLX_ERR_SYNTAX);
	ck_assert_uint_eq(line, n + 1);
	free(t);
	t = malloc(strlen(text) + 16);
	sprintf(t, "%s1 2 3 4\n", text);
	ck_assert_int_eq(read_text(t, p, &back, &line), DLX_ERR_SYNTAX);
	ck_assert_uint_eq(line, n + 2);
	free(t);
	t = edit_line(text, 3, "2 0 0 1");
	ck_assert_int_eq(read_text(t, p, &back, &line), DLX_ERR_SYNTAX);
	ck_assert_uint_eq(line, 3);
	free(t);
	static const char *const headers[] = {
		"dlx-zdd 2 items 16 0 options 24 nodes 1 root 2 count 1 fingerprint 0000000000000000",
		"dlx-zdd 1 items 16 0 options 24 nodes 1 root 2 count 1",
		"dlx-zdd 1 items 16 0 options 24 nodes 1 root 2 count 01 fingerprint 0000000000000000",
		"zdd 1",
	};
	for (size_t k = 0; k < sizeof headers / sizeof headers[0]; k++) {
		t = edit_line(text, 1, headers[k]);
		ck_assert_int_eq(read_text(t, p, &back, &line), DLX_ERR_SYNTAX);
		ck_assert_uint_eq(line, 1);
		free(t);
	}
	/*
	 * Random edits of one node's field, and random characters: each file is
	 * refused, or is a diagram of exactly the solutions (the checks make any
	 * accepted diagram's ways distinct solutions, the header's count all of them).
	 */
	unsigned refused = 0, accepted = 0;
	rng_seed(99);
	for (unsigned trial = 0; trial < 3000; trial++) {
		char *m = strdup(text);
		if (trial % 2) {
			size_t id = 2 + rng() % n, field = rng() % 4;
			size_t v[4];
			ck_assert_int_eq(dlx_zdd_node(z, id, &v[1], &v[2], &v[3]), DLX_OK);
			v[0] = id;
			v[field] = rng() % (field == 1 ? dlx_option_count(p) + 1 : n + 3);
			char nl[96];
			snprintf(nl, sizeof nl, "%zu %zu %zu %zu", v[0], v[1], v[2], v[3]);
			free(m);
			m = edit_line(text, id, nl);
		} else {
			m[rng() % strlen(m)] = "0123456789 \nx-"[rng() % 14];
		}
		int rc = read_text(m, p, &back, &line);
		if (rc) {
			ck_assert_int_eq(rc, DLX_ERR_SYNTAX);
			refused++;
		} else {
			assert_same(back, p, &all);
			dlx_zdd_free(back);
			accepted++;
		}
		free(m);
	}
	ck_assert_uint_gt(refused, 2000);
	/* A file that cannot be read says why, as the problem reader does (it said only "read error"). */
	FILE *dir = fopen(".", "r");
	if (dir) {
		dlx_error_info err;
		ck_assert_int_eq(dlx_ec_zdd_read(dir, p, &back, &err), DLX_ERR_IO);
		ck_assert_ptr_null(back);
		ck_assert_str_eq(err.message, "read error: Is a directory");
		fclose(dir);
	}
	free(text);
	free(all.m);
	dlx_zdd_free(z);
	dlx_problem_free(p);
	dlx_problem_free(other);
}
END_TEST

/* Diagrams made by hand: dlx_zdd_from_nodes() refuses ways that are no solution or repeat one. */
START_TEST(from_nodes_checks)
{
	/* Items 0, 1 primary, 2 secondary; options {0}, {1}, {0 1}, {0 2}, {1 2}. */
	dlx_problem *p = dlx_problem_new(2, 1);
	size_t o0[] = { 0 }, o1[] = { 1 }, o2[] = { 0, 1 }, o3[] = { 0, 2 }, o4[] = { 1, 2 };
	ck_assert_int_eq(dlx_add_option(p, o0, 1), 0);
	ck_assert_int_eq(dlx_add_option(p, o1, 1), 1);
	ck_assert_int_eq(dlx_add_option(p, o2, 2), 2);
	ck_assert_int_eq(dlx_add_option(p, o3, 2), 3);
	ck_assert_int_eq(dlx_add_option(p, o4, 2), 4);
	static const struct {
		size_t n, opt[3], lo[3], hi[3], root;
		int rc;
		size_t bad;
	} cases[] = {
		{ 3, { 1, 2, 0 }, { 0, 0, 3 }, { 1, 1, 2 }, 4, DLX_OK, 0 },          /* {0,1}, {01} */
		{ 3, { 1, 2, 0 }, { 0, 0, 3 }, { 1, 1, 2 }, 3, DLX_OK, 0 },          /* {01} alone */
		{ 3, { 1, 0, 0 }, { 0, 0, 3 }, { 1, 2, 2 }, 4, DLX_ERR_SYNTAX, 2 },  /* option 0 twice in a chain */
		{ 2, { 0, 2 }, { 0, 0 }, { 1, 2 }, 3, DLX_ERR_SYNTAX, 1 },           /* item 0 twice */
		{ 1, { 0 }, { 0 }, { 1 }, 2, DLX_ERR_SYNTAX, 1 },                    /* item 1 never */
		{ 2, { 4, 3 }, { 0, 0 }, { 1, 2 }, 3, DLX_ERR_SYNTAX, 1 },           /* secondary item twice */
		{ 2, { 1, 0 }, { 0, 0 }, { 1, 0 }, 3, DLX_ERR_SYNTAX, 1 },           /* hi 0 */
		{ 2, { 1, 0 }, { 0, 3 }, { 1, 2 }, 3, DLX_ERR_SYNTAX, 1 },           /* lo not below */
		{ 2, { 1, 5 }, { 0, 0 }, { 1, 2 }, 3, DLX_ERR_SYNTAX, 1 },           /* no option 5 */
		{ 2, { 1, 0 }, { 0, 2 }, { 1, 2 }, 3, DLX_ERR_SYNTAX, 1 },           /* lo's items differ */
		{ 1, { 0 }, { 0 }, { 1 }, 1, DLX_ERR_SYNTAX, 1 },                    /* root top, items left */
		{ 1, { 0 }, { 0 }, { 1 }, 0, DLX_OK, 0 },                            /* root bottom: none */
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		dlx_zdd *z;
		size_t bad;
		int rc = dlx_zdd_from_nodes(p, cases[k].n, cases[k].opt, cases[k].lo, cases[k].hi, cases[k].root, &z, &bad);
		ck_assert_msg(rc == cases[k].rc, "case %zu: %d", k, rc);
		if (rc) {
			ck_assert_ptr_null(z);
			ck_assert_uint_eq(bad, cases[k].bad);
		}
		dlx_zdd_free(z);
	}
	/* Colors: a secondary item twice with one color is fine, with two is not. */
	dlx_problem *q = dlx_problem_new(2, 1);
	uint32_t c1[] = { 0, 1 }, c2[] = { 0, 2 };
	ck_assert_int_eq(dlx_add_option_colored(q, o3, c1, 2), 0);
	ck_assert_int_eq(dlx_add_option_colored(q, o4, c1, 2), 1);
	ck_assert_int_eq(dlx_add_option_colored(q, o4, c2, 2), 2);
	size_t opt[] = { 1, 0 }, lo[] = { 0, 0 }, hi[] = { 1, 2 }, opt2[] = { 2, 0 };
	dlx_zdd *z;
	ck_assert_int_eq(dlx_zdd_from_nodes(q, 2, opt, lo, hi, 3, &z, NULL), DLX_OK);
	dlx_zdd_free(z);
	ck_assert_int_eq(dlx_zdd_from_nodes(q, 2, opt2, lo, hi, 3, &z, NULL), DLX_ERR_SYNTAX);
	ck_assert_int_eq(dlx_zdd_from_nodes(NULL, 0, NULL, NULL, NULL, 0, &z, NULL), DLX_ERR_INVALID);
	dlx_problem_free(q);
	dlx_problem_free(p);
}
END_TEST

/*
 * The rules of dlx_zdd_from_nodes() written out plainly, as the library
 * once checked them: a bit per primary item and a color per secondary
 * item for every node.  The library now keeps each node's primary items as
 * the id of a shared trie (or as words, up to 256 items) and walks the
 * chains and the secondary items apart, in memory linear in the nodes; it
 * must refuse the same diagrams at the same first node.
 */
static int reference_check(const dlx_problem *p, size_t n, const size_t *opt, const size_t *lo, const size_t *hi,
			   size_t root, size_t *bad)
{
	const size_t np = dlx_primary_count(p), ns = dlx_secondary_count(p), total = n + 2;
	const uint32_t any = UINT32_MAX;
	bool *items = calloc(total * (np + 1), 1), *common = calloc(total * (np + 1), 1);
	uint32_t *sec = calloc(total * (ns + 1), sizeof *sec);
	REQUIRE(items && common && sec);
	int rc = DLX_ERR_SYNTAX;
	for (size_t k = 0; k < n; k++) {
		size_t id = k + 2;
		if (opt[k] >= dlx_option_count(p) || lo[k] >= id || hi[k] >= id || hi[k] == 0) {
			*bad = k;
			goto out;
		}
	}
	if (root >= total) {
		*bad = n;
		goto out;
	}
	for (size_t id = 2; id < total; id++) {
		size_t k = id - 2, o = opt[k], l = lo[k], h = hi[k];
		bool *it = items + id * np, *cm = common + id * np;
		uint32_t *sc = sec + id * ns;
		*bad = k;
		memcpy(it, items + h * np, np);
		for (size_t j = 0; j < ns; j++) {
			uint32_t a = sec[h * ns + j], b = sec[l * ns + j];
			sc[j] = !a ? b : !b ? a : a == b ? a : any;
		}
		for (size_t t = 0; t < dlx_option_size(p, o); t++) {
			size_t j = dlx_option_item(p, o, t);
			uint32_t c = dlx_option_color(p, o, t);
			if (j < np) {
				if (it[j])
					goto out;
				it[j] = cm[j] = true;
				continue;
			}
			uint32_t under = sec[h * ns + j - np], mine = c ? c : any;
			if (under && (!c || under != c))
				goto out;
			sc[j - np] = !sc[j - np] ? mine : sc[j - np] == mine ? mine : any;
		}
		if (l != 0 && (l == 1 || opt[l - 2] <= o || memcmp(items + l * np, it, np)))
			goto out;
		bool shared = false;
		for (size_t j = 0; j < np; j++)
			shared |= cm[j] = cm[j] && (l == 0 || common[l * np + j]);
		if (!shared)
			goto out;
	}
	*bad = n;
	if (root == 1 && np)
		goto out;
	for (size_t j = 0; root > 1 && j < np; j++)
		if (!items[root * np + j])
			goto out;
	rc = DLX_OK;
	*bad = 0;
out:
	free(items);
	free(common);
	free(sec);
	return rc;
}

/*
 * Thousands of diagrams of random problems, built and then edited at
 * random (an option, a child, the root changed; nodes added; options
 * swapped), checked by the library and by the rules above: the same
 * verdicts, the same first wrong node.  Problems of up to 70 primary items
 * and of 257 to 320 (the tries past 256 items, each item with an option of
 * its own so that there are solutions), with colors.
 */
START_TEST(check_matches_reference)
{
	rng_seed(20261127);
	size_t refused = 0, accepted = 0, big = 0;
	/* Under memcheck 200 trials: every path of the check, with a share of each outcome. */
	const int trials = (int)test_trials_min(1500, 200);
	for (int trial = 0; trial < trials; trial++) {
		bool wide = trial % 4 == 3;
		size_t np = wide ? 257 + rng() % 64 : 1 + rng() % (trial % 2 ? 70 : 6), ns = rng() % 5;
		dlx_problem *p = wide ? dlx_problem_new(np, ns) : random_problem(np, ns, 2 + rng() % 14, 2 + rng() % 4, 2);
		ck_assert_ptr_nonnull(p);
		if (wide) {
			for (size_t j = 0; j < np; j++)
				REQUIRE(dlx_add_option(p, &j, 1) >= 0);
			for (size_t k = 0; k < 12; k++) {
				size_t its[3] = { rng() % np, rng() % np, np + (ns ? rng() % ns : 0) };
				uint32_t col[3] = { 0, 0, 1 + rng() % 2 };
				size_t m = its[0] == its[1] ? 1 : 2;
				if (ns)
					its[m] = its[2], col[m] = col[2], m++;
				REQUIRE(dlx_add_option_colored(p, its, col, m) >= 0);
			}
		}
		dlx_zdd *z;
		REQUIRE(dlx_zdd_build(p, NULL, NULL, &z, NULL) == DLX_OK && z);
		size_t n = dlx_zdd_size(z), root = dlx_zdd_root(z), cap = n + 3;
		size_t *opt = malloc(cap * sizeof *opt), *lo = malloc(cap * sizeof *lo), *hi = malloc(cap * sizeof *hi);
		size_t *o2 = malloc(cap * sizeof *o2), *l2 = malloc(cap * sizeof *l2), *h2 = malloc(cap * sizeof *h2);
		REQUIRE(opt && lo && hi && o2 && l2 && h2);
		for (size_t k = 0; k < n; k++)
			REQUIRE(dlx_zdd_node(z, k + 2, &opt[k], &lo[k], &hi[k]) == DLX_OK);
		dlx_zdd_free(z);
		big += wide && n > 300;
		for (int edit = 0; edit < 8; edit++) {
			size_t n2 = n, root2 = root;
			memcpy(o2, opt, n * sizeof *o2);
			memcpy(l2, lo, n * sizeof *l2);
			memcpy(h2, hi, n * sizeof *h2);
			for (int e = edit ? 1 + rng() % 3 : 0; e > 0; e--) {
				size_t k = n2 ? rng() % n2 : 0;
				switch (rng() % 6) {
				case 0: if (n2) o2[k] = rng() % dlx_option_count(p); break;
				case 1: if (n2) l2[k] = rng() % (k + 2); break;
				case 2: if (n2) h2[k] = 1 + rng() % (k + 1); break;
				case 3: root2 = rng() % (n2 + 2); break;
				case 4:
					if (n2 < cap) {
						o2[n2] = rng() % dlx_option_count(p);
						l2[n2] = rng() % (n2 + 2);
						h2[n2] = 1 + rng() % (n2 + 1);
						n2++;
						if (rng() % 2)
							root2 = n2 + 1;
					}
					break;
				default:
					if (n2) {
						size_t a = rng() % n2, t = o2[a];
						o2[a] = o2[k];
						o2[k] = t;
					}
				}
			}
			size_t bad = 7, want_bad = 7;
			int rc = dlx_zdd_from_nodes(p, n2, o2, l2, h2, root2, &z, &bad);
			int want = reference_check(p, n2, o2, l2, h2, root2, &want_bad);
			ck_assert_msg(rc == want, "trial %d edit %d: %d, the rules say %d", trial, edit, rc, want);
			if (rc) {
				ck_assert_msg(bad == want_bad, "trial %d edit %d: node %zu, the rules say %zu", trial, edit,
					      bad, want_bad);
				refused++;
			} else {
				accepted++;
			}
			dlx_zdd_free(z);
		}
		free(opt), free(lo), free(hi), free(o2), free(l2), free(h2);
		dlx_problem_free(p);
	}
	ck_assert_uint_gt(refused, (size_t)trials * 2);
	ck_assert_uint_gt(accepted, (size_t)trials * 2);
	ck_assert_uint_gt(big, (size_t)trials / 15);
}
END_TEST

static int stop_at_once(void *ctx, const dlx_stats *so_far)
{
	(void)so_far;
	return ++*(int *)ctx >= 2;
}

static int no_solution_fn(void *ctx, const size_t *options, size_t n)
{
	(void)ctx;
	(void)options;
	(void)n;
	return 0;
}

/* Limits, polls and a budget too small make no diagram and leave the problem as it was; refusals. */
START_TEST(limits_and_refusals)
{
	dlx_problem *p = dominoes(6, 6, 1);
	dlx_zdd *z = (dlx_zdd *)1;
	dlx_stats st;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = 10;
	ck_assert_int_eq(dlx_zdd_build(p, &sp, NULL, &z, &st), DLX_OK);
	ck_assert_ptr_null(z);
	ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
	assert_sane(p);
	int polls = 0;
	sp = (dlx_search_params)DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = stop_at_once;
	sp.poll_ctx = &polls;
	sp.poll_interval = 3;
	ck_assert_int_eq(dlx_zdd_build(p, &sp, NULL, &z, &st), DLX_OK);
	ck_assert_ptr_null(z);
	ck_assert_int_eq(st.stop, DLX_STOP_POLL);
	assert_sane(p);
	/* A budget too small: refused, never a partial diagram. */
	dlx_memo_params small = { DLX_MEMO_MRV, 20000 };
	ck_assert_int_eq(dlx_zdd_build(p, NULL, &small, &z, &st), DLX_ERR_NOMEM);
	ck_assert_ptr_null(z);
	assert_sane(p);
	ck_assert_int_eq(dlx_zdd_build(p, NULL, NULL, &z, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 6728);
	dlx_zdd_free(z);
	sp = (dlx_search_params)DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = 3;
	ck_assert_int_eq(dlx_zdd_build(p, &sp, NULL, &z, NULL), DLX_ERR_INVALID);
	sp.solution_limit = 0;
	sp.on_solution = no_solution_fn;
	ck_assert_int_eq(dlx_zdd_build(p, &sp, NULL, &z, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_zdd_build(NULL, NULL, NULL, &z, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_force_option(p, 0), DLX_OK);
	ck_assert_int_eq(dlx_zdd_build(p, NULL, NULL, &z, NULL), DLX_ERR_STATE);
	dlx_release_forced(p);
	/*
	 * Items with bounds: the frontier search's diagram, with the plain
	 * search's count; one node taking option 0 alone leaves items below
	 * their lower bounds, which the check finds at the root.
	 */
	ck_assert_int_eq(dlx_set_item_bounds(p, 0, 0, 1), DLX_OK);
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	uint64_t bounded = st.solutions;
	ck_assert_uint_ge(bounded, 6728);
	ck_assert_int_eq(dlx_zdd_build(p, NULL, NULL, &z, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, bounded);
	dlx_zdd_free(z);
	size_t one_opt = 0, bottom = 0, top = 1, bad = 7;
	ck_assert_int_eq(dlx_zdd_from_nodes(p, 1, &one_opt, &bottom, &top, 2, &z, &bad), DLX_ERR_SYNTAX);
	ck_assert_uint_eq(bad, 1);
	ck_assert_ptr_null(z);
	ck_assert_int_eq(dlx_set_item_bounds(p, 0, 1, 1), DLX_OK);
	ck_assert_int_eq(dlx_zdd_build(p, NULL, NULL, &z, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 6728);
	dlx_zdd_free(z);
	ck_assert_int_eq(dlx_zdd_visit(NULL, 0, no_solution_fn, NULL, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_zdd_sample(NULL, 1, 0, no_solution_fn, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_zdd_node(NULL, 2, NULL, NULL, NULL), DLX_ERR_INVALID);
	dlx_problem_free(p);
	/* No solution: root bottom, nothing drawn or listed; no primary item: the empty solution. */
	dlx_problem *none = dlx_problem_new(2, 0);
	size_t it[] = { 0 };
	ck_assert_int_eq(dlx_add_option(none, it, 1), 0);
	ck_assert_int_eq(dlx_zdd_build(none, NULL, NULL, &z, NULL), DLX_OK);
	ck_assert_uint_eq(dlx_zdd_root(z), 0);
	struct sols s = { 0, 0, NULL, NULL };
	ck_assert_int_eq(dlx_zdd_sample(z, 5, 0, add_sol, &s), DLX_OK);
	ck_assert_int_eq(dlx_zdd_visit(z, 0, add_sol, &s, NULL), DLX_OK);
	ck_assert_uint_eq(s.n, 0);
	char *c = dlx_zdd_count(z);
	ck_assert_str_eq(c, "0");
	free(c);
	round_trip(z, none);
	dlx_zdd_free(z);
	dlx_problem_free(none);
	dlx_problem *empty = dlx_problem_new(0, 1);
	ck_assert_int_eq(dlx_zdd_build(empty, NULL, NULL, &z, NULL), DLX_OK);
	ck_assert_uint_eq(dlx_zdd_root(z), 1);
	ck_assert_int_eq(dlx_zdd_visit(z, 0, add_sol, &s, NULL), DLX_OK);
	ck_assert_uint_eq(s.n, 1);
	dlx_zdd_free(z);
	dlx_problem_free(empty);
	free(s.m);
}
END_TEST

static Suite *zdd_suite(void)
{
	Suite *s = suite_create("zdd");
	TCase *tc = tcase_create("zdd");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, random_vs_search);
	tcase_add_test(tc, sample_uniform);
	tcase_add_test(tc, past_2_64);
	tcase_add_test(tc, domino_counts);
	tcase_add_test(tc, corrupt_files);
	tcase_add_test(tc, from_nodes_checks);
	tcase_add_test(tc, check_matches_reference);
	tcase_add_test(tc, limits_and_refusals);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(zdd_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
