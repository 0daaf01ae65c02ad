/*
 * Check suite "bounds": Algorithm M (items' bounds, dlx-search-m.c) and the
 * cheapest solutions (options' costs, dlx_search_best()) against brute
 * force over every subset of the options of thousands of small random
 * problems with bounds, colors and costs: the count, the set of solutions,
 * the K cheapest costs and their ties, and the same solutions from
 * threads, from the parts of a split and from nested parts, each once.
 * Also Knuth's DLX3 example, the modes (limits, polls, splits) and what is
 * refused.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core-fixtures.h"
#include "test-trials.h"
#include "dlx.h"
#include "dlx-internal.h"

#define MAX_OPT 10
#define MAX_ITEMS 8

struct rnd {
	size_t np, ns, no;
	uint32_t lo[MAX_ITEMS], hi[MAX_ITEMS];
	size_t items[MAX_OPT][MAX_ITEMS];
	uint32_t colors[MAX_OPT][MAX_ITEMS];
	size_t size[MAX_OPT];
	uint64_t cost[MAX_OPT];
};

/*
 * A random problem: options of 1-4 items, every one with a primary item
 * (Knuth's rule); with `unit`, every primary item 1:1 (the branch and
 * bound's own branching rule, choose_b1()); costs below cost_range.
 */
static void make(struct rnd *r, bool colors, bool costs, bool unit, uint32_t cost_range)
{
	memset(r, 0, sizeof *r);
	r->np = 1 + rng() % 5;
	r->ns = rng() % 3;
	r->no = 1 + rng() % MAX_OPT;
	for (size_t i = 0; i < r->np; i++) {
		uint32_t hi = 1 + rng() % 3, lo = rng() % (hi + 1);
		if (rng() % 3 == 0 || unit)
			lo = hi = 1;
		r->lo[i] = lo;
		r->hi[i] = hi;
	}
	for (size_t o = 0; o < r->no; o++) {
		size_t want = 1 + rng() % 4, n = 0;
		bool used[MAX_ITEMS] = { false };
		size_t first = rng() % r->np;
		r->items[o][n++] = first;
		used[first] = true;
		for (size_t t = 1; t < want; t++) {
			size_t it = rng() % (r->np + r->ns);
			if (used[it])
				continue;
			used[it] = true;
			r->colors[o][n] = colors && it >= r->np ? rng() % 3 : 0;
			r->items[o][n++] = it;
		}
		r->size[o] = n;
		r->cost[o] = costs ? rng() % cost_range : 0;
	}
}

static dlx_problem *build(const struct rnd *r)
{
	dlx_problem *p = dlx_problem_new(r->np, r->ns);
	ck_assert_ptr_nonnull(p);
	for (size_t o = 0; o < r->no; o++) {
		ck_assert_int_eq(dlx_add_option_colored(p, r->items[o], r->colors[o], r->size[o]), (long)o);
		ck_assert_int_eq(dlx_set_option_cost(p, o, r->cost[o]), DLX_OK);
	}
	for (size_t i = 0; i < r->np; i++)
		ck_assert_int_eq(dlx_set_item_bounds(p, i, r->lo[i], r->hi[i]), DLX_OK);
	return p;
}

/* Whether the options of mask make a solution: bounds on primary items, colors on secondary ones. */
static bool is_solution(const struct rnd *r, uint32_t mask)
{
	uint32_t count[MAX_ITEMS] = { 0 }, color[MAX_ITEMS] = { 0 };
	bool plain[MAX_ITEMS] = { false };
	for (size_t o = 0; o < r->no; o++) {
		if (!(mask >> o & 1))
			continue;
		for (size_t k = 0; k < r->size[o]; k++) {
			size_t it = r->items[o][k];
			uint32_t c = r->colors[o][k];
			count[it]++;
			if (it < r->np)
				continue;
			if (!c)
				plain[it] = true;
			else if (color[it] && color[it] != c)
				return false;
			else
				color[it] = c;
		}
	}
	for (size_t i = 0; i < r->np; i++)
		if (count[i] < r->lo[i] || count[i] > r->hi[i])
			return false;
	for (size_t i = r->np; i < r->np + r->ns; i++)
		if (plain[i] && count[i] > 1)
			return false;
	return true;
}

struct masks {
	uint32_t m[1 << MAX_OPT];
	size_t n;
};

static int collect_mask(void *ctx, const size_t *opts, size_t n)
{
	struct masks *ms = ctx;
	uint32_t m = 0;
	for (size_t k = 0; k < n; k++) {
		ck_assert_msg(!(m >> opts[k] & 1), "an option twice in one solution");
		m |= 1u << opts[k];
	}
	ck_assert_uint_lt(ms->n, 1u << MAX_OPT);
	ms->m[ms->n++] = m;
	return 0;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

static uint64_t mask_cost(const struct rnd *r, uint32_t m)
{
	uint64_t c = 0;
	for (size_t o = 0; o < r->no; o++)
		if (m >> o & 1)
			c += r->cost[o];
	return c;
}

/* got, sorted, is want: every solution of brute force, each once. */
static void expect_same(const struct masks *want, struct masks *got, unsigned seed, const char *what)
{
	qsort(got->m, got->n, sizeof got->m[0], cmp_u32);
	ck_assert_msg(got->n == want->n, "seed %u, %s: %zu solutions, brute force %zu", seed, what, got->n, want->n);
	/* One check per solution would cost Check a message each. */
	for (size_t s = 0; s < got->n; s++)
		if (got->m[s] != want->m[s])
			ck_abort_msg("seed %u, %s: solution %zu differs (or one twice)", seed, what, s);
}

/*
 * Threads and parts find brute force's solutions, each once: threads with
 * one search's figures, parts K/M for every K (several M), and the pieces
 * J/N of every part (nested parts), with and without a callback.
 */
static void check_splits(dlx_problem *p, const struct masks *want, const dlx_stats *one, unsigned seed)
{
	static struct masks got;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = collect_mask;
	sp.solution_ctx = &got;
	dlx_stats st;
	for (unsigned t = 2; t <= 3; t++) {
		dlx_split_params th = { t, 0, 0 };
		got.n = 0;
		ck_assert_int_eq(dlx_search_split(p, &sp, &th, &st), DLX_OK);
		ck_assert_uint_eq(st.stop, DLX_STOP_COMPLETE);
		ck_assert_uint_eq(st.solutions, want->n);
		expect_same(want, &got, seed, "threads");
		ck_assert_int_eq(dlx_search_split(p, NULL, &th, &st), DLX_OK);
		ck_assert_uint_eq(st.solutions, want->n);
		ck_assert_msg(st.nodes == one->nodes && st.updates == one->updates && st.branches == one->branches,
			      "seed %u, %u threads: nodes %llu, updates %llu, branches %llu; one search's %llu, %llu, %llu",
			      seed, t, (unsigned long long)st.nodes, (unsigned long long)st.updates,
			      (unsigned long long)st.branches, (unsigned long long)one->nodes,
			      (unsigned long long)one->updates, (unsigned long long)one->branches);
		ck_assert(st.progress == 1.0);
	}
	for (uint32_t m = 2; m <= 5; m += 1 + seed % 2) {
		uint64_t sum = 0;
		got.n = 0;
		for (uint32_t k = 1; k <= m; k++) {
			dlx_split_params pa = { 1 + k % 2, k, m };
			ck_assert_int_eq(dlx_search_split(p, &sp, &pa, &st), DLX_OK);
			ck_assert_uint_eq(st.stop, DLX_STOP_COMPLETE);
			sum += st.solutions;
			uint64_t with_callback = st.solutions;
			ck_assert_int_eq(dlx_search_split(p, NULL, &pa, &st), DLX_OK);
			ck_assert_uint_eq(st.solutions, with_callback);
		}
		ck_assert_uint_eq(sum, want->n);
		expect_same(want, &got, seed, "parts");
	}
	got.n = 0;
	for (uint32_t k = 1; k <= 2; k++)
		for (uint32_t j = 1; j <= 3; j++) {
			dlx_part path[2] = { { k, 2 }, { j, 3 } };
			ck_assert_int_eq(dlx_search_parts(p, &sp, 1 + j % 2, path, 2, &st), DLX_OK);
			ck_assert_uint_eq(st.stop, DLX_STOP_COMPLETE);
		}
	expect_same(want, &got, seed, "nested parts");
}

/*
 * The diagram of a bounded problem (the frontier search's levels): its
 * count and its ways are the brute force's solutions, each once; read back
 * from its nodes it is accepted and the same; a node with one field
 * changed at random is refused or still a diagram of distinct solutions
 * (the check of dlx_zdd_from_nodes() lets no wrong way through).
 */
static void check_diagram(dlx_problem *p, const struct masks *want, unsigned seed)
{
	dlx_zdd *z;
	dlx_stats zs;
	ck_assert_int_eq(dlx_zdd_build(p, NULL, NULL, &z, &zs), DLX_OK);
	ck_assert_ptr_nonnull(z);
	ck_assert_msg(zs.solutions == want->n, "seed %u: diagram %llu, brute force %zu", seed,
		      (unsigned long long)zs.solutions, want->n);
	static struct masks seen;
	seen.n = 0;
	ck_assert_int_eq(dlx_zdd_visit(z, 0, collect_mask, &seen, NULL), DLX_OK);
	qsort(seen.m, seen.n, sizeof seen.m[0], cmp_u32);
	ck_assert_uint_eq(seen.n, want->n);
	ck_assert_msg(memcmp(seen.m, want->m, want->n * sizeof want->m[0]) == 0, "seed %u: diagram's solutions differ",
		      seed);
	size_t n = dlx_zdd_size(z), root = dlx_zdd_root(z);
	size_t *opt = malloc((n + 1) * sizeof *opt), *lo = malloc((n + 1) * sizeof *lo),
	       *hi = malloc((n + 1) * sizeof *hi);
	ck_assert(opt && lo && hi);
	for (size_t k = 0; k < n; k++)
		ck_assert_int_eq(dlx_zdd_node(z, k + 2, &opt[k], &lo[k], &hi[k]), DLX_OK);
	dlx_zdd_free(z);
	size_t bad;
	ck_assert_int_eq(dlx_zdd_from_nodes(p, n, opt, lo, hi, root, &z, &bad), DLX_OK);
	seen.n = 0;
	ck_assert_int_eq(dlx_zdd_visit(z, 0, collect_mask, &seen, NULL), DLX_OK);
	ck_assert_uint_eq(seen.n, want->n);
	dlx_zdd_free(z);
	for (int t = 0; t < 8 && n > 0; t++) {
		size_t k = rng() % n, id = k + 2, keep[3] = { opt[k], lo[k], hi[k] };
		switch (rng() % 3) {
		case 0: opt[k] = rng() % dlx_option_count(p); break;
		case 1: lo[k] = rng() % id; break;
		default: hi[k] = 1 + rng() % (id - 1); break;
		}
		if (dlx_zdd_from_nodes(p, n, opt, lo, hi, root, &z, &bad) == DLX_OK) {
			seen.n = 0;
			ck_assert_int_eq(dlx_zdd_visit(z, 0, collect_mask, &seen, NULL), DLX_OK);
			qsort(seen.m, seen.n, sizeof seen.m[0], cmp_u32);
			for (size_t j = 0; j < seen.n; j++) {
				ck_assert_msg(bsearch(&seen.m[j], want->m, want->n, sizeof want->m[0], cmp_u32),
					      "seed %u: a changed diagram passed with a way that is no solution", seed);
				ck_assert_msg(j == 0 || seen.m[j] != seen.m[j - 1],
					      "seed %u: a changed diagram passed with a solution twice", seed);
			}
			dlx_zdd_free(z);
		}
		opt[k] = keep[0];
		lo[k] = keep[1];
		hi[k] = keep[2];
	}
	free(opt);
	free(lo);
	free(hi);
}

/* Every solution once, the same set as brute force; the K cheapest and their ties. */
static void check_one(unsigned seed, bool colors, bool costs, bool unit, uint32_t cost_range)
{
	rng_seed(seed);
	struct rnd r;
	make(&r, colors, costs, unit, cost_range);
	dlx_problem *p = build(&r);

	static struct masks want, got;
	want.n = got.n = 0;
	for (uint32_t m = 0; m < (1u << r.no); m++)
		if (is_solution(&r, m))
			want.m[want.n++] = m;

	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = collect_mask;
	sp.solution_ctx = &got;
	dlx_stats st;
	/* A seed's order of the options changes the tree, never the solutions. */
	if (seed % 3 == 0)
		ck_assert_int_eq(dlx_shuffle_options(p, seed), DLX_OK);
	/*
	 * Algorithm M's choice with its heap of urgent items, by scans alone,
	 * and taking to the heap after a few nodes: the same tree.  A third of
	 * the problems go through everything below each way.
	 */
	dlx_stats other;
	dlx__set_tracking(p, (int)((seed + 1) % 3));
	ck_assert_int_eq(dlx_search(p, NULL, &other), DLX_OK);
	dlx__set_tracking(p, (int)(seed % 3));
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_uint_eq(st.stop, DLX_STOP_COMPLETE);
	ck_assert_msg(st.solutions == want.n, "seed %u: %llu solutions, brute force %zu", seed,
		      (unsigned long long)st.solutions, want.n);
	ck_assert_uint_eq(got.n, want.n);
	ck_assert_msg(other.solutions == st.solutions && other.nodes == st.nodes && other.updates == st.updates &&
			      other.branches == st.branches,
		      "seed %u: urgent items kept, not or later, %llu / %llu nodes, %llu / %llu updates", seed,
		      (unsigned long long)other.nodes, (unsigned long long)st.nodes,
		      (unsigned long long)other.updates, (unsigned long long)st.updates);
	/*
	 * The memoized count (a frontier search over the options, not
	 * Algorithm M): the brute force's, with a table, one too small to keep
	 * more than a window, and none; stopped early, a lower bound.
	 */
	{
		static const size_t budgets[] = { 0, 4096, 1 };
		for (size_t b = 0; b < 3; b++) {
			dlx_memo_params mp = { DLX_MEMO_MRV, budgets[b] };
			dlx_stats ms;
			char *c = NULL;
			ck_assert_int_eq(dlx_memo_count(p, NULL, &mp, NULL, &c, &ms, NULL), DLX_OK);
			ck_assert_msg(ms.solutions == want.n, "seed %u, memory %zu: memo %llu, brute force %zu", seed,
				      budgets[b], (unsigned long long)ms.solutions, want.n);
			char w[24];
			snprintf(w, sizeof w, "%zu", want.n);
			ck_assert_str_eq(c, w);
			free(c);
		}
		/* Split: parts of M add up, threads count it all (a cut of 64 x M or 512 x threads states). */
		uint32_t m = 1 + seed % 4;
		size_t sum = 0;
		for (uint32_t k = 1; k <= m; k++) {
			dlx_split_params pa = { 1 + seed % 2, k, m };
			dlx_stats ms;
			ck_assert_int_eq(dlx_memo_count(p, NULL, NULL, &pa, NULL, &ms, NULL), DLX_OK);
			sum += ms.solutions;
		}
		ck_assert_msg(sum == want.n, "seed %u: %u memo parts %zu, brute force %zu", seed, m, sum, want.n);
		dlx_split_params th = { 2, 0, 0 };
		dlx_stats ts;
		ck_assert_int_eq(dlx_memo_count(p, NULL, NULL, &th, NULL, &ts, NULL), DLX_OK);
		ck_assert_uint_eq(ts.solutions, want.n);
		dlx_search_params lim = DLX_SEARCH_PARAMS_INIT;
		lim.node_limit = 1 + seed % 7;
		dlx_stats ms;
		ck_assert_int_eq(dlx_memo_count(p, &lim, NULL, NULL, NULL, &ms, NULL), DLX_OK);
		ck_assert(ms.stop == DLX_STOP_NODE_LIMIT || ms.stop == DLX_STOP_COMPLETE);
		ck_assert_uint_le(ms.solutions, want.n);
		ck_assert(ms.stop == DLX_STOP_NODE_LIMIT || ms.solutions == want.n);
	}
	/* The pull search hands out the same solutions in the same order, with the same totals. */
	{
		static struct masks pulled;
		pulled.n = 0;
		dlx_iter *it;
		ck_assert_int_eq(dlx_iter_new(p, NULL, &it), DLX_OK);
		const size_t *opts;
		size_t n;
		int r;
		while ((r = dlx_iter_next(it, &opts, &n)) == 1)
			collect_mask(&pulled, opts, n);
		ck_assert_int_eq(r, 0);
		dlx_stats is;
		dlx_iter_stats(it, &is);
		dlx_iter_free(it);
		ck_assert_uint_eq(pulled.n, got.n);
		ck_assert_msg(memcmp(pulled.m, got.m, got.n * sizeof got.m[0]) == 0, "seed %u: pulled in another order",
			      seed);
		ck_assert_uint_eq(is.solutions, st.solutions);
		ck_assert_uint_eq(is.nodes, st.nodes);
		ck_assert_uint_eq(is.updates, st.updates);
		ck_assert_uint_eq(is.branches, st.branches);
		ck_assert_uint_eq(is.stop, DLX_STOP_COMPLETE);
	}
	qsort(got.m, got.n, sizeof got.m[0], cmp_u32);
	for (size_t s = 0; s < got.n; s++) {
		ck_assert_msg(got.m[s] == want.m[s], "seed %u: solution %zu differs", seed, s);
		if (s)
			ck_assert_msg(got.m[s] != got.m[s - 1], "seed %u: a solution twice", seed);
	}
	check_diagram(p, &want, seed);
	/* A quarter of the problems: each split starts threads, which valgrind makes slow. */
	if (!costs && seed % 4 == 0)
		check_splits(p, &want, &st, seed);

	/* The K cheapest: costs as brute force sorts them, and the ties at the K-th. */
	static uint64_t costs_sorted[1 << MAX_OPT];
	for (size_t s = 0; s < want.n; s++)
		costs_sorted[s] = mask_cost(&r, want.m[s]);
	qsort(costs_sorted, want.n, sizeof costs_sorted[0], cmp_u64);
	for (size_t k = 1; k <= 4; k++) {
		dlx_best *b, *b2;
		dlx_stats bs, bs2;
		/* The heaps of urgent items (with bounds or not) or the scans, in the mode above and the other: the same tree. */
		dlx__set_tracking(p, (int)((seed + 1) % 3));
		ck_assert_int_eq(dlx_search_best(p, NULL, k, &b2, &bs2), DLX_OK);
		dlx__set_tracking(p, (int)(seed % 3));
		ck_assert_int_eq(dlx_search_best(p, NULL, k, &b, &bs), DLX_OK);
		ck_assert_msg(bs.nodes == bs2.nodes && bs.updates == bs2.updates && bs.branches == bs2.branches &&
				      bs.solutions == bs2.solutions && b->n == b2->n && b->ties == b2->ties,
			      "seed %u, k %zu: tracking %u / %u, %llu / %llu nodes", seed, k, (seed + 1) % 3, seed % 3,
			      (unsigned long long)bs2.nodes, (unsigned long long)bs.nodes);
		for (size_t s = 0; s < b->n; s++)
			ck_assert(b->sol[s].cost == b2->sol[s].cost && b->sol[s].n == b2->sol[s].n &&
				  memcmp(b->sol[s].options, b2->sol[s].options, b->sol[s].n * sizeof *b->sol[s].options) == 0);
		dlx_best_free(b2);
		ck_assert_uint_eq(bs.stop, DLX_STOP_COMPLETE);
		size_t expect = want.n < k ? want.n : k;
		ck_assert_msg(b->n == expect, "seed %u, k %zu: %zu kept, want %zu", seed, k, b->n, expect);
		for (size_t s = 0; s < b->n; s++) {
			ck_assert_msg(b->sol[s].cost == costs_sorted[s], "seed %u, k %zu: cost %zu is %llu, want %llu",
				      seed, k, s, (unsigned long long)b->sol[s].cost,
				      (unsigned long long)costs_sorted[s]);
			uint32_t m = 0;
			for (size_t t = 0; t < b->sol[s].n; t++)
				m |= 1u << b->sol[s].options[t];
			ck_assert(is_solution(&r, m));
			ck_assert_uint_eq(mask_cost(&r, m), b->sol[s].cost);
		}
		uint64_t ties = 0;
		for (size_t s = 0; b->n && s < want.n; s++)
			ties += costs_sorted[s] == costs_sorted[b->n - 1];
		ck_assert_msg(b->ties == ties, "seed %u, k %zu: %llu ties, want %llu", seed, k,
			      (unsigned long long)b->ties, (unsigned long long)ties);
		dlx_best_free(b);
	}
	dlx_problem_free(p);
}

START_TEST(bounds_vs_brute_force)
{
	for (unsigned seed = 1; seed <= test_trials(1000); seed++)
		check_one(seed, false, false, false, 10);
}
END_TEST

START_TEST(bounds_colors_vs_brute_force)
{
	for (unsigned seed = 1; seed <= test_trials(1000); seed++)
		check_one(seed * 7919u, true, false, false, 10);
}
END_TEST

START_TEST(costs_vs_brute_force)
{
	for (unsigned seed = 1; seed <= test_trials(1000); seed++)
		check_one(seed * 104729u, seed % 2 == 0, true, false, 10);
}
END_TEST

/*
 * Every primary item 1:1 (the cheapest solutions' own branching rule),
 * colors on half of them, costs from all equal (every solution ties) to
 * all but surely different.
 */
START_TEST(unit_costs_vs_brute_force)
{
	static const uint32_t ranges[] = { 1, 2, 10, 1000 };
	for (unsigned seed = 1; seed <= test_trials(1000); seed++)
		check_one(seed * 15485863u, seed % 2 == 0, true, true, ranges[seed % 4]);
}
END_TEST

/*
 * Of solutions that tie with the K-th cost, the first found are kept: with
 * every option of one cost and two items nothing is cut and every solution
 * ties, so the
 * K kept are the first K of the search that keeps them all, in its order,
 * and ties counts them all.  Then a K of a hundred thousand (an assignment
 * problem of 9 x 9, 362,880 solutions): the K cheapest against a sort of
 * all of them by cost.  Kept by a scan of the K for the dearest at each
 * cheaper solution, that K took 17.8 s; a heap, 0.2 s.
 */
START_TEST(best_keeps_first_found_ties)
{
	unsigned checked = 0;
	for (unsigned seed = 1; seed <= test_trials(200); seed++) {
		rng_seed(seed * 2654435761u);
		/* Options of two items each: every solution has np / 2 of them, so every solution costs the same. */
		size_t np = 2 * (2 + rng() % 5), no = np + rng() % (4 * np);
		dlx_problem *p = dlx_problem_new(np, 0);
		ck_assert_ptr_nonnull(p);
		uint64_t c = rng() % 5;
		for (size_t o = 0; o < no; o++) {
			size_t items[2] = { rng() % np, rng() % (np - 1) };
			items[1] += items[1] >= items[0];
			ck_assert_int_ge(dlx_add_option(p, items, 2), 0);
			ck_assert_int_eq(dlx_set_option_cost(p, o, c), DLX_OK);
		}
		dlx_stats st;
		ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
		size_t n = (size_t)st.solutions;
		if (n == 0 || n > 20000) {
			dlx_problem_free(p);
			continue;
		}
		checked += n >= 4;
		dlx_best *all, *some;
		ck_assert_int_eq(dlx_search_best(p, NULL, n, &all, NULL), DLX_OK);
		ck_assert_uint_eq(all->n, n);
		const size_t ks[] = { 1, 2, n / 2, n - 1 };
		for (size_t t = 0; t < 4; t++) {
			size_t k = ks[t] < 1 ? 1 : ks[t] > n ? n : ks[t];
			ck_assert_int_eq(dlx_search_best(p, NULL, k, &some, NULL), DLX_OK);
			ck_assert_uint_eq(some->n, k);
			ck_assert_msg(some->ties == n, "seed %u, k %zu: %llu ties, want %zu", seed, k,
				      (unsigned long long)some->ties, n);
			for (size_t s = 0; s < k; s++)
				ck_assert_msg(some->sol[s].n == all->sol[s].n &&
						      memcmp(some->sol[s].options, all->sol[s].options,
							     all->sol[s].n * sizeof *all->sol[s].options) == 0,
					      "seed %u, k %zu: solution %zu is not the %zu-th found", seed, k, s, s);
			dlx_best_free(some);
		}
		dlx_best_free(all);
		dlx_problem_free(p);
	}
	/* Problems with ties to choose among, not only one or two solutions. */
	ck_assert_uint_gt(checked, test_trials(200) / 4);

	/* Assignments of 9 workers to 9 jobs, costs from a fixed generator: every permutation's cost, sorted. */
	enum { N = 9 };
	uint64_t cost[N][N];
	rng_seed(12345);
	for (size_t w = 0; w < N; w++)
		for (size_t j = 0; j < N; j++)
			cost[w][j] = rng() % 100;
	dlx_problem *p = dlx_problem_new(2 * N, 0);
	ck_assert_ptr_nonnull(p);
	for (size_t w = 0; w < N; w++)
		for (size_t j = 0; j < N; j++) {
			size_t items[2] = { w, N + j };
			int o = dlx_add_option(p, items, 2);
			ck_assert_int_ge(o, 0);
			ck_assert_int_eq(dlx_set_option_cost(p, (size_t)o, cost[w][j]), DLX_OK);
		}
	size_t total = 362880, k = test_trials(100000), perm[N];
	uint64_t *costs = malloc(total * sizeof *costs);
	ck_assert_ptr_nonnull(costs);
	for (size_t j = 0; j < N; j++)
		perm[j] = j;
	for (size_t s = 0; s < total; s++) {
		uint64_t sum = 0;
		for (size_t w = 0; w < N; w++)
			sum += cost[w][perm[w]];
		costs[s] = sum;
		/* The next permutation in lexicographic order. */
		size_t i = N - 1;
		while (i > 0 && perm[i - 1] > perm[i])
			i--;
		if (i == 0)
			break;
		size_t j = N - 1;
		while (perm[j] < perm[i - 1])
			j--;
		size_t tmp = perm[i - 1];
		perm[i - 1] = perm[j];
		perm[j] = tmp;
		for (size_t a = i, b = N - 1; a < b; a++, b--)
			tmp = perm[a], perm[a] = perm[b], perm[b] = tmp;
	}
	qsort(costs, total, sizeof *costs, cmp_u64);
	dlx_best *b;
	ck_assert_int_eq(dlx_search_best(p, NULL, k, &b, NULL), DLX_OK);
	ck_assert_uint_eq(b->n, k);
	uint64_t ties = 0;
	for (size_t s = 0; s < total; s++)
		ties += costs[s] == costs[k - 1];
	for (size_t s = 0; s < k; s++)
		ck_assert_msg(b->sol[s].cost == costs[s], "assignment, k %zu: cost %zu is %llu, want %llu", k, s,
			      (unsigned long long)b->sol[s].cost, (unsigned long long)costs[s]);
	ck_assert_uint_eq(b->ties, ties);
	dlx_best_free(b);
	free(costs);
	dlx_problem_free(p);
}
END_TEST

/* Bounds 0-2 to 1-4 on about a third of items 0 .. np - 1 (at least item 0's, 0:2). */
static void random_bounds(dlx_problem *p, size_t np)
{
	for (size_t i = 0; i < np; i++)
		if (rng() % 3 == 0) {
			uint32_t lo = rng() % 3, hi = lo + rng() % 3;
			ck_assert_int_eq(dlx_set_item_bounds(p, i, lo, hi ? hi : 1), DLX_OK);
		}
	if (!dlx_has_bounds(p))
		ck_assert_int_eq(dlx_set_item_bounds(p, 0, 0, 2), DLX_OK);
}

/*
 * The cheapest solutions with the heaps of urgent items (from the start,
 * and taken up and dropped every few nodes) and by scans alone, on random
 * problems larger than brute force takes (20-200 primary items, runs of
 * pairs of neighbours beside random options, so that chains of forced
 * moves and items left with one cheap enough option both come up, colors,
 * a seed's order; with `bounds`, a third of the items with bounds 0-2 to
 * 1-4), each to a node limit: the same nodes, updates and branches, the
 * same solutions kept.  Dropping a push of choose_bu()'s or choose_bn()'s
 * keys, or a change of their sums, makes some of them choose another item
 * or cut another node.  Returns whether the tree was of some depth and
 * found solutions.
 */
static bool best_heaps_case(unsigned seed, bool bounds)
{
	rng_seed(seed * 3266489917u);
	size_t np = 20 + rng() % 181, ns = rng() % 3, no = np + rng() % (3 * np);
	uint32_t range = 1 + rng() % 20;
	dlx_problem *p = dlx_problem_new(np, ns);
	ck_assert_ptr_nonnull(p);
	for (size_t o = 0; o < no; o++) {
		size_t items[8];
		uint32_t colors[8] = { 0 };
		size_t m = 0;
		if (rng() % 2) {
			size_t i = rng() % np;
			items[m++] = i;
			if (i + 1 < np)
				items[m++] = i + 1;
		} else {
			size_t n = 1 + rng() % 3;
			for (size_t k = 0; k < n; k++) {
				size_t i = rng() % np, j = 0;
				while (j < m && items[j] != i)
					j++;
				if (j == m)
					items[m++] = i;
			}
		}
		if (ns && rng() % 3 == 0) {
			items[m] = np + rng() % ns;
			colors[m++] = rng() % 3;
		}
		ck_assert_int_ge(dlx_add_option_colored(p, items, colors, m), 0);
		ck_assert_int_eq(dlx_set_option_cost(p, o, rng() % range), DLX_OK);
	}
	if (bounds)
		random_bounds(p, np);
	if (rng() % 2)
		ck_assert_int_eq(dlx_shuffle_options(p, seed), DLX_OK);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = 20000;
	size_t k = 1 + rng() % 4;
	dlx_stats a, b;
	dlx_best *ba, *bb;
	dlx__set_tracking(p, 0);
	ck_assert_int_eq(dlx_search_best(p, &sp, k, &ba, &a), DLX_OK);
	for (int mode = 1; mode <= 3; mode++) {
		dlx__set_tracking(p, mode == 3 ? -1 : mode);
		ck_assert_int_eq(dlx_search_best(p, &sp, k, &bb, &b), DLX_OK);
		ck_assert_msg(a.nodes == b.nodes && a.updates == b.updates && a.branches == b.branches &&
				      a.solutions == b.solutions && a.stop == b.stop && ba->n == bb->n &&
				      ba->ties == bb->ties,
			      "seed %u (%zu items, bounds %d), mode %d: scans %llu nodes, %llu updates; heaps %llu, %llu",
			      seed, np, bounds, mode, (unsigned long long)a.nodes, (unsigned long long)a.updates,
			      (unsigned long long)b.nodes, (unsigned long long)b.updates);
		for (size_t t = 0; t < ba->n; t++)
			ck_assert(ba->sol[t].cost == bb->sol[t].cost && ba->sol[t].n == bb->sol[t].n &&
				  memcmp(ba->sol[t].options, bb->sol[t].options,
					 ba->sol[t].n * sizeof *ba->sol[t].options) == 0);
		dlx_best_free(bb);
	}
	bool deep = a.nodes > 100 && ba->n > 0;
	dlx_best_free(ba);
	dlx_problem_free(p);
	return deep;
}

/* _i: 0, every item 1:1; 1, a third of them bounded. */
START_TEST(best_heaps_choose_as_the_scan)
{
	unsigned deep = 0;
	for (unsigned seed = 1; seed <= test_trials(300); seed++)
		deep += best_heaps_case(seed, _i == 1);
	/*
	 * Trees of some depth that find solutions, not only dead ends at the
	 * root: a quarter of the unit problems; bounds leave fewer with
	 * solutions (76 of 300, 4 of 19 under valgrind): a tenth.
	 */
	ck_assert_uint_gt(deep, test_trials(300) / (_i ? 10 : 4));
}
END_TEST

/*
 * Algorithm M with its heap of urgent items and by scans alone, on random
 * problems larger than brute force takes (20-80 primary items, bounds,
 * colors, a seed's order), each to a node limit: the same nodes, updates,
 * branches and solutions, and the same progress when stopped.  Dropping
 * any of the heap's pushes makes some of them choose another item.
 */
START_TEST(urgent_heap_chooses_as_the_scan)
{
	unsigned differ = 0;
	for (unsigned seed = 1; seed <= test_trials(400); seed++) {
		rng_seed(seed * 2246822519u);
		size_t np = 20 + rng() % 61, ns = rng() % 4, no = np + rng() % (3 * np);
		dlx_problem *p = dlx_problem_new(np, ns);
		ck_assert_ptr_nonnull(p);
		for (size_t o = 0; o < no; o++) {
			size_t items[8];
			uint32_t colors[8];
			size_t n = 1 + rng() % 3;
			for (size_t k = 0; k < n; k++) {
				items[k] = rng() % np;
				colors[k] = 0;
				for (size_t j = 0; j < k; j++)
					if (items[j] == items[k])
						items[k] = np; /* a repeat: replaced below by a secondary item, or dropped */
			}
			size_t m = 0;
			for (size_t k = 0; k < n; k++)
				if (items[k] < np)
					items[m++] = items[k];
			if (ns && rng() % 3 == 0) {
				items[m] = np + rng() % ns;
				colors[m++] = rng() % 3;
			}
			ck_assert_int_ge(dlx_add_option_colored(p, items, colors, m), 0);
		}
		random_bounds(p, np);
		if (rng() % 2)
			ck_assert_int_eq(dlx_shuffle_options(p, seed), DLX_OK);
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		sp.node_limit = 20000;
		dlx_stats a, b;
		dlx__set_tracking(p, 0);
		ck_assert_int_eq(dlx_search(p, &sp, &a), DLX_OK);
		/* The heap from the start, from a few nodes on, and from where the scans grow long (never here). */
		for (int mode = 1; mode <= 3; mode++) {
			dlx__set_tracking(p, mode == 3 ? -1 : mode);
			ck_assert_int_eq(dlx_search(p, &sp, &b), DLX_OK);
			ck_assert_msg(a.nodes == b.nodes && a.updates == b.updates && a.branches == b.branches &&
					      a.solutions == b.solutions && a.stop == b.stop && a.progress == b.progress,
				      "seed %u (%zu items), mode %d: scans %llu nodes, %llu updates; heap %llu, %llu",
				      seed, np, mode, (unsigned long long)a.nodes, (unsigned long long)a.updates,
				      (unsigned long long)b.nodes, (unsigned long long)b.updates);
		}
		differ += a.nodes > 100;
		dlx_problem_free(p);
	}
	/* Trees of some depth, not only dead ends at the root. */
	ck_assert_uint_gt(differ, test_trials(400) / 4);
}
END_TEST

/* Knuth's DLX3 example (dlx3.w, its introduction): one solution, options 1, 3, 4 (from 0). */
START_TEST(knuth_dlx3_example)
{
	/* A B 2:3|C | X Y */
	dlx_problem *p = dlx_problem_new(3, 2);
	ck_assert_int_eq(dlx_set_item_bounds(p, 2, 2, 3), DLX_OK);
	const size_t o0[] = { 0, 1, 3, 4 }, o1[] = { 0, 2, 3, 4 }, o2[] = { 2, 3 }, o3[] = { 1, 3 }, o4[] = { 2, 4 };
	const uint32_t c0[] = { 0, 0, 1, 1 }, c1[] = { 0, 0, 2, 2 }, c2[] = { 0, 1 }, c3[] = { 0, 2 }, c4[] = { 0, 2 };
	ck_assert_int_eq(dlx_add_option_colored(p, o0, c0, 4), 0); /* A B X:0 Y:0 */
	ck_assert_int_eq(dlx_add_option_colored(p, o1, c1, 4), 1); /* A C X:1 Y:1 */
	ck_assert_int_eq(dlx_add_option_colored(p, o2, c2, 2), 2); /* C X:0 */
	ck_assert_int_eq(dlx_add_option_colored(p, o3, c3, 2), 3); /* B X:1 */
	ck_assert_int_eq(dlx_add_option_colored(p, o4, c4, 2), 4); /* C Y:1 */
	struct masks got = { .n = 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = collect_mask;
	sp.solution_ctx = &got;
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 1);
	ck_assert_uint_eq(got.m[0], (1u << 1) | (1u << 3) | (1u << 4));
	dlx_problem_free(p);
}
END_TEST

/* Limits, polls, splits and what bounded problems refuse. */
static int stop_poll(void *ctx, const dlx_stats *so_far)
{
	(void)so_far;
	return ++*(int *)ctx >= 2;
}

START_TEST(modes_and_refusals)
{
	/* 6 items each 0:3 over 12 single-item options: 2^12 - (too many per item) solutions */
	dlx_problem *p = dlx_problem_new(6, 0);
	for (size_t o = 0; o < 12; o++) {
		size_t it = o % 6;
		ck_assert_int_eq(dlx_add_option(p, &it, 1), (long)o);
	}
	for (size_t i = 0; i < 6; i++)
		ck_assert_int_eq(dlx_set_item_bounds(p, i, 0, 3), DLX_OK);
	ck_assert(dlx_has_bounds(p));
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 4096); /* two options an item: every subset */
	ck_assert_uint_eq(st.progress, 1.0);

	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = 10;
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 10);
	ck_assert_uint_eq(st.stop, DLX_STOP_LIMIT);
	sp.solution_limit = 0;
	sp.node_limit = 50;
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_uint_eq(st.nodes, 50);
	ck_assert_uint_eq(st.stop, DLX_STOP_NODE_LIMIT);
	int polls = 0;
	sp.node_limit = 0;
	sp.on_poll = stop_poll;
	sp.poll_ctx = &polls;
	sp.poll_interval = 100;
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_uint_eq(st.stop, DLX_STOP_POLL);
	ck_assert(st.progress > 0 && st.progress < 1);

	/* Threads and parts split the tree; part estimates and forcing are refused. */
	dlx_split_params th = { 4, 0, 0 };
	ck_assert_int_eq(dlx_search_split(p, NULL, &th, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 4096);
	dlx_split_params part = { 1, 1, 2 };
	ck_assert_int_eq(dlx_search_split(p, NULL, &part, &st), DLX_OK);
	uint64_t first_part = st.solutions;
	part.part = 2;
	ck_assert_int_eq(dlx_search_split(p, NULL, &part, &st), DLX_OK);
	ck_assert_uint_eq(first_part + st.solutions, 4096);
	/* A pull search: the 4096 one at a time, then stopped half-way by its limit and by a free. */
	dlx_iter *it;
	ck_assert_int_eq(dlx_iter_new(p, NULL, &it), DLX_OK);
	dlx_iter *two;
	ck_assert_int_eq(dlx_iter_new(p, NULL, &two), DLX_ERR_STATE);
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_ERR_STATE);
	uint64_t pulled = 0;
	const size_t *opts;
	size_t n;
	int r;
	while ((r = dlx_iter_next(it, &opts, &n)) == 1)
		pulled++;
	ck_assert_int_eq(r, 0);
	ck_assert_int_eq(dlx_iter_next(it, &opts, &n), 0);
	ck_assert_uint_eq(pulled, 4096);
	dlx_iter_stats(it, &st);
	ck_assert_uint_eq(st.stop, DLX_STOP_COMPLETE);
	ck_assert_uint_eq(st.solutions, 4096);
	dlx_iter_free(it);
	dlx_search_params lim = DLX_SEARCH_PARAMS_INIT;
	lim.solution_limit = 3;
	ck_assert_int_eq(dlx_iter_new(p, &lim, &it), DLX_OK);
	for (pulled = 0; dlx_iter_next(it, &opts, &n) == 1;)
		pulled++;
	ck_assert_uint_eq(pulled, 3);
	dlx_iter_stats(it, &st);
	ck_assert_uint_eq(st.stop, DLX_STOP_LIMIT);
	dlx_iter_free(it);
	ck_assert_int_eq(dlx_iter_new(p, NULL, &it), DLX_OK);
	ck_assert_int_eq(dlx_iter_next(it, &opts, &n), 1);
	dlx_iter_free(it);
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 4096);
	dlx_estimate est;
	ck_assert_int_eq(dlx_estimate_tree(p, 10, 1, NULL, 0, NULL, &est), DLX_OK);
	ck_assert_uint_eq(est.probes, 10);
	dlx_part half = { 1, 2 };
	ck_assert_int_eq(dlx_estimate_tree(p, 10, 1, &half, 1, NULL, &est), DLX_ERR_STATE);
	ck_assert_int_eq(dlx_force_option(p, 0), DLX_ERR_STATE);
	dlx_problem *c = dlx_problem_clone(p);
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(dlx_search(c, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 4096);
	dlx_problem_free(c);

	/* Bad bounds; 1:1 everywhere makes the problem plain again. */
	ck_assert_int_eq(dlx_set_item_bounds(p, 0, 2, 1), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_set_item_bounds(p, 0, 0, 0), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_set_item_bounds(p, 6, 1, 1), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_set_item_bounds(p, 0, 1, DLX_BOUND_MAX + 1), DLX_ERR_INVALID);
	for (size_t i = 0; i < 6; i++)
		ck_assert_int_eq(dlx_set_item_bounds(p, i, 1, 1), DLX_OK);
	ck_assert(!dlx_has_bounds(p));
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 64);
	uint32_t lo, hi;
	ck_assert_int_eq(dlx_item_bounds(p, 0, &lo, &hi), DLX_OK);
	ck_assert_uint_eq(lo, 1);
	ck_assert_uint_eq(hi, 1);

	/* Costs */
	ck_assert_int_eq(dlx_set_option_cost(p, 0, DLX_COST_MAX + 1), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_set_option_cost(p, 12, 1), DLX_ERR_INVALID);
	ck_assert(!dlx_has_costs(p));
	ck_assert_int_eq(dlx_set_option_cost(p, 3, 7), DLX_OK);
	ck_assert(dlx_has_costs(p));
	ck_assert_uint_eq(dlx_option_cost(p, 3), 7);
	ck_assert_uint_eq(dlx_option_cost(p, 4), 0);
	dlx_best *b;
	ck_assert_int_eq(dlx_search_best(p, NULL, 0, &b, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_search_best(p, NULL, 100, &b, &st), DLX_OK);
	ck_assert_uint_eq(b->n, 64);
	ck_assert_uint_eq(b->sol[0].cost, 0);
	ck_assert_uint_eq(b->sol[63].cost, 7);
	ck_assert_uint_eq(b->ties, 32);
	dlx_best_free(b);
	dlx_problem_free(p);
}
END_TEST

/*
 * Branch and bound visits fewer nodes than enumerating: the assignment
 * problem of n workers and n jobs, cost (i * j) mod 7 + 1, whose optimum is
 * checked against every permutation.
 */
static uint64_t perm_best(size_t n, size_t k, uint32_t used, uint64_t (*cost)(size_t, size_t))
{
	if (k == n)
		return 0;
	uint64_t best = UINT64_MAX;
	for (size_t j = 0; j < n; j++) {
		if (used >> j & 1)
			continue;
		uint64_t c = cost(k, j) + perm_best(n, k + 1, used | 1u << j, cost);
		if (c < best)
			best = c;
	}
	return best;
}

static uint64_t acost(size_t i, size_t j)
{
	return (i * 5 + j * 3 + i * j) % 11 + 1;
}

START_TEST(assignment_prunes)
{
	const size_t n = 7;
	dlx_problem *p = dlx_problem_new(2 * n, 0);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++) {
			size_t it[2] = { i, n + j };
			long o = dlx_add_option(p, it, 2);
			ck_assert_int_ge(o, 0);
			ck_assert_int_eq(dlx_set_option_cost(p, (size_t)o, acost(i, j)), DLX_OK);
		}
	dlx_stats all, st;
	ck_assert_int_eq(dlx_search(p, NULL, &all), DLX_OK);
	ck_assert_uint_eq(all.solutions, 5040);
	dlx_best *b;
	ck_assert_int_eq(dlx_search_best(p, NULL, 1, &b, &st), DLX_OK);
	ck_assert_uint_eq(b->n, 1);
	ck_assert_uint_eq(b->sol[0].cost, perm_best(n, 0, 0, acost));
	ck_assert_msg(st.nodes * 4 < all.nodes, "best: %llu nodes, all: %llu", (unsigned long long)st.nodes,
		      (unsigned long long)all.nodes);
	dlx_best_free(b);
	dlx_problem_free(p);
}
END_TEST

/*
 * The K cheapest solutions of larger problems, every primary item 1:1 and
 * no secondary item, against a dynamic program over the set of covered
 * items (at most 20): from a set, the first item not covered takes each
 * option that fits, and each set keeps the cheapest costs of its
 * completions with how many completions cost that much, as many costs as
 * it takes to reach K completions (the last one's count whole, so that the
 * ties at the K-th cost are exact: a completion cut away below has K
 * cheaper ones beside it, and so do its extensions above).
 */
#define DP_K 8
#define DP_MAX_OPT 400

struct dp_ent {
	uint64_t cost, count;
};

struct dp_list {
	bool done;
	uint8_t n;
	struct dp_ent e[DP_K];
};

struct dp {
	size_t items, k, n_opt;
	uint32_t opt[DP_MAX_OPT];
	uint64_t cost[DP_MAX_OPT];
	struct dp_list *memo;
};

/* Adds count completions of cost c to l, keeping what reaches k completions. */
static void dp_add(struct dp_list *l, size_t k, uint64_t c, uint64_t count)
{
	size_t at = 0;
	while (at < l->n && l->e[at].cost < c)
		at++;
	if (at < l->n && l->e[at].cost == c) {
		l->e[at].count += count;
	} else {
		if (l->n == DP_K && at == DP_K)
			return;
		size_t last = l->n < DP_K ? l->n : DP_K - 1;
		memmove(&l->e[at + 1], &l->e[at], (last - at) * sizeof l->e[0]);
		l->e[at] = (struct dp_ent){ c, count };
		if (l->n < DP_K)
			l->n++;
	}
	uint64_t before = 0;
	for (size_t t = 0; t < l->n; t++) {
		if (before >= k) {
			l->n = (uint8_t)t;
			break;
		}
		before += l->e[t].count;
	}
}

static const struct dp_list *dp_solve(struct dp *d, uint32_t mask)
{
	struct dp_list *l = &d->memo[mask];
	if (l->done)
		return l;
	l->done = true;
	l->n = 0;
	if (mask == ((uint32_t)1 << d->items) - 1) {
		l->n = 1;
		l->e[0] = (struct dp_ent){ 0, 1 };
		return l;
	}
	uint32_t first = (uint32_t)__builtin_ctz(~mask);
	struct dp_list acc = { true, 0, { { 0, 0 } } };
	for (size_t o = 0; o < d->n_opt; o++) {
		if (!(d->opt[o] >> first & 1) || (d->opt[o] & mask))
			continue;
		const struct dp_list *c = dp_solve(d, mask | d->opt[o]);
		for (size_t t = 0; t < c->n; t++)
			dp_add(&acc, d->k, c->e[t].cost + d->cost[o], c->e[t].count);
	}
	*l = acc;
	return l;
}

static void dp_option(struct dp *d, uint32_t mask, uint64_t cost)
{
	ck_assert_uint_lt(d->n_opt, DP_MAX_OPT);
	d->opt[d->n_opt] = mask;
	d->cost[d->n_opt++] = cost;
}

/* dlx_search_best() for k = 1..4 and 7 against the program; what, for messages. */
static void dp_check(struct dp *d, const char *what)
{
	dlx_problem *p = dlx_problem_new(d->items, 0);
	ck_assert_ptr_nonnull(p);
	for (size_t o = 0; o < d->n_opt; o++) {
		size_t it[32], n = 0;
		for (size_t i = 0; i < d->items; i++)
			if (d->opt[o] >> i & 1)
				it[n++] = i;
		ck_assert_int_eq(dlx_add_option(p, it, n), (long)o);
		ck_assert_int_eq(dlx_set_option_cost(p, o, d->cost[o]), DLX_OK);
	}
	static const size_t ks[] = { 1, 2, 3, 4, 7 };
	for (size_t t = 0; t < sizeof ks / sizeof ks[0]; t++) {
		d->k = ks[t];
		d->memo = calloc((size_t)1 << d->items, sizeof *d->memo);
		ck_assert_ptr_nonnull(d->memo);
		const struct dp_list *l = dp_solve(d, 0);
		/* The k cheapest costs, each as often as it comes, and the count of the last one. */
		uint64_t want[DP_K * 8], ties = 0;
		size_t n = 0;
		for (size_t e = 0; e < l->n && n < d->k; e++) {
			for (uint64_t c = 0; c < l->e[e].count && n < d->k; c++)
				want[n++] = l->e[e].cost;
			ties = l->e[e].count;
		}
		free(d->memo);
		dlx_best *b;
		dlx_stats st;
		ck_assert_int_eq(dlx_search_best(p, NULL, d->k, &b, &st), DLX_OK);
		ck_assert_uint_eq(st.stop, DLX_STOP_COMPLETE);
		ck_assert_msg(b->n == n, "%s, k %zu: %zu kept, want %zu", what, d->k, b->n, n);
		for (size_t s = 0; s < n; s++) {
			ck_assert_msg(b->sol[s].cost == want[s], "%s, k %zu: cost %zu is %llu, want %llu", what, d->k, s,
				      (unsigned long long)b->sol[s].cost, (unsigned long long)want[s]);
			uint32_t m = 0;
			uint64_t c = 0;
			for (size_t x = 0; x < b->sol[s].n; x++) {
				size_t o = b->sol[s].options[x];
				ck_assert_msg(!(m & d->opt[o]), "%s: options overlap", what);
				m |= d->opt[o];
				c += d->cost[o];
			}
			ck_assert_msg(m == ((uint32_t)1 << d->items) - 1 && c == want[s], "%s: not a solution of its cost",
				      what);
		}
		ck_assert_msg(b->ties == ties, "%s, k %zu: %llu ties, want %llu", what, d->k,
			      (unsigned long long)b->ties, (unsigned long long)ties);
		dlx_best_free(b);
	}
	dlx_problem_free(p);
}

START_TEST(best_vs_dynamic_program)
{
	static struct dp d;
	char what[80];
	rng_seed(2718);
	/* Assignments of n workers to n jobs (two classes: workers, jobs), costs below r. */
	static const uint32_t ranges[] = { 1, 2, 3, 10, 100000 };
	for (size_t n = 3; n <= 8; n++)
		for (size_t t = 0; t < sizeof ranges / sizeof ranges[0]; t++) {
			d.items = 2 * n;
			d.n_opt = 0;
			for (size_t i = 0; i < n; i++)
				for (size_t j = 0; j < n; j++)
					dp_option(&d, (uint32_t)1 << i | (uint32_t)1 << (n + j), rng() % ranges[t]);
			snprintf(what, sizeof what, "assignment %zu, costs below %u", n, ranges[t]);
			dp_check(&d, what);
		}
	/*
	 * The cheap assignment is the diagonal and all else is dear: once it is
	 * found, the threshold leaves every other option out of every cover,
	 * at every level, and the K-th cheapest are found among them.
	 */
	d.items = 14;
	d.n_opt = 0;
	for (size_t i = 0; i < 7; i++)
		for (size_t j = 0; j < 7; j++)
			dp_option(&d, (uint32_t)1 << i | (uint32_t)1 << (7 + j), i == j ? 0 : 1000 + (i * j) % 3);
	dp_check(&d, "a cheap diagonal");
	/* Domino tilings (a checkerboard of two classes), costs below r. */
	static const int boards[][2] = { { 2, 8 }, { 4, 4 }, { 3, 6 }, { 4, 5 } };
	for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++)
		for (size_t t = 0; t < sizeof ranges / sizeof ranges[0]; t++) {
			int rows = boards[b][0], cols = boards[b][1];
			d.items = (size_t)(rows * cols);
			d.n_opt = 0;
			for (int r = 0; r < rows; r++)
				for (int c = 0; c < cols; c++) {
					uint32_t here = (uint32_t)1 << (r * cols + c);
					if (c + 1 < cols)
						dp_option(&d, here | here << 1, rng() % ranges[t]);
					if (r + 1 < rows)
						dp_option(&d, here | here << cols, rng() % ranges[t]);
				}
			snprintf(what, sizeof what, "dominoes %dx%d, costs below %u", rows, cols, ranges[t]);
			dp_check(&d, what);
		}
	/*
	 * Perfect matchings of n points, every pair an option: every two items
	 * share an option, so each item is a class of its own, and past 16 the
	 * last ones have none.
	 */
	static const size_t points[][2] = { { 8, 3 }, { 10, 2 }, { 12, 50 }, { 18, 100000 } };
	for (size_t t = 0; t < sizeof points / sizeof points[0]; t++) {
		size_t n = points[t][0];
		d.items = n;
		d.n_opt = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t j = i + 1; j < n; j++)
				dp_option(&d, (uint32_t)1 << i | (uint32_t)1 << j, rng() % points[t][1]);
		snprintf(what, sizeof what, "matchings of %zu points, costs below %zu", n, points[t][1]);
		dp_check(&d, what);
	}
	/* Random options of 1 to 4 items over 14 (shares of options of different sizes), costs below r. */
	for (unsigned seed = 1; seed <= 60; seed++) {
		d.items = 14;
		d.n_opt = 0;
		uint32_t range = ranges[seed % 5];
		for (uint32_t i = 0; i < 14; i++)
			dp_option(&d, (uint32_t)1 << i, 2 * range + rng() % (range + 1));
		for (size_t o = 0; o < 50; o++) {
			uint32_t m = 0, size = 1 + rng() % 4;
			while ((uint32_t)__builtin_popcount(m) < size)
				m |= (uint32_t)1 << (rng() % 14);
			dp_option(&d, m, rng() % range);
		}
		snprintf(what, sizeof what, "random options, seed %u, costs below %u", seed, range);
		dp_check(&d, what);
	}
}
END_TEST

/*
 * Tilings of an R x C board by dominoes and straight trominoes with
 * lo..hi trominoes (tools/gen-trominoes.c's problem, built here through
 * the API), against a count by placing pieces on the first empty cell.
 */
static uint64_t tile_count(uint64_t filled, int rows, int cols, int trom, int lo, int hi)
{
	int cell = 0;
	while (cell < rows * cols && (filled >> cell & 1))
		cell++;
	if (cell == rows * cols)
		return trom >= lo && trom <= hi;
	int r = cell / cols, c = cell % cols;
	uint64_t n = 0;
	for (int len = 2; len <= 3; len++) {
		if (len == 3 && trom == hi)
			continue;
		for (int d = 0; d < 2; d++) {
			int dr = d, dc = 1 - d;
			if (r + dr * (len - 1) >= rows || c + dc * (len - 1) >= cols)
				continue;
			uint64_t piece = 0;
			for (int k = 0; k < len; k++)
				piece |= (uint64_t)1 << ((r + dr * k) * cols + c + dc * k);
			if (piece & filled)
				continue;
			n += tile_count(filled | piece, rows, cols, trom + (len == 3), lo, hi);
		}
	}
	return n;
}

static dlx_problem *trominoes(int rows, int cols, int lo, int hi)
{
	size_t cells = (size_t)(rows * cols);
	dlx_problem *p = dlx_problem_new(cells + 1, 0);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(dlx_set_item_bounds(p, cells, (uint32_t)lo, (uint32_t)hi), DLX_OK);
	for (int len = 2; len <= 3; len++)
		for (int r = 0; r < rows; r++)
			for (int c = 0; c < cols; c++)
				for (int d = 0; d < 2; d++) {
					int dr = d, dc = 1 - d;
					if (r + dr * (len - 1) >= rows || c + dc * (len - 1) >= cols)
						continue;
					size_t it[4], n = 0;
					for (int k = 0; k < len; k++)
						it[n++] = (size_t)((r + dr * k) * cols + c + dc * k);
					if (len == 3)
						it[n++] = cells;
					ck_assert_int_ge(dlx_add_option(p, it, n), 0);
				}
	return p;
}

START_TEST(tromino_tilings)
{
	static const int cases[][4] = { { 4, 6, 2, 2 }, { 4, 6, 4, 4 }, { 3, 7, 1, 3 }, { 5, 5, 0, 8 }, { 2, 9, 3, 3 } };
	for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
		int rows = cases[t][0], cols = cases[t][1], lo = cases[t][2], hi = cases[t][3];
		dlx_problem *p = trominoes(rows, cols, lo, hi);
		dlx_stats st;
		ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
		uint64_t want = tile_count(0, rows, cols, 0, lo, hi);
		ck_assert_msg(st.solutions == want, "%dx%d, %d..%d trominoes: %llu, want %llu", rows, cols, lo, hi,
			      (unsigned long long)st.solutions, (unsigned long long)want);
		dlx_problem_free(p);
	}
}
END_TEST

/* e is within `sigmas` standard errors of the true figures (exactly them when the errors are 0). */
static void expect_near(const dlx_estimate *e, const dlx_stats *truth, double sigmas, const char *what)
{
	double dn = e->nodes - (double)truth->nodes, ds = e->solutions - (double)truth->solutions;
	ck_assert_msg(dn * dn <= sigmas * sigmas * e->nodes_error * e->nodes_error + 1e-6,
		      "%s: nodes estimated %g +- %g, searched %llu", what, e->nodes, e->nodes_error,
		      (unsigned long long)truth->nodes);
	ck_assert_msg(ds * ds <= sigmas * sigmas * e->solutions_error * e->solutions_error + 1e-6,
		      "%s: solutions estimated %g +- %g, searched %llu", what, e->solutions, e->solutions_error,
		      (unsigned long long)truth->solutions);
}

/*
 * Knuth's estimate of Algorithm M's tree is unbiased: over many probes the
 * means come within a few standard errors of the search's nodes and
 * solutions, for random problems with bounds and colors (seeded, so the
 * same every run) and a tromino tiling.  A probe that met a tree other
 * than the search's (a branch the search does not enter, or one missed)
 * would be off by far more on some of them.
 */
START_TEST(estimate_of_bounded_trees)
{
	char what[64];
	for (unsigned seed = 1; seed <= test_trials(300); seed++) {
		rng_seed(seed * 31337u);
		struct rnd r;
		make(&r, seed % 2 == 0, false, false, 10);
		dlx_problem *p = build(&r);
		dlx_stats st;
		ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
		dlx_estimate e;
		ck_assert_int_eq(dlx_estimate_tree(p, 3000, seed, NULL, 0, NULL, &e), DLX_OK);
		ck_assert_uint_eq(e.probes, 3000);
		ck_assert_uint_eq(e.stop, DLX_STOP_COMPLETE);
		snprintf(what, sizeof what, "seed %u", seed);
		expect_near(&e, &st, 5, what);
		/* The probes leave the problem as it was. */
		dlx_stats again;
		ck_assert_int_eq(dlx_search(p, NULL, &again), DLX_OK);
		ck_assert_uint_eq(again.nodes, st.nodes);
		dlx_problem_free(p);
	}
	dlx_problem *p = trominoes(5, 6, 0, 6);
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	dlx_estimate e;
	ck_assert_int_eq(dlx_estimate_tree(p, 20000, 7, NULL, 0, NULL, &e), DLX_OK);
	expect_near(&e, &st, 5, "5x6 trominoes");
	ck_assert(e.nodes_error > 0 && e.nodes_error < 0.05 * e.nodes);
	/* A poll stops the probes; the estimate is from those made. */
	int polls = 0;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = stop_poll;
	sp.poll_ctx = &polls;
	ck_assert_int_eq(dlx_estimate_tree(p, 1000, 7, NULL, 0, &sp, &e), DLX_OK);
	ck_assert_uint_eq(e.stop, DLX_STOP_POLL);
	ck_assert_uint_eq(e.probes, 2);
	dlx_problem_free(p);
}
END_TEST

/* Counts solutions from any thread (split_worker_solution() never runs two at a time). */
static int count_one(void *ctx, const size_t *opts, size_t n)
{
	(void)opts;
	(void)n;
	++*(uint64_t *)ctx;
	return 0;
}

/*
 * A tree too big to be one job: 5 x 6 with 0..6 trominoes (its count from
 * tile_count()).  Threads give one search's figures; parts of several M add
 * up, and so do the pieces of a part; the same part twice gives the same
 * count; a solution limit is exact; node limits and polls stop the workers.
 */
START_TEST(threads_and_parts)
{
	dlx_problem *p = trominoes(5, 6, 0, 6);
	uint64_t want = tile_count(0, 5, 6, 0, 0, 6);
	dlx_stats one, st;
	ck_assert_int_eq(dlx_search(p, NULL, &one), DLX_OK);
	ck_assert_uint_eq(one.solutions, want);
	for (unsigned t = 1; t <= 4; t++) {
		dlx_split_params th = { t, 0, 0 };
		ck_assert_int_eq(dlx_search_split(p, NULL, &th, &st), DLX_OK);
		ck_assert_uint_eq(st.solutions, want);
		ck_assert_uint_eq(st.nodes, one.nodes);
		ck_assert_uint_eq(st.updates, one.updates);
		ck_assert_uint_eq(st.branches, one.branches);
		ck_assert_uint_eq(st.stop, DLX_STOP_COMPLETE);
	}
	static const uint32_t ms[] = { 1, 2, 3, 7, 64 };
	for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++) {
		uint64_t sum = 0, calls = 0;
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		sp.on_solution = count_one;
		sp.solution_ctx = &calls;
		for (uint32_t k = 1; k <= ms[i]; k++) {
			dlx_split_params pa = { 1 + k % 3, k, ms[i] };
			ck_assert_int_eq(dlx_search_split(p, k % 2 ? &sp : NULL, &pa, &st), DLX_OK);
			ck_assert_uint_eq(st.stop, DLX_STOP_COMPLETE);
			sum += st.solutions;
		}
		ck_assert_msg(sum == want, "%u parts: %llu solutions, want %llu", ms[i], (unsigned long long)sum,
			      (unsigned long long)want);
	}
	/* The pieces of part 2/3, three levels deep, add up to it; the same part twice counts alike. */
	dlx_split_params two = { 2, 2, 3 };
	ck_assert_int_eq(dlx_search_split(p, NULL, &two, &st), DLX_OK);
	uint64_t part = st.solutions;
	ck_assert_int_eq(dlx_search_split(p, NULL, &two, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, part);
	uint64_t pieces = 0;
	for (uint32_t j = 1; j <= 5; j++)
		for (uint32_t l = 1; l <= 2; l++) {
			dlx_part path[3] = { { 2, 3 }, { j, 5 }, { l, 2 } };
			ck_assert_int_eq(dlx_search_parts(p, NULL, 2, path, 3, &st), DLX_OK);
			pieces += st.solutions;
		}
	ck_assert_uint_eq(pieces, part);

	/* Limits across threads */
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	uint64_t calls = 0;
	sp.on_solution = count_one;
	sp.solution_ctx = &calls;
	sp.solution_limit = 1000;
	dlx_split_params th = { 3, 0, 0 };
	ck_assert_int_eq(dlx_search_split(p, &sp, &th, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 1000);
	ck_assert_uint_eq(calls, 1000);
	ck_assert_uint_eq(st.stop, DLX_STOP_LIMIT);
	sp = (dlx_search_params)DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = 20000;
	ck_assert_int_eq(dlx_search_split(p, &sp, &th, &st), DLX_OK);
	ck_assert_uint_eq(st.stop, DLX_STOP_NODE_LIMIT);
	ck_assert_uint_ge(st.nodes, 20000);
	ck_assert_uint_lt(st.nodes, one.nodes);
	ck_assert_uint_lt(st.solutions, want);
	int polls = 0;
	sp.node_limit = 0;
	sp.on_poll = stop_poll;
	sp.poll_ctx = &polls;
	sp.poll_interval = 100;
	ck_assert_int_eq(dlx_search_split(p, &sp, &th, &st), DLX_OK);
	ck_assert_uint_eq(st.stop, DLX_STOP_POLL);
	ck_assert(st.progress >= 0 && st.progress < 1);
	dlx_problem_free(p);
}
END_TEST

/* The memoized count of a bounded problem, as a decimal string, with a split (NULL: whole, one thread). */
static uint64_t memo_u64(dlx_problem *p, const dlx_search_params *sp, const dlx_split_params *split,
			 dlx_stats *st)
{
	char *c = NULL;
	ck_assert_int_eq(dlx_memo_count(p, sp, NULL, split, &c, st, NULL), DLX_OK);
	ck_assert_ptr_nonnull(c);
	char *end;
	unsigned long long v = strtoull(c, &end, 10);
	ck_assert(*end == 0);
	ck_assert_uint_eq(v, st->solutions);
	free(c);
	return v;
}

/*
 * The memoized count of bounded problems split (the frontier search's
 * cut, each state of a level a job weighed by the ways to reach it):
 * threads give the count, parts of several M add up to it, the same part
 * twice counts alike, whatever the threads; limits and polls stop it.
 * Boards big enough that the cut has hundreds of jobs.
 */
START_TEST(memo_threads_and_parts)
{
	static const int boards[][4] = { { 5, 6, 0, 6 }, { 6, 6, 1, 5 }, { 4, 7, 2, 7 } };
	/* Under memcheck (DLX_TEST_TRIALS_DIVISOR) one board and fewer splits walk the same paths. */
	const size_t n_boards = test_trials(sizeof boards / sizeof boards[0]), n_ms = test_trials_min(5, 2);
	for (size_t b = 0; b < n_boards; b++) {
		const int *d = boards[b];
		dlx_problem *p = trominoes(d[0], d[1], d[2], d[3]);
		uint64_t want = tile_count(0, d[0], d[1], 0, d[2], d[3]);
		dlx_stats st, whole;
		ck_assert_uint_eq(memo_u64(p, NULL, NULL, &whole), want);
		for (unsigned t = 1; t <= 4; t++) {
			dlx_split_params th = { t, 0, 0 };
			ck_assert_uint_eq(memo_u64(p, NULL, &th, &st), want);
			ck_assert_uint_eq(st.stop, DLX_STOP_COMPLETE);
			ck_assert(st.progress == 1.0);
			ck_assert_uint_gt(st.nodes, 0);
		}
		static const uint32_t ms[] = { 3, 64, 1, 2, 7 };
		for (size_t i = 0; i < n_ms; i++) {
			uint64_t sum = 0;
			for (uint32_t k = 1; k <= ms[i]; k++) {
				dlx_split_params pa = { 1 + k % 3, k, ms[i] };
				uint64_t part = memo_u64(p, NULL, &pa, &st);
				ck_assert_uint_eq(st.stop, DLX_STOP_COMPLETE);
				if (k == 2) {
					dlx_split_params again = { 1 + (k + 1) % 3, k, ms[i] };
					ck_assert_uint_eq(memo_u64(p, NULL, &again, &st), part);
				}
				sum += part;
			}
			ck_assert_msg(sum == want, "board %zu, %u parts: %llu, want %llu", b, ms[i],
				      (unsigned long long)sum, (unsigned long long)want);
		}
		/* A solution limit is the count; node limits and polls stop every thread. */
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		sp.solution_limit = want / 2 + 1;
		dlx_split_params th = { 3, 0, 0 };
		ck_assert_uint_eq(memo_u64(p, &sp, &th, &st), want / 2 + 1);
		ck_assert_uint_eq(st.stop, DLX_STOP_LIMIT);
		/* Without a table (a budget of 1 byte), so the search is long enough for a node limit. */
		dlx_memo_params bare = { DLX_MEMO_MRV, 1 };
		ck_assert_int_eq(dlx_memo_count(p, NULL, &bare, &th, NULL, &st, NULL), DLX_OK);
		ck_assert_uint_eq(st.solutions, want);
		uint64_t nodes = st.nodes;
		sp = (dlx_search_params)DLX_SEARCH_PARAMS_INIT;
		sp.node_limit = nodes / 4;
		ck_assert_int_eq(dlx_memo_count(p, &sp, &bare, &th, NULL, &st, NULL), DLX_OK);
		ck_assert_msg(st.stop == DLX_STOP_NODE_LIMIT, "board %zu: %llu nodes, stop %d", b,
			      (unsigned long long)nodes, (int)st.stop);
		ck_assert_uint_lt(st.solutions, want);
		ck_assert_uint_lt(st.nodes, nodes);
		int polls = 0;
		sp.node_limit = 0;
		sp.on_poll = stop_poll;
		sp.poll_ctx = &polls;
		sp.poll_interval = 100;
		dlx_split_params alone = { 1, 1, 2 };
		memo_u64(p, &sp, &alone, &st);
		ck_assert_uint_eq(st.stop, DLX_STOP_POLL);
		ck_assert(st.progress >= 0 && st.progress < 1);
		dlx_problem_free(p);
	}
}
END_TEST

/*
 * The frontier's order follows a walk of the problem when that keeps it
 * narrower: a 3 x 30 strip listed row by row (30 cells a row; in item
 * order some 2^30 states a level) counts as its transpose does (3 cells a
 * row), within a few times its states: a node limit of 4 times them
 * stops it otherwise.  The count, of tilings by dominoes and exactly 4
 * straight trominoes, is the README's for dlx-gen-trominoes 30 3 4.
 */
START_TEST(memo_order_follows_the_walk)
{
	dlx_problem *rows = trominoes(3, 30, 4, 4), *cols = trominoes(30, 3, 4, 4);
	dlx_stats a, b;
	char *ca = NULL, *cb = NULL;
	ck_assert_int_eq(dlx_memo_count(cols, NULL, NULL, NULL, &cb, &b, NULL), DLX_OK);
	ck_assert_str_eq(cb, "2456199958109");
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = 4 * b.nodes;
	ck_assert_int_eq(dlx_memo_count(rows, &sp, NULL, NULL, &ca, &a, NULL), DLX_OK);
	ck_assert_msg(a.stop == DLX_STOP_COMPLETE, "row by row: stopped after %llu states, column by column %llu",
		      (unsigned long long)a.nodes, (unsigned long long)b.nodes);
	ck_assert_str_eq(ca, "2456199958109");
	free(ca);
	free(cb);
	dlx_problem_free(rows);
	dlx_problem_free(cols);
}
END_TEST

/*
 * Threads walk the levels together (levels of 4,096 states or more; 8x8
 * with 4 trominoes has levels of up to 10,488): the same count and the
 * same states expanded on 1 to 3 threads, whole and for a part, and the
 * count stop 30's depth-first search gave (11,159,255,056).
 */
START_TEST(memo_levels_on_threads)
{
	dlx_problem *p = trominoes(8, 8, 4, 4);
	dlx_stats one, st, part_one;
	char *c = NULL;
	ck_assert_int_eq(dlx_memo_count(p, NULL, NULL, NULL, &c, &one, NULL), DLX_OK);
	ck_assert_str_eq(c, "11159255056");
	free(c);
	dlx_split_params two_of_three = { 1, 2, 3 };
	ck_assert_int_eq(dlx_memo_count(p, NULL, NULL, &two_of_three, NULL, &part_one, NULL), DLX_OK);
	for (unsigned t = 2; t <= 1 + test_trials_min(2, 1); t++) {
		dlx_split_params th = { t, 0, 0 };
		ck_assert_int_eq(dlx_memo_count(p, NULL, NULL, &th, &c, &st, NULL), DLX_OK);
		ck_assert_str_eq(c, "11159255056");
		free(c);
		ck_assert_uint_eq(st.nodes, one.nodes);
		ck_assert_uint_eq(st.updates, one.updates);
		two_of_three.threads = t;
		ck_assert_int_eq(dlx_memo_count(p, NULL, NULL, &two_of_three, NULL, &st, NULL), DLX_OK);
		ck_assert_uint_eq(st.solutions, part_one.solutions);
		ck_assert_uint_eq(st.nodes, part_one.nodes);
	}
	/* A node limit in the middle of the walk stops every thread. */
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = one.nodes / 2;
	dlx_split_params th = { 2, 0, 0 };
	ck_assert_int_eq(dlx_memo_count(p, &sp, NULL, &th, NULL, &st, NULL), DLX_OK);
	ck_assert_uint_eq(st.stop, DLX_STOP_NODE_LIMIT);
	ck_assert_uint_eq(st.nodes, one.nodes / 2);
	dlx_problem_free(p);
}
END_TEST

/*
 * The level walk's budget is the threads' memory together (memo.memory is
 * a thread's), and weighs the states, not shards' rooms: one item taken
 * 0..300 times by 200 identical options (2^200 ways, 20,100 states) counts
 * level by level within 100 KB on 1 or 3 threads.  Before, 3 threads cut
 * the walk's budget to a third and 100 KB refused its first levels, and
 * the depth-first search that took over met a billion nodes (a review
 * found it); a node limit of a million says so.
 */
START_TEST(memo_budget_is_the_walks)
{
	dlx_problem *p = dlx_problem_new(1, 0);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(dlx_set_item_bounds(p, 0, 0, 300), DLX_OK);
	size_t a = 0;
	for (int k = 0; k < 200; k++)
		ck_assert_int_ge(dlx_add_option(p, &a, 1), 0);
	dlx_memo_params mp = { DLX_MEMO_MRV, 100 * 1024 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = 1000000;
	for (unsigned t = 1; t <= 3; t += 2) {
		dlx_split_params th = { t, 0, 0 };
		char *c = NULL;
		dlx_stats st;
		ck_assert_int_eq(dlx_memo_count(p, &sp, &mp, &th, &c, &st, NULL), DLX_OK);
		ck_assert_msg(st.stop == DLX_STOP_COMPLETE, "%u threads: stopped after %llu nodes", t,
			      (unsigned long long)st.nodes);
		ck_assert_str_eq(c, "1606938044258990275541962092341162602522202993782792835301376");
		free(c);
	}
	dlx_problem_free(p);
}
END_TEST

static Suite *bounds_suite(void)
{
	Suite *s = suite_create("bounds");
	TCase *tc = tcase_create("brute-force");
	tcase_add_test(tc, bounds_vs_brute_force);
	tcase_add_test(tc, bounds_colors_vs_brute_force);
	tcase_add_test(tc, costs_vs_brute_force);
	tcase_add_test(tc, unit_costs_vs_brute_force);
	tcase_add_test(tc, urgent_heap_chooses_as_the_scan);
	tcase_add_loop_test(tc, best_heaps_choose_as_the_scan, 0, 2);
	tcase_add_test(tc, best_keeps_first_found_ties);
	suite_add_tcase(s, tc);
	tc = tcase_create("api");
	tcase_add_test(tc, knuth_dlx3_example);
	tcase_add_test(tc, modes_and_refusals);
	tcase_add_test(tc, assignment_prunes);
	tcase_add_test(tc, best_vs_dynamic_program);
	tcase_add_test(tc, tromino_tilings);
	tcase_add_test(tc, threads_and_parts);
	tcase_add_test(tc, memo_threads_and_parts);
	tcase_add_test(tc, memo_order_follows_the_walk);
	tcase_add_test(tc, memo_levels_on_threads);
	tcase_add_test(tc, memo_budget_is_the_walks);
	tcase_add_test(tc, estimate_of_bounded_trees);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(bounds_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
