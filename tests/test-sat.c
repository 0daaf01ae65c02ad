/*
 * The SAT engine (dlx_search_sat()) against dancing links: on thousands of
 * small random problems (primary and secondary items, colors, forced
 * options), in every encoding of "at most one", it finds a solution
 * exactly when dlx_search() does; every solution it reports passes a
 * checker of its own (each primary item covered once, secondary ones at
 * most once or all in one color, the forced options first); enumerated to
 * the end its solutions are dlx_search()'s, as sets of options, and so is
 * their count; solution_limit, on_solution's stop, node_limit (conflicts)
 * and polls stop it with dlx_search()'s stop reasons; the problem is left
 * as it was.  A planted bug (the primary items' "at most one" left out) is
 * caught by the checker.  Built without CaDiCaL, the suite checks the
 * error the engine then gives.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core-fixtures.h"
#include "test-trials.h"
#include "dlx-internal.h"
#include "dlx.h"

/* Solutions as rows of a flat log: the length, then the options sorted. */
struct log {
	size_t *v;
	size_t n, cap, solutions;
	/* For the checker: the problem and its forced options, which each solution must start with. */
	const dlx_problem *p;
	const size_t *forced;
	size_t n_forced;
	bool bad;               /* some solution failed the checker */
	size_t stop_after;      /* on_solution returns 1 after this many; 0 never */
};

static void log_push(struct log *l, size_t x)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 256;
		l->v = realloc(l->v, l->cap * sizeof *l->v);
		ck_assert_ptr_nonnull(l->v);
	}
	l->v[l->n++] = x;
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

/*
 * The checker, which shares nothing with the engines: every primary item
 * covered exactly once, every secondary item at most once or only by
 * options that all give it the same color, no option twice, the forced
 * options first in their order.
 */
static bool valid_solution(const dlx_problem *p, const size_t *forced, size_t n_forced, const size_t *opts, size_t n)
{
	size_t np = dlx_primary_count(p), ni = np + dlx_secondary_count(p);
	if (n < n_forced || (n_forced && memcmp(opts, forced, n_forced * sizeof *opts) != 0))
		return false;
	size_t *uses = calloc(ni + 1, sizeof *uses);
	uint32_t *color = calloc(ni + 1, sizeof *color);
	ck_assert(uses && color);
	bool ok = true;
	for (size_t k = 0; k < n && ok; k++) {
		ok = opts[k] < dlx_option_count(p);
		for (size_t j = 0; j < k && ok; j++)
			ok = opts[j] != opts[k];
		for (size_t t = 0; ok && t < dlx_option_size(p, opts[k]); t++) {
			size_t it = dlx_option_item(p, opts[k], t);
			uint32_t c = dlx_option_color(p, opts[k], t);
			if (uses[it]++ == 0)
				color[it] = c;
			else
				ok = it >= np && c != 0 && color[it] == c;
		}
	}
	for (size_t it = 0; it < np && ok; it++)
		ok = uses[it] == 1;
	free(uses);
	free(color);
	return ok;
}

static int log_cb(void *ctx, const size_t *opts, size_t n)
{
	struct log *l = ctx;
	if (l->p && !valid_solution(l->p, l->forced, l->n_forced, opts, n))
		l->bad = true;
	size_t at = l->n;
	log_push(l, n);
	for (size_t k = 0; k < n; k++)
		log_push(l, opts[k]);
	qsort(l->v + at + 1, n, sizeof *l->v, cmp_size);
	l->solutions++;
	return l->stop_after && l->solutions >= l->stop_after;
}

/* The log's solutions as a sorted array of pointers to its rows, for comparing sets. */
static const size_t **rows_of(const struct log *l)
{
	const size_t **rows = malloc((l->solutions + 1) * sizeof *rows);
	ck_assert_ptr_nonnull(rows);
	size_t k = 0;
	for (size_t at = 0; at < l->n; at += 1 + l->v[at])
		rows[k++] = l->v + at;
	ck_assert_uint_eq(k, l->solutions);
	return rows;
}

static int cmp_row(const void *a, const void *b)
{
	const size_t *x = *(const size_t *const *)a, *y = *(const size_t *const *)b;
	if (x[0] != y[0])
		return x[0] < y[0] ? -1 : 1;
	for (size_t k = 1; k <= x[0]; k++)
		if (x[k] != y[k])
			return x[k] < y[k] ? -1 : 1;
	return 0;
}

/* The same solutions, as sets of option sets, each once. */
static void assert_same_sets(const struct log *a, const struct log *b)
{
	ck_assert_uint_eq(a->solutions, b->solutions);
	const size_t **ra = rows_of(a), **rb = rows_of(b);
	qsort(ra, a->solutions, sizeof *ra, cmp_row);
	qsort(rb, b->solutions, sizeof *rb, cmp_row);
	for (size_t k = 0; k < a->solutions; k++) {
		ck_assert_int_eq(cmp_row(&ra[k], &rb[k]), 0);
		if (k)
			ck_assert_int_ne(cmp_row(&rb[k - 1], &rb[k]), 0);
	}
	free(ra);
	free(rb);
}

/* Every solution of b is one of a's. */
static void assert_subset(const struct log *a, const struct log *b)
{
	const size_t **ra = rows_of(a), **rb = rows_of(b);
	qsort(ra, a->solutions, sizeof *ra, cmp_row);
	for (size_t k = 0; k < b->solutions; k++)
		ck_assert_ptr_nonnull(bsearch(&rb[k], ra, a->solutions, sizeof *ra, cmp_row));
	free(ra);
	free(rb);
}

/*
 * A random problem: np primary and ns secondary items, options of 1-5
 * items, most with a primary item first, some of secondary items only;
 * with colors, secondary items colored 0-2.
 */
static dlx_problem *random_problem(size_t np, size_t ns, size_t no, bool colors)
{
	dlx_problem *p = dlx_problem_new(np, ns);
	ck_assert_ptr_nonnull(p);
	for (size_t o = 0; o < no; o++) {
		size_t items[5];
		uint32_t col[5];
		size_t n = 1 + rng() % 5;
		bool secondary_only = ns && rng() % 16 == 0;
		items[0] = secondary_only ? np + rng() % ns : rng() % np;
		col[0] = colors && items[0] >= np ? rng() % 3 : 0;
		size_t k = 1;
		while (k < n) {
			size_t it = rng() % (np + ns);
			bool dup = false;
			for (size_t j = 0; j < k; j++)
				dup |= items[j] == it;
			if (dup)
				break;
			items[k] = it;
			col[k] = colors && it >= np ? rng() % 3 : 0;
			k++;
		}
		ck_assert_int_ge(dlx_add_option_colored(p, items, col, k), 0);
	}
	return p;
}

/* The encodings the loop cycles through: the default, then each "at most one" from small groups up. */
static struct dlx__sat_config config_of(unsigned k)
{
	struct dlx__sat_config c = dlx__sat_default;
	switch (k % 5) {
	case 1: c.amo = DLX__SAT_AMO_SEQUENTIAL; c.pairwise_max = 1; break;
	case 2: c.amo = DLX__SAT_AMO_PRODUCT; c.pairwise_max = 1; break;
	case 3: c.amo = DLX__SAT_AMO_PRODUCT; c.pairwise_max = 3; c.sat_options = false; break;
	case 4: c.amo = DLX__SAT_AMO_PAIRWISE; break;
	default: break;
	}
	return c;
}

/* The SAT engine's log of p under params and cfg; its stats in *st. */
static void sat_log(dlx_problem *p, const dlx_search_params *params, const struct dlx__sat_config *cfg,
	struct log *l, dlx_stats *st)
{
	dlx_search_params sp = *params;
	sp.on_solution = log_cb;
	sp.solution_ctx = l;
	dlx_sat_stats ss;
	ck_assert_int_eq(dlx__search_sat_with(p, &sp, st, &ss, cfg), DLX_OK);
	ck_assert_uint_eq(st->nodes, 0);
	ck_assert_uint_eq(st->updates, 0);
	ck_assert(st->stop != DLX_STOP_COMPLETE || st->progress == 1.0);
	ck_assert_uint_ge(ss.calls, st->solutions);
}

static void dlx_log(dlx_problem *p, const dlx_search_params *params, struct log *l, dlx_stats *st)
{
	dlx_search_params sp = *params;
	sp.on_solution = log_cb;
	sp.solution_ctx = l;
	ck_assert_int_eq(dlx_search(p, &sp, st), DLX_OK);
}

/* Compares the engines on p (with its forced options) under the encoding cfg. */
static void assert_engines_agree(dlx_problem *p, const size_t *forced, size_t n_forced,
	const struct dlx__sat_config *cfg)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	struct log want = { 0 }, got = { 0 };
	want.p = got.p = p;
	want.forced = got.forced = forced;
	want.n_forced = got.n_forced = n_forced;
	dlx_stats ws, gs;
	dlx_log(p, &sp, &want, &ws);
	ck_assert(!want.bad);
	ck_assert_int_eq(ws.stop, DLX_STOP_COMPLETE);
	/* To exhaustion: the same set, the same count, nothing invalid. */
	sat_log(p, &sp, cfg, &got, &gs);
	ck_assert_msg(!got.bad, "the SAT engine reported an invalid solution");
	ck_assert_int_eq(gs.stop, DLX_STOP_COMPLETE);
	ck_assert_uint_eq(gs.solutions, ws.solutions);
	assert_same_sets(&want, &got);
	assert_sane(p);
	/* The first solution only: one exactly when there is one. */
	free(got.v);
	memset(&got, 0, sizeof got);
	got.p = p, got.forced = forced, got.n_forced = n_forced;
	sp.solution_limit = 1;
	sat_log(p, &sp, cfg, &got, &gs);
	ck_assert(!got.bad);
	ck_assert_uint_eq(gs.solutions, ws.solutions ? 1 : 0);
	ck_assert_int_eq(gs.stop, ws.solutions ? DLX_STOP_LIMIT : DLX_STOP_COMPLETE);
	assert_subset(&want, &got);
	/* A limit of L: min(L, all) solutions, LIMIT when it was reached, as dlx_search(). */
	uint64_t limit = 2 + rng() % 4;
	free(got.v);
	memset(&got, 0, sizeof got);
	sp.solution_limit = limit;
	sat_log(p, &sp, cfg, &got, &gs);
	dlx_stats ls;
	struct log lim = { 0 };
	dlx_log(p, &sp, &lim, &ls);
	ck_assert_uint_eq(gs.solutions, ls.solutions);
	ck_assert_int_eq(gs.stop, ls.stop);
	assert_subset(&want, &got);
	/* on_solution's stop after k: CALLBACK with k solutions, when there are k. */
	free(got.v);
	memset(&got, 0, sizeof got);
	sp.solution_limit = 0;
	got.stop_after = 1 + rng() % 3;
	sat_log(p, &sp, cfg, &got, &gs);
	if (ws.solutions >= got.stop_after) {
		ck_assert_int_eq(gs.stop, DLX_STOP_CALLBACK);
		ck_assert_uint_eq(gs.solutions, got.stop_after);
	} else {
		ck_assert_int_eq(gs.stop, DLX_STOP_COMPLETE);
	}
	assert_sane(p);
	free(want.v);
	free(got.v);
	free(lim.v);
}

/*
 * One trial; the trials loop inside one test rather than as Check's loop
 * tests, whose fork per iteration cost an ASan build more than its
 * trials (2,000 forks: over ten minutes in CI's sanitizer step).
 */
static void random_problem_trial(int trial)
{
	rng_seed(7000 + (uint64_t)trial);
	bool colors = trial % 2;
	dlx_problem *p = random_problem(2 + rng() % 8, rng() % 5, 3 + rng() % 45, colors);
	struct dlx__sat_config cfg = config_of((unsigned)trial / 2);
	assert_engines_agree(p, NULL, 0, &cfg);
	/* Forced options, a few tried at random: the engine sees the problem they leave. */
	size_t forced[3], n_forced = 0;
	for (int t = 0; t < 3 && dlx_option_count(p); t++) {
		size_t opt = rng() % dlx_option_count(p);
		if (dlx_force_option(p, opt) == DLX_OK)
			forced[n_forced++] = opt;
	}
	if (n_forced)
		assert_engines_agree(p, forced, n_forced, &cfg);
	dlx_release_forced(p);
	dlx_problem_free(p);
}

START_TEST(random_problems_as_search)
{
	for (int i = 0; i < (int)test_trials(2000); i++)
		random_problem_trial(i);
}
END_TEST

/*
 * Bigger groups: 12-15 primary items in 60-120 options of 3-6 items, each
 * item in some 20-40 of them, so that every linear encoding is used, and
 * two planted solutions (partitions of the primary items) among a few
 * hundred at most.
 */
static dlx_problem *wide_problem(bool colors)
{
	size_t np = 12 + rng() % 4, ns = rng() % 3, no = 60 + rng() % 60;
	dlx_problem *p = dlx_problem_new(np, ns);
	ck_assert_ptr_nonnull(p);
	for (int planted = 0; planted < 2; planted++) {
		size_t perm[16];
		for (size_t k = 0; k < np; k++)
			perm[k] = k;
		for (size_t k = np; k > 1; k--) {
			size_t j = rng() % k, t = perm[k - 1];
			perm[k - 1] = perm[j];
			perm[j] = t;
		}
		for (size_t at = 0; at < np;) {
			size_t n = 3 + rng() % 2;
			if (at + n > np)
				n = np - at;
			ck_assert_int_ge(dlx_add_option(p, perm + at, n), 0);
			at += n;
		}
	}
	for (size_t o = dlx_option_count(p); o < no; o++) {
		size_t items[6];
		uint32_t col[6];
		size_t n = 3 + rng() % 4, k = 0;
		while (k < n) {
			size_t it = rng() % (np + ns);
			bool dup = false;
			for (size_t j = 0; j < k; j++)
				dup |= items[j] == it;
			if (dup)
				continue;
			col[k] = colors && it >= np ? rng() % 3 : 0;
			items[k++] = it;
		}
		ck_assert_int_ge(dlx_add_option_colored(p, items, col, k), 0);
	}
	return p;
}

START_TEST(wide_items_as_search)
{
	for (int i = 0; i < (int)test_trials(40); i++) {
		rng_seed(9100 + (uint64_t)i);
		dlx_problem *p = wide_problem(i % 2);
		struct dlx__sat_config cfg = config_of((unsigned)i / 2);
		assert_engines_agree(p, NULL, 0, &cfg);
		dlx_problem_free(p);
	}
}
END_TEST

/* The planted bug: without the primary items' "at most one", the checker sees an invalid solution. */
START_TEST(planted_bug_is_caught)
{
	dlx_problem *p = copies(4);
	size_t extra[2] = { 0, 1 }, last[1] = { 2 };
	ck_assert_int_ge(dlx_add_option(p, extra, 2), 0);
	ck_assert_int_ge(dlx_add_option(p, last, 1), 0);
	struct dlx__sat_config cfg = dlx__sat_default;
	cfg.drop_primary_amo = true;
	struct log got = { 0 };
	got.p = p;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = 50;
	dlx_stats st;
	sat_log(p, &sp, &cfg, &got, &st);
	ck_assert(got.bad);
	free(got.v);
	/* And with it, all is well: the 4 copies and the pair with the single. */
	memset(&got, 0, sizeof got);
	got.p = p;
	sat_log(p, &sp, &dlx__sat_default, &got, &st);
	ck_assert(!got.bad);
	ck_assert_uint_eq(st.solutions, 5);
	free(got.v);
	dlx_problem_free(p);
}
END_TEST

/* Queens: 92 solutions of 8 queens (diagonals secondary), the same set. */
START_TEST(queens_as_search)
{
	dlx_problem *p = queens(8);
	assert_engines_agree(p, NULL, 0, &dlx__sat_default);
	dlx_problem_free(p);
}
END_TEST

/* Nothing left to cover: the one solution is the forced options; and an item left with none: no solution. */
START_TEST(edge_problems)
{
	dlx_problem *p = dlx_problem_new(0, 2);
	size_t s[1] = { 0 };
	ck_assert_int_ge(dlx_add_option(p, s, 1), 0);
	assert_engines_agree(p, NULL, 0, &dlx__sat_default);
	dlx_stats st;
	ck_assert_int_eq(dlx_search_sat(p, NULL, &st, NULL), DLX_OK);
	ck_assert_uint_eq(st.solutions, 1);
	dlx_problem_free(p);

	p = copies(3);
	ck_assert_int_eq(dlx_force_option(p, 1), DLX_OK);
	size_t forced[1] = { 1 };
	assert_engines_agree(p, forced, 1, &dlx__sat_default);
	struct log got = { 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sat_log(p, &sp, &dlx__sat_default, &got, &st);
	ck_assert_uint_eq(st.solutions, 1);
	ck_assert_uint_eq(got.v[0], 1);
	ck_assert_uint_eq(got.v[1], 1);
	free(got.v);
	dlx_release_forced(p);
	dlx_problem_free(p);

	/* Item 1 has no option. */
	p = dlx_problem_new(2, 0);
	size_t a[1] = { 0 };
	ck_assert_int_ge(dlx_add_option(p, a, 1), 0);
	ck_assert_int_eq(dlx_search_sat(p, NULL, &st, NULL), DLX_OK);
	ck_assert_uint_eq(st.solutions, 0);
	ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
	dlx_problem_free(p);
}
END_TEST

/* Knuth's colors example (DLX2): its one solution. */
START_TEST(knuth_colors)
{
	/* Primary p q r, secondary x y: "p q x y:A", "p r x:A y", "p x:B", "q x:A", "r y:B". */
	dlx_problem *p = dlx_problem_new(3, 2);
	size_t o1[4] = { 0, 1, 3, 4 }, o2[4] = { 0, 2, 3, 4 }, o3[2] = { 0, 3 }, o4[2] = { 1, 3 }, o5[2] = { 2, 4 };
	uint32_t c1[4] = { 0, 0, 0, 1 }, c2[4] = { 0, 0, 1, 0 }, c3[2] = { 0, 2 }, c4[2] = { 0, 1 }, c5[2] = { 0, 2 };
	ck_assert_int_ge(dlx_add_option_colored(p, o1, c1, 4), 0);
	ck_assert_int_ge(dlx_add_option_colored(p, o2, c2, 4), 0);
	ck_assert_int_ge(dlx_add_option_colored(p, o3, c3, 2), 0);
	ck_assert_int_ge(dlx_add_option_colored(p, o4, c4, 2), 0);
	ck_assert_int_ge(dlx_add_option_colored(p, o5, c5, 2), 0);
	assert_engines_agree(p, NULL, 0, &dlx__sat_default);
	dlx_stats st;
	ck_assert_int_eq(dlx_search_sat(p, NULL, &st, NULL), DLX_OK);
	ck_assert_uint_eq(st.solutions, 1);
	dlx_problem_free(p);
}
END_TEST

static int stop_now(void *ctx, const dlx_stats *so_far)
{
	int *calls = ctx;
	(*calls)++;
	(void)so_far;
	return 1;
}

static int never(void *ctx, const dlx_stats *so_far)
{
	int *calls = ctx;
	(*calls)++;
	(void)so_far;
	return 0;
}

/*
 * Pigeons: n + 1 pigeons (primary) in n holes (secondary): no solution,
 * which CDCL needs exponentially many conflicts to show.
 */
static dlx_problem *pigeons(size_t n)
{
	dlx_problem *p = dlx_problem_new(n + 1, n);
	for (size_t i = 0; i <= n; i++)
		for (size_t j = 0; j < n; j++) {
			size_t it[2] = { i, n + 1 + j };
			ck_assert_int_ge(dlx_add_option(p, it, 2), 0);
		}
	return p;
}

/* A poll that stops: DLX_STOP_POLL, soon, the problem as before. */
START_TEST(poll_stops)
{
	dlx_problem *p = pigeons(11);
	int calls = 0;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = stop_now;
	sp.poll_ctx = &calls;
	dlx_stats st;
	ck_assert_int_eq(dlx_search_sat(p, &sp, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_POLL);
	ck_assert_int_eq(calls, 1);
	ck_assert_uint_eq(st.solutions, 0);
	assert_sane(p);
	dlx_problem_free(p);

	/* Counting many solutions, stopped part way: the solutions so far, fewer than all. */
	p = queens(11);
	calls = 0;
	ck_assert_int_eq(dlx_search_sat(p, &sp, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_POLL);
	ck_assert_uint_lt(st.solutions, 2680);
	assert_sane(p);
	/* A poll that lets it go on: complete, the whole count. */
	sp.on_poll = never;
	calls = 0;
	ck_assert_int_eq(dlx_search_sat(p, &sp, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
	ck_assert_uint_eq(st.solutions, 2680);
	ck_assert_int_gt(calls, 0);
	dlx_problem_free(p);
}
END_TEST

/* node_limit bounds each call's conflicts: NODE_LIMIT on a problem that needs many. */
START_TEST(conflict_limit)
{
	dlx_problem *p = pigeons(9);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = 10;
	dlx_stats st;
	dlx_sat_stats ss;
	ck_assert_int_eq(dlx_search_sat(p, &sp, &st, &ss), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
	ck_assert_uint_eq(ss.calls, 1);
	ck_assert_uint_gt(ss.variables, 90);
	dlx_problem_free(p);
	/* Small enough to finish: no solution, complete. */
	p = pigeons(5);
	sp.node_limit = 0;
	ck_assert_int_eq(dlx_search_sat(p, &sp, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
	ck_assert_uint_eq(st.solutions, 0);
	dlx_problem_free(p);
}
END_TEST

/*
 * dlx_sat_start()/dlx_sat_next() in steps of a few conflicts: every
 * solution of queens 8 once (the set dancing links find), each step
 * resumed where the last stopped; the problem freed after the start.
 */
START_TEST(steps_resume)
{
	dlx_problem *p = queens(8);
	struct log want = { 0 }, got = { 0 };
	want.p = p;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	dlx_stats st;
	dlx_log(p, &sp, &want, &st);
	ck_assert_uint_eq(want.solutions, 92);
	sp.on_solution = log_cb;
	sp.solution_ctx = &got;
	dlx_sat_search *s;
	ck_assert_int_eq(dlx_sat_start(p, &sp, &s), DLX_OK);
	ck_assert_ptr_nonnull(s);
	dlx_problem_free(p); /* the search holds its own encoding */
	dlx_sat_stats ss;
	unsigned steps = 0, limited = 0;
	do {
		ck_assert_int_eq(dlx_sat_next(s, 2, &st, &ss), DLX_OK);
		ck_assert_uint_eq(st.solutions, got.solutions);
		limited += st.stop == DLX_STOP_NODE_LIMIT;
	} while (st.stop == DLX_STOP_NODE_LIMIT && ++steps < 100000);
	ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
	ck_assert_uint_gt(limited, 0); /* the steps did stop and resume */
	ck_assert_uint_eq(ss.calls, 92 + limited + 1);
	assert_same_sets(&want, &got);
	/* Over: a later call reports the same. */
	ck_assert_int_eq(dlx_sat_next(s, 0, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
	ck_assert_uint_eq(st.solutions, 92);
	ck_assert_uint_eq(got.solutions, 92);
	dlx_sat_free(s);
	free(want.v);
	free(got.v);

	/* A poll's stop resumes: the params are read through their pointer, so a later step polls no more. */
	p = pigeons(11);
	memset(&got, 0, sizeof got);
	int calls = 0;
	sp.on_poll = stop_now;
	sp.poll_ctx = &calls;
	ck_assert_int_eq(dlx_sat_start(p, &sp, &s), DLX_OK);
	dlx_problem_free(p);
	ck_assert_int_eq(dlx_sat_next(s, 0, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_POLL);
	ck_assert_int_eq(calls, 1);
	sp.on_poll = NULL;
	ck_assert_int_eq(dlx_sat_next(s, 100, &st, &ss), DLX_OK);
	/* Unless the poll came during the encoding, which ends the search. */
	ck_assert_int_eq(st.stop, ss.calls ? DLX_STOP_NODE_LIMIT : DLX_STOP_POLL);
	dlx_sat_free(s);

	/* The solution limit counts across steps. */
	sp.solution_limit = 10;
	p = queens(8);
	sp.on_poll = NULL;
	ck_assert_int_eq(dlx_sat_start(p, &sp, &s), DLX_OK);
	dlx_problem_free(p);
	do
		ck_assert_int_eq(dlx_sat_next(s, 1, &st, NULL), DLX_OK);
	while (st.stop == DLX_STOP_NODE_LIMIT);
	ck_assert_int_eq(st.stop, DLX_STOP_LIMIT);
	ck_assert_uint_eq(st.solutions, 10);
	ck_assert_uint_eq(got.solutions, 10);
	dlx_sat_free(s);
	free(got.v);
}
END_TEST

/* A stepped search that no step finishes: each step NODE_LIMIT, and the clauses learned carry on. */
START_TEST(steps_of_pigeons)
{
	dlx_problem *p = pigeons(7);
	dlx_sat_search *s;
	ck_assert_int_eq(dlx_sat_start(p, NULL, &s), DLX_OK);
	dlx_problem_free(p);
	dlx_stats st;
	dlx_sat_stats ss;
	unsigned steps = 0;
	do
		ck_assert_int_eq(dlx_sat_next(s, 50, &st, &ss), DLX_OK);
	while (st.stop == DLX_STOP_NODE_LIMIT && ++steps < 100000);
	ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
	ck_assert_uint_eq(st.solutions, 0);
	ck_assert_uint_gt(steps, 1);
	ck_assert_uint_eq(ss.calls, steps + 1);
	dlx_sat_free(s);
	dlx_sat_free(NULL);
}
END_TEST

START_TEST(refusals)
{
	dlx_stats st;
	ck_assert_int_eq(dlx_search_sat(NULL, NULL, &st, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(st.stop, DLX_STOP_ERROR);
	dlx_sat_search *s = (dlx_sat_search *)&st;
	ck_assert_int_eq(dlx_sat_start(NULL, NULL, &s), DLX_ERR_INVALID);
	ck_assert_ptr_null(s);
	ck_assert_int_eq(dlx_sat_next(NULL, 0, &st, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(st.stop, DLX_STOP_ERROR);
	/* Bounds are not encoded. */
	dlx_problem *p = copies(3);
	ck_assert_int_eq(dlx_set_item_bounds(p, 0, 0, 2), DLX_OK);
	ck_assert_int_eq(dlx_search_sat(p, NULL, &st, NULL), DLX_ERR_STATE);
	ck_assert_int_eq(dlx_sat_start(p, NULL, &s), DLX_ERR_STATE);
	ck_assert_ptr_null(s);
	ck_assert_int_eq(dlx_sat_start(p, NULL, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_set_item_bounds(p, 0, 1, 1), DLX_OK);
	/* Costs are ignored, as by dlx_search(). */
	ck_assert_int_eq(dlx_set_option_cost(p, 0, 5), DLX_OK);
	ck_assert_int_eq(dlx_search_sat(p, NULL, &st, NULL), DLX_OK);
	ck_assert_uint_eq(st.solutions, 3);
	/* A live iterator owns the problem. */
	dlx_iter *it;
	ck_assert_int_eq(dlx_iter_new(p, NULL, &it), DLX_OK);
	ck_assert_int_eq(dlx_iter_next(it, NULL, NULL), 1);
	ck_assert_int_eq(dlx_search_sat(p, NULL, &st, NULL), DLX_ERR_STATE);
	dlx_iter_free(it);
	/* Propagation changes no solution: ignored. */
	ck_assert_int_eq(dlx_set_propagation(p, DLX_PROPAGATE_SUBSUME), DLX_OK);
	ck_assert_int_eq(dlx_search_sat(p, NULL, &st, NULL), DLX_OK);
	ck_assert_uint_eq(st.solutions, 3);
	dlx_problem_free(p);
}
END_TEST

/* Built without CaDiCaL: the engine says so, and nothing else happens. */
START_TEST(not_built)
{
	ck_assert(!dlx_sat_available());
	ck_assert_ptr_nonnull(strstr(dlx_sat_error(), "without CaDiCaL"));
	dlx_problem *p = copies(2);
	dlx_stats st;
	dlx_sat_stats ss = { 9, 9, 9 };
	ck_assert_int_eq(dlx_search_sat(p, NULL, &st, &ss), DLX_ERR_UNSUPPORTED);
	ck_assert_int_eq(st.stop, DLX_STOP_ERROR);
	ck_assert_uint_eq(st.solutions, 0);
	ck_assert_uint_eq(ss.calls, 0);
	ck_assert_str_ne(dlx_strerror(DLX_ERR_UNSUPPORTED), "unknown error");
	dlx_sat_search *s = (dlx_sat_search *)&st;
	ck_assert_int_eq(dlx_sat_start(p, NULL, &s), DLX_ERR_UNSUPPORTED);
	ck_assert_ptr_null(s);
	dlx_sat_free(NULL);
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

/* The module loaded (the build tree's run path finds it): nothing to say. */
START_TEST(module_loaded)
{
	ck_assert(dlx_sat_available());
	ck_assert_str_eq(dlx_sat_error(), "");
}
END_TEST

static Suite *sat_suite(void)
{
	Suite *s = suite_create("sat");
	TCase *tc;
	if (!dlx_sat_available()) {
		tc = tcase_create("not built");
		tcase_add_test(tc, not_built);
		suite_add_tcase(s, tc);
		return s;
	}
	tc = tcase_create("as dlx_search");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, module_loaded);
	tcase_add_test(tc, random_problems_as_search);
	tcase_add_test(tc, wide_items_as_search);
	tcase_add_test(tc, queens_as_search);
	tcase_add_test(tc, edge_problems);
	tcase_add_test(tc, knuth_colors);
	tcase_add_test(tc, planted_bug_is_caught);
	suite_add_tcase(s, tc);
	tc = tcase_create("stopping");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, poll_stops);
	tcase_add_test(tc, conflict_limit);
	tcase_add_test(tc, steps_resume);
	tcase_add_test(tc, steps_of_pigeons);
	tcase_add_test(tc, refusals);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(sat_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
