/*
 * The "scans" suite: the work the branching heuristic and the progress
 * estimate do per search node stays bounded on long chains of forced moves
 * (issue 13: n items with one option each took 65 s at 2,000,000, a 1 x n
 * domino strip 1.3 s at 400,000, both quadratic in n).  The core is built
 * here with DLX_COUNT_SCANS, which counts every word and item those routines
 * read (dlx__scans()); a bound per node catches a quadratic scan without
 * timing anything.
 */
#include <check.h>
#include <stdlib.h>

#include "core-fixtures.h"
#include "dlx-internal.h"
#include "dlx.h"
#include "test-trials.h"

/* n primary items, each with one option of its own: one solution, n forced moves. */
static dlx_problem *singles(size_t n)
{
	dlx_problem *p = dlx_problem_new(n, 0);
	ck_assert_ptr_nonnull(p);
	for (size_t k = 0; k < n; k++)
		ck_assert_int_ge(dlx_add_option(p, &k, 1), 0);
	return p;
}

/* A 1 x n strip of cells tiled by dominoes (n even): one tiling, found by forced moves. */
static dlx_problem *strip(size_t n)
{
	dlx_problem *p = dlx_problem_new(n, 0);
	ck_assert_ptr_nonnull(p);
	for (size_t k = 0; k + 1 < n; k++) {
		size_t items[2] = { k, k + 1 };
		ck_assert_int_ge(dlx_add_option(p, items, 2), 0);
	}
	return p;
}

/* n items (n even) in disjoint pairs, one option each: covering one item of a pair empties the other. */
static dlx_problem *pairs(size_t n)
{
	dlx_problem *p = dlx_problem_new(n, 0);
	ck_assert_ptr_nonnull(p);
	for (size_t k = 0; k + 1 < n; k += 2) {
		size_t items[2] = { k, k + 1 };
		ck_assert_int_ge(dlx_add_option(p, items, 2), 0);
	}
	return p;
}

/*
 * m items open with two options each ahead of a chain of n forced items,
 * then a pair x, y for each open item a: options {a x}, {a y}, {x y},
 * {x} and one per chain item.  The chain comes first (one option each),
 * then the open items: {a x} leaves y none, {a y} leaves x its own: one
 * solution.  The low bytes' start could not move past item 0, open all
 * along the chain, so every node read the chain's covered prefix again
 * (2.0 s at 10^5, 19.7 s at 4 x 10^5); behind more open items than
 * skipped[] had room for (16), the same (0.4 s at 10^5 behind 17-41).
 */
static dlx_problem *chain_behind(size_t n, size_t m)
{
	dlx_problem *p = dlx_problem_new(m + n + 2 * m, 0);
	ck_assert_ptr_nonnull(p);
	for (size_t a = 0; a < m; a++) {
		size_t x = m + n + 2 * a, y = x + 1, ax[2] = { a, x }, ay[2] = { a, y }, xy[2] = { x, y };
		ck_assert_int_ge(dlx_add_option(p, ax, 2), 0);
		ck_assert_int_ge(dlx_add_option(p, ay, 2), 0);
		ck_assert_int_ge(dlx_add_option(p, xy, 2), 0);
		ck_assert_int_ge(dlx_add_option(p, &x, 1), 0);
	}
	for (size_t k = m; k < m + n; k++)
		ck_assert_int_ge(dlx_add_option(p, &k, 1), 0);
	return p;
}

static dlx_problem *open_then_chain(size_t n)
{
	return chain_behind(n, 1);
}

static dlx_problem *many_open_then_chain(size_t n)
{
	return chain_behind(n, 100);
}

static int poll_go_on(void *ctx, const dlx_stats *so_far)
{
	double *last = ctx;
	*last = so_far->progress;
	return 0;
}

/* Counts p's solutions in the given tracking mode; returns the reads per node, *nodes the nodes. */
static double reads_per_node(dlx_problem *p, int tracking, uint32_t poll_interval, double *nodes)
{
	dlx__set_tracking(p, tracking);
	double progress = -1;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	if (poll_interval) {
		sp.on_poll = poll_go_on;
		sp.poll_ctx = &progress;
		sp.poll_interval = poll_interval;
	}
	uint64_t before = dlx__scans(p);
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 1);
	ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
	if (poll_interval)
		ck_assert(progress >= 0 && progress <= 1);
	*nodes = (double)st.nodes;
	return (double)(dlx__scans(p) - before) / (double)st.nodes;
}

/* Chains of forced moves, with and without a poll at every node. */
static const struct chain {
	const char *name;
	dlx_problem *(*make)(size_t n);
	size_t n;
	uint32_t poll_interval;
	size_t open; /* items left open along the chain */
} chains[] = {
	{ "one option per item", singles, 100000, 0, 0 },
	{ "a domino strip", strip, 200000, 0, 0 },
	/* Memo and diagrams: every cover empties an item, which the option then covers. */
	{ "disjoint pairs", pairs, 200000, 0, 0 },
	/* Knuth's estimate reads the levels of the path: none may be read at every poll. */
	{ "a domino strip polled at every node", strip, 100000, 1, 0 },
	/* Scans move past item 0 only after 1,024 items: see few_reads(). */
	{ "a chain behind an open item", open_then_chain, 100000, 0, 1 },
	{ "a chain behind 100 open items", many_open_then_chain, 100000, 0, 100 },
};

/*
 * A chain's length: under memcheck (test_trials() divides) a quarter, still
 * long enough that a scan of the covered prefix would read hundreds of
 * words a node where the bounds below allow 20.
 */
static size_t chain_size(const struct chain *c, size_t part)
{
	return c->n / part / (test_trials(4) < 4 ? 4 : 1);
}

/*
 * At most 20 reads a node and one for each item left open along the chain
 * (skipped[], read at every node), and once a start: choose_item_skipping()
 * moves past open items only when 1,024 items lie before its first hit, so
 * the first thousand nodes of a chain behind one may read up to 128 words
 * each, and it looks for them only after 32 such scans (skip_open()).  Past
 * 16 open items, skipped[] takes one more for each 32 items the move
 * passes: 32 m nodes reading up to 4 m words each first.
 */
static bool few_reads(uint64_t reads, double nodes, size_t open)
{
	double m = (double)open;
	return (double)reads <= (20 + m) * nodes + 80000 + 128 * m * m;
}

START_TEST(chains_read_little_per_node)
{
	const struct chain *c = &chains[_i];
	dlx_problem *p = c->make(chain_size(c, 1));
	/* A few words of eight low bytes per node: never the whole covered prefix. */
	double nodes, r = reads_per_node(p, 1, c->poll_interval, &nodes);
	if (c->open)
		ck_assert_msg(few_reads((uint64_t)(r * nodes), nodes, c->open), "%s: %.1f reads per node", c->name, r);
	else
		ck_assert_msg(r <= 20, "%s: %.1f reads per node", c->name, r);
	dlx_problem_free(p);
}
END_TEST

/*
 * The other ways to run the plain search on a chain behind an open item:
 * with propagation, pulled one solution at a time, resumed from a
 * checkpoint half-way.  Their scans kept starting at item 0 (2.0 s at
 * 10^5 items, 19.7 s at 4 x 10^5 for `dlx -c`): the searches of problems
 * with more than 8,192 primary items now move past open items too.
 */
START_TEST(open_chain_reads_little_in_every_search)
{
	const struct chain *c = &chains[_i];
	ck_assert(c->open);
	size_t n = chain_size(c, 1);
	dlx_problem *p = c->make(n);
	dlx__set_tracking(p, 1);
	dlx_stats st;

	ck_assert_int_eq(dlx_set_propagation(p, DLX_PROPAGATE_SUBSUME), DLX_OK);
	uint64_t before = dlx__scans(p);
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 1);
	uint64_t reads = dlx__scans(p) - before;
	ck_assert_msg(few_reads(reads, (double)st.nodes, c->open), "propagating: %.1f reads per node",
		      (double)reads / (double)st.nodes);
	ck_assert_int_eq(dlx_set_propagation(p, DLX_PROPAGATE_NONE), DLX_OK);

	dlx_iter *it = NULL;
	before = dlx__scans(p);
	ck_assert_int_eq(dlx_iter_new(p, NULL, &it), DLX_OK);
	const size_t *options;
	size_t k;
	ck_assert_int_eq(dlx_iter_next(it, &options, &k), 1);
	ck_assert_uint_eq(k, n + 2 * c->open);
	ck_assert_int_eq(dlx_iter_next(it, &options, &k), 0);
	dlx_iter_stats(it, &st);
	dlx_iter_free(it);
	reads = dlx__scans(p) - before;
	ck_assert_msg(few_reads(reads, (double)st.nodes, c->open), "pulled: %.1f reads per node",
		      (double)reads / (double)st.nodes);

	/* Stopped half-way down the chain, then resumed: the replay's levels choose by the same scans. */
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = n / 2;
	ck_assert_int_eq(dlx_search_resume(p, &sp, NULL, 0, &st, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
	void *ck = NULL;
	size_t len = 0;
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_OK);
	before = dlx__scans(p);
	ck_assert_int_eq(dlx_search_resume(p, NULL, ck, len, &st, NULL), DLX_OK);
	free(ck);
	ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
	ck_assert_uint_eq(st.solutions, 1);
	reads = dlx__scans(p) - before;
	ck_assert_msg(few_reads(reads, (double)st.nodes, c->open), "resumed: %.1f reads per node",
		      (double)reads / (double)st.nodes);
	dlx_problem_free(p);
}
END_TEST

/* A 1 x n strip of dominoes (n even) beside item z, which may be left uncovered (0:1): Algorithm M's. */
static dlx_problem *bounded_strip(size_t n)
{
	dlx_problem *p = dlx_problem_new(n + 1, 0);
	ck_assert_ptr_nonnull(p);
	for (size_t k = 0; k + 1 < n; k++) {
		size_t items[2] = { k, k + 1 };
		ck_assert_int_ge(dlx_add_option(p, items, 2), 0);
	}
	ck_assert_int_ge(dlx_add_option(p, &n, 1), 0);
	ck_assert_int_eq(dlx_set_item_bounds(p, n, 0, 1), DLX_OK);
	return p;
}

/* Item z needing exactly 2 of its two options, beside n items with one option each: every item forced at once. */
static dlx_problem *bounded_singles(size_t n)
{
	dlx_problem *p = dlx_problem_new(n + 1, 0);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(dlx_set_item_bounds(p, 0, 2, 2), DLX_OK);
	size_t z = 0;
	ck_assert_int_ge(dlx_add_option(p, &z, 1), 0);
	ck_assert_int_ge(dlx_add_option(p, &z, 1), 0);
	for (size_t k = 1; k <= n; k++)
		ck_assert_int_ge(dlx_add_option(p, &k, 1), 0);
	return p;
}

/*
 * Items choose() read per node of Algorithm M's search of p, which has
 * `solutions`, less the scans it made before it took to the heap: a
 * window of 2^20 items, or of 4 for each level of a heap of every primary
 * item when that is more (M_SCAN_WINDOW, M_HEAP_STEP in dlx-search-m.c),
 * and the heap's start.
 */
static double reads_past_start(const dlx_problem *p, uint64_t before, uint64_t nodes)
{
	uint64_t np = dlx_primary_count(p), levels = 1;
	while (np >> levels)
		levels++;
	uint64_t window = 4 * np * levels > ((uint64_t)1 << 20) ? 4 * np * levels : (uint64_t)1 << 20;
	uint64_t reads = dlx__scans(p) - before, start = window + 2 * np;
	return (double)(reads > start ? reads - start : 0) / (double)nodes;
}

static double bounded_reads_per_node(dlx_problem *p, uint64_t solutions)
{
	uint64_t before = dlx__scans(p);
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, solutions);
	return reads_past_start(p, before, st.nodes);
}

/*
 * Algorithm M's choice scanned every active item at every node: a chain of
 * forced moves beside one bounded item took 5.0 s at 10^5 cells, 79 s at
 * 4 x 10^5; n single-option items beside `2|z`, all forced at once, 10.6 s
 * at 10^5 (and a stack of the forced items, read whole at every node, kept
 * that one quadratic).  A search whose scans grow long keeps a heap of the
 * items with one branch at most (choose() in dlx-search-m.c); scans alone
 * (kept so) still read hundreds of items a node on short ones, which shows
 * the count sees them.
 */
START_TEST(bounded_chain_reads_little_per_node)
{
	size_t n = chain_size(&chains[0], 1);
	dlx_problem *p = bounded_strip(n);
	double r = bounded_reads_per_node(p, 2);
	ck_assert_msg(r <= 20, "bounded strip: %.1f reads per node", r);
	dlx_problem_free(p);
	p = bounded_singles(n);
	r = bounded_reads_per_node(p, 1);
	ck_assert_msg(r <= 20, "singles beside 2|z: %.1f reads per node", r);
	dlx_problem_free(p);
	p = bounded_strip(6000);
	dlx__set_tracking(p, 0);
	r = bounded_reads_per_node(p, 2);
	ck_assert_msg(r > 100, "bounded strip, scans alone: %.1f reads per node", r);
	dlx_problem_free(p);
	p = bounded_singles(6000);
	dlx__set_tracking(p, 0);
	r = bounded_reads_per_node(p, 1);
	ck_assert_msg(r > 100, "singles beside 2|z, scans alone: %.1f reads per node", r);
	dlx_problem_free(p);
}
END_TEST

/* A 1 x n domino strip (n even), every domino of cost 1: one solution, of cost n / 2. */
static dlx_problem *cost_strip(size_t n)
{
	dlx_problem *p = dlx_problem_new(n, 0);
	ck_assert_ptr_nonnull(p);
	for (size_t k = 0; k + 1 < n; k++) {
		size_t items[2] = { k, k + 1 };
		ck_assert_int_eq(dlx_set_option_cost(p, (size_t)dlx_add_option(p, items, 2), 1), DLX_OK);
	}
	return p;
}

/*
 * Problem p with one more primary item, q, bounded lo:hi, with an option of
 * its own for each cost in costs[0 .. n): the same problem with a bound, so
 * that the cheapest solutions' search takes the way of bounds.
 */
static dlx_problem *with_bounded_item(dlx_problem *p, uint32_t lo, uint32_t hi, const uint64_t *costs, size_t n)
{
	size_t np = dlx_primary_count(p), no = dlx_option_count(p);
	dlx_problem *b = dlx_problem_new(np + 1, dlx_secondary_count(p));
	ck_assert_ptr_nonnull(b);
	for (size_t o = 0; o < no; o++) {
		size_t len = dlx_option_size(p, o);
		size_t *shifted = malloc((len ? len : 1) * sizeof *shifted);
		ck_assert_ptr_nonnull(shifted);
		for (size_t t = 0; t < len; t++) {
			size_t it = dlx_option_item(p, o, t);
			shifted[t] = it < np ? it : it + 1;
		}
		ck_assert_int_eq(dlx_add_option(b, shifted, len), (long)o);
		ck_assert_int_eq(dlx_set_option_cost(b, o, dlx_option_cost(p, o)), DLX_OK);
		free(shifted);
	}
	for (size_t t = 0; t < n; t++)
		ck_assert_int_eq(dlx_set_option_cost(b, (size_t)dlx_add_option(b, &np, 1), costs[t]), DLX_OK);
	ck_assert_int_eq(dlx_set_item_bounds(b, np, lo, hi), DLX_OK);
	dlx_problem_free(p);
	return b;
}

/*
 * Item z (the last) with two options of cost 3: all n cells of a strip at
 * once, and z alone.  Each cell has its dominoes, of cost 0, and a single
 * of cost 10.  z is chosen first (two options, the dearest first); its
 * first option gives a solution of cost 3; below the second, the budget is
 * 0 and each cell left of the strip has one usable option: a chain forced
 * by the budget, not by the lists.  Two solutions of cost 3.
 */
static dlx_problem *budget_strip(size_t n)
{
	dlx_problem *p = dlx_problem_new(n + 1, 0);
	ck_assert_ptr_nonnull(p);
	size_t *all = malloc((n + 1) * sizeof *all);
	ck_assert_ptr_nonnull(all);
	for (size_t k = 0; k <= n; k++)
		all[k] = n - k;
	ck_assert_int_eq(dlx_set_option_cost(p, (size_t)dlx_add_option(p, all, n + 1), 3), DLX_OK);
	ck_assert_int_eq(dlx_set_option_cost(p, (size_t)dlx_add_option(p, &n, 1), 3), DLX_OK);
	free(all);
	for (size_t k = 0; k < n; k++) {
		if (k + 1 < n) {
			size_t items[2] = { k, k + 1 };
			ck_assert_int_ge(dlx_add_option(p, items, 2), 0);
		}
		ck_assert_int_eq(dlx_set_option_cost(p, (size_t)dlx_add_option(p, &k, 1), 10), DLX_OK);
	}
	return p;
}

/* bounded_reads_per_node() for the k cheapest solutions, which tie at `cost`, `ties` of them. */
static double best_reads_per_node(dlx_problem *p, size_t k, uint64_t cost, uint64_t ties)
{
	uint64_t before = dlx__scans(p);
	dlx_stats st;
	dlx_best *b;
	ck_assert_int_eq(dlx_search_best(p, NULL, k, &b, &st), DLX_OK);
	ck_assert_uint_eq(b->n, k);
	ck_assert_uint_eq(b->sol[k - 1].cost, cost);
	ck_assert_uint_eq(b->ties, ties);
	dlx_best_free(b);
	return reads_past_start(p, before, st.nodes);
}

/*
 * The cheapest solutions' choice scanned every active item at every node
 * too (`dlx --best` on the cost strip: 4.6 s at 10^5 cells, 77 s at 4 x
 * 10^5).  Items of one usable option at most are kept in heaps, with the
 * bound's sums, while the scans are long (choose_bu() in dlx-search-m.c):
 * a chain forced by the lists and one forced by the budget read a few
 * keys a node.  Scans alone read hundreds.
 */
START_TEST(best_chain_reads_little_per_node)
{
	size_t n = chain_size(&chains[0], 1) & ~(size_t)1;
	dlx_problem *p = cost_strip(n);
	double r = best_reads_per_node(p, 1, n / 2, 1);
	ck_assert_msg(r <= 20, "cost strip: %.1f reads per node", r);
	dlx_problem_free(p);
	p = budget_strip(n);
	r = best_reads_per_node(p, 1, 3, 2);
	ck_assert_msg(r <= 20, "strip forced by the budget: %.1f reads per node", r);
	dlx_problem_free(p);
	p = cost_strip(6000);
	dlx__set_tracking(p, 0);
	r = best_reads_per_node(p, 1, 3000, 1);
	ck_assert_msg(r > 100, "cost strip, scans alone: %.1f reads per node", r);
	dlx_problem_free(p);
	p = budget_strip(6000);
	dlx__set_tracking(p, 0);
	r = best_reads_per_node(p, 1, 3, 2);
	ck_assert_msg(r > 100, "strip forced by the budget, scans alone: %.1f reads per node", r);
	dlx_problem_free(p);
}
END_TEST

/*
 * The same with bounds (choose_bn() in dlx-search-m.c; the scans made
 * `dlx --best` quadratic there too: 9.7 s for the budget strip of 10^5
 * cells beside an item 0:1): the cost strip beside an item 0:2 with
 * options of cost 1 and 2 (none taken), the budget strip beside an item
 * 0:1 with one of cost 1 (none taken), and n items with one option of
 * cost 1 each beside an item 2 with two (all taken).
 */
START_TEST(best_bounded_chain_reads_little_per_node)
{
	size_t n = chain_size(&chains[0], 1) & ~(size_t)1;
	const uint64_t one_two[] = { 1, 2 }, one_one[] = { 1, 1 };
	for (int scans = 0; scans < 2; scans++) {
		size_t len = scans ? 6000 : n;
		dlx_problem *p = with_bounded_item(cost_strip(len), 0, 2, one_two, 2);
		if (scans)
			dlx__set_tracking(p, 0);
		double r = best_reads_per_node(p, 1, len / 2, 1);
		ck_assert_msg(scans ? r > 100 : r <= 20, "cost strip and 0:2, scans %d: %.1f reads per node", scans, r);
		dlx_problem_free(p);
		p = with_bounded_item(budget_strip(len), 0, 1, one_two, 1);
		if (scans)
			dlx__set_tracking(p, 0);
		r = best_reads_per_node(p, 1, 3, 2);
		ck_assert_msg(scans ? r > 100 : r <= 20, "budget strip and 0:1, scans %d: %.1f reads per node", scans, r);
		dlx_problem_free(p);
		p = dlx_problem_new(len, 0);
		ck_assert_ptr_nonnull(p);
		for (size_t k = 0; k < len; k++)
			ck_assert_int_eq(dlx_set_option_cost(p, (size_t)dlx_add_option(p, &k, 1), 1), DLX_OK);
		p = with_bounded_item(p, 2, 2, one_one, 2);
		if (scans)
			dlx__set_tracking(p, 0);
		r = best_reads_per_node(p, 1, len + 2, 1);
		ck_assert_msg(scans ? r > 100 : r <= 20, "singles and 2, scans %d: %.1f reads per node", scans, r);
		dlx_problem_free(p);
	}
}
END_TEST

/*
 * The low bytes or not is decided by the problem's average shape: n items
 * with one option each beside n options of one more item and 100
 * secondary ones, each secondary item in all n, looked like a problem of
 * costly nodes, and the chain's n forced moves each scanned every open
 * item (13.1 s at 10^5).  Forced moves at the root now decide it when
 * they alone would read enough (want_tracking() in dlx-problem.c).
 */
START_TEST(chain_beside_wide_options_reads_little)
{
	size_t n = 10000, wide = 100;
	dlx_problem *p = dlx_problem_new(n + 1, wide);
	ck_assert_ptr_nonnull(p);
	for (size_t k = 0; k < n; k++)
		ck_assert_int_ge(dlx_add_option(p, &k, 1), 0);
	size_t *items = malloc((wide + 1) * sizeof *items);
	items[0] = n;
	for (size_t t = 0; t < wide; t++)
		items[t + 1] = n + 1 + t;
	for (size_t k = 0; k < n; k++)
		ck_assert_int_ge(dlx_add_option(p, items, wide + 1), 0);
	free(items);
	uint64_t before = dlx__scans(p);
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, n);
	double r = (double)(dlx__scans(p) - before) / (double)st.nodes;
	ck_assert_msg(r <= 20, "%.1f reads per node", r);
	dlx_problem_free(p);
}
END_TEST

/*
 * A 1 x n strip whose cells each have a domino to the next and a single:
 * every node has two or more options for each item, so no low byte is set,
 * and a scan of them read n / 8 words at every node to prove it (the first
 * tiling, a path of n / 2 two-way choices: 1.75 s at 10^5 cells, 27.7 s at
 * 4 x 10^5).  A node whose parent had no item of fewer than two options,
 * and whose own choice left none, reads no low byte (`calm`).
 */
static dlx_problem *two_way_strip(size_t n)
{
	dlx_problem *p = dlx_problem_new(n, 0);
	ck_assert_ptr_nonnull(p);
	for (size_t k = 0; k < n; k++) {
		size_t items[2] = { k, k + 1 };
		if (k + 1 < n)
			ck_assert_int_ge(dlx_add_option(p, items, 2), 0);
		ck_assert_int_ge(dlx_add_option(p, items, 1), 0);
	}
	return p;
}

START_TEST(two_way_paths_read_little_per_node)
{
	/* Past WIDE_PRIMARY (dlx-search.c) and below it: the two searches' copies. */
	const size_t sizes[] = { 100000, 8000 };
	size_t n = sizes[_i] / (test_trials(4) < 4 ? 4 : 1);
	dlx_problem *p = two_way_strip(n);
	dlx__set_tracking(p, 1);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = 1;
	dlx_stats st;
	uint64_t before = dlx__scans(p);
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 1);
	ck_assert_uint_eq(st.nodes, n / 2 + 1);
	double r = (double)(dlx__scans(p) - before) / (double)st.nodes;
	ck_assert_msg(r <= 20, "first tiling: %.1f reads per node", r);
	/*
	 * Propagation's passes too: each looks at the items whose options
	 * changed since the pass above it, not at every open item (a pass at
	 * every node read n / 4 items a node: 43 s for 2 x 10^5 cells).
	 */
	ck_assert_int_eq(dlx_set_propagation(p, DLX_PROPAGATE_SUBSUME), DLX_OK);
	before = dlx__scans(p);
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 1);
	ck_assert_uint_eq(st.nodes, n / 2 + 1);
	r = (double)(dlx__scans(p) - before) / (double)st.nodes;
	ck_assert_msg(r <= 40, "first tiling, propagating: %.1f reads per node", r);
	ck_assert_int_eq(dlx_set_propagation(p, DLX_PROPAGATE_NONE), DLX_OK);
	/* Probes walk such paths too: each node of each probe at most 20 reads, and a probe is at most n deep. */
	before = dlx__scans(p);
	dlx_estimate e;
	ck_assert_int_eq(dlx_estimate_tree(p, 4, 1, NULL, 0, NULL, &e), DLX_OK);
	r = (double)(dlx__scans(p) - before) / (4.0 * (double)n);
	ck_assert_msg(r <= 20, "estimated: %.1f reads per node", r);
	/*
	 * The memoized count goes back up and down the strip (its subtrees are
	 * hits): its children start their scans where their parent's did
	 * (scan_back()), not from the first item.  On the narrow strip only:
	 * its keys and counts grow with n (n / 8 bytes a key, a count of 0.7 n
	 * bits), which makes the long one a second's work for no more news.
	 */
	if (n > 10000) {
		dlx_problem_free(p);
		return;
	}
	dlx_memo_params mp = DLX_MEMO_PARAMS_INIT;
	char *count = NULL;
	before = dlx__scans(p);
	ck_assert_int_eq(dlx_memo_count(p, NULL, &mp, NULL, &count, &st, NULL), DLX_OK);
	free(count);
	r = (double)(dlx__scans(p) - before) / (double)st.nodes;
	ck_assert_msg(r <= 20, "memoized: %.1f reads per node", r);
	dlx_problem_free(p);
}
END_TEST

/*
 * Memoized counts and diagrams branch by the same rule and read as little
 * (they scanned every open item at every node: --memo took 6.5 s on 10^5
 * items with an option each, quadratic, where the plain count took 0.2 s).
 */
START_TEST(memo_and_diagrams_read_little_per_node)
{
	const struct chain *c = &chains[_i];
	if (c->poll_interval)
		return;
	dlx_problem *p = c->make(chain_size(c, 1));
	dlx_memo_params mp = DLX_MEMO_PARAMS_INIT;
	dlx_stats st;
	char *count = NULL;
	uint64_t before = dlx__scans(p);
	ck_assert_int_eq(dlx_memo_count(p, NULL, &mp, NULL, &count, &st, NULL), DLX_OK);
	ck_assert_str_eq(count, "1");
	free(count);
	uint64_t reads = dlx__scans(p) - before;
	ck_assert_msg(few_reads(reads, (double)st.nodes, c->open), "%s, memoized: %.1f reads per node", c->name,
		      (double)reads / (double)st.nodes);
	dlx_zdd *z = NULL;
	before = dlx__scans(p);
	ck_assert_int_eq(dlx_zdd_build(p, NULL, &mp, &z, &st), DLX_OK);
	count = dlx_zdd_count(z);
	ck_assert_str_eq(count, "1");
	free(count);
	dlx_zdd_free(z);
	reads = dlx__scans(p) - before;
	ck_assert_msg(few_reads(reads, (double)st.nodes, c->open), "%s, diagram: %.1f reads per node", c->name,
		      (double)reads / (double)st.nodes);
	dlx_problem_free(p);
}
END_TEST

/*
 * The progress that a poll reports reads the options tried at each level
 * of the path: one item with n options made each poll walk its list, n^2
 * reads in all (3.2 million options: 2.95 s, now 0.39 s).  The search
 * computes it again only once the nodes since pay for it.
 */
START_TEST(progress_reads_little_per_node)
{
	size_t n = 20000, item = 0;
	dlx_problem *p = dlx_problem_new(1, 0);
	ck_assert_ptr_nonnull(p);
	for (size_t k = 0; k < n; k++)
		ck_assert_int_ge(dlx_add_option(p, &item, 1), 0);
	double progress = -1;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = poll_go_on;
	sp.poll_ctx = &progress;
	sp.poll_interval = 1;
	uint64_t before = dlx__scans(p);
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, n);
	ck_assert(progress > 0.5 && progress <= 1);
	double r = (double)(dlx__scans(p) - before) / (double)st.nodes;
	ck_assert_msg(r <= 20, "%.1f reads per node", r);
	/* The memoized count's polls too (they walked the list: 4 x 10^6 copies 3.64 s, now 0.39 s). */
	dlx_memo_params mp = DLX_MEMO_PARAMS_INIT;
	char *count = NULL;
	progress = -1;
	before = dlx__scans(p);
	ck_assert_int_eq(dlx_memo_count(p, &sp, &mp, NULL, &count, &st, NULL), DLX_OK);
	ck_assert_str_eq(count, "20000");
	free(count);
	ck_assert(progress > 0.5 && progress <= 1);
	r = (double)(dlx__scans(p) - before) / (double)st.nodes;
	ck_assert_msg(r <= 20, "memoized: %.1f reads per node", r);
	dlx_problem_free(p);
}
END_TEST

/*
 * The SAT engine's encoding finds each node's option by bisection: it
 * walked to the option's spacer, quadratic in an option's length (one
 * option of 10^5 secondary items: 3.35 s to encode, now 0.05 s).
 */
START_TEST(sat_encoding_reads_little_per_node)
{
	size_t n = 20000;
	dlx_problem *p = dlx_problem_new(1, n);
	ck_assert_ptr_nonnull(p);
	size_t *items = malloc((n + 1) * sizeof *items);
	ck_assert_ptr_nonnull(items);
	for (size_t k = 0; k <= n; k++)
		items[k] = k;
	ck_assert_int_ge(dlx_add_option(p, items, n + 1), 0);
	ck_assert_int_ge(dlx_add_option(p, items, 1), 0);
	free(items);
	uint64_t before = dlx__scans(p);
	dlx_stats st;
	int rc = dlx_search_sat(p, NULL, &st, NULL);
	if (rc == DLX_ERR_UNSUPPORTED) {
		dlx_problem_free(p);
		return; /* built without the SAT engine */
	}
	ck_assert_int_eq(rc, DLX_OK);
	ck_assert_uint_eq(st.solutions, 2);
	double r = (double)(dlx__scans(p) - before) / (double)(n + 3);
	ck_assert_msg(r <= 40, "%.1f reads per node of the matrix", r);
	dlx_problem_free(p);
}
END_TEST

/*
 * Knuth's estimate probes the tree as the search walks it, and reads as
 * little per node (it scanned every open item at each node of each probe:
 * 1,000 probes of 10^4 items with an option each took 104 s).
 */
START_TEST(estimate_reads_little_per_node)
{
	const struct chain *c = &chains[_i];
	if (c->poll_interval)
		return;
	/* A tenth of the chain: a scan of the open items would still read thousands per node. */
	dlx_problem *p = c->make(chain_size(c, 10));
	dlx__set_tracking(p, 1);
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	uint64_t before = dlx__scans(p);
	dlx_estimate e;
	ck_assert_int_eq(dlx_estimate_tree(p, 2, 1, NULL, 0, NULL, &e), DLX_OK);
	ck_assert(e.nodes == (double)st.nodes && e.solutions == 1);
	uint64_t reads = dlx__scans(p) - before;
	ck_assert_msg(few_reads(reads, 2.0 * e.nodes, c->open), "%s, estimated: %.1f reads per node", c->name,
		      (double)reads / (2.0 * e.nodes));
	dlx_problem_free(p);
}
END_TEST

/*
 * The memoized count and the diagram choose the same items with the low
 * bytes as without: the same count, nodes, table and diagram, on a problem
 * with a covered prefix longer than the 128 items that move scan_from, an
 * item that a cover empties, and branching below, whole and in threads.
 */
START_TEST(memo_and_diagrams_alike_with_low_bytes)
{
	dlx_stats st[2];
	dlx_memo_stats ms[2];
	char *count[2];
	size_t zsize[2];
	for (int t = 0; t < 2; t++) {
		dlx_problem *p = prefix_then_branching(300, 12);
		dlx__set_tracking(p, t);
		dlx_memo_params mp = DLX_MEMO_PARAMS_INIT;
		ck_assert_int_eq(dlx_memo_count(p, NULL, &mp, NULL, &count[t], &st[t], &ms[t]), DLX_OK);
		dlx_split_params sp = { 2, 0, 0 };
		char *threaded = NULL;
		dlx_stats ts;
		ck_assert_int_eq(dlx_memo_count(p, NULL, &mp, &sp, &threaded, &ts, NULL), DLX_OK);
		ck_assert_str_eq(threaded, count[t]);
		free(threaded);
		dlx_zdd *z = NULL;
		dlx_stats zs;
		ck_assert_int_eq(dlx_zdd_build(p, NULL, &mp, &z, &zs), DLX_OK);
		zsize[t] = dlx_zdd_size(z);
		char *zc = dlx_zdd_count(z);
		ck_assert_str_eq(zc, count[t]);
		free(zc);
		dlx_zdd_free(z);
		dlx_problem_free(p);
	}
	ck_assert_str_eq(count[0], count[1]);
	ck_assert_str_ne(count[0], "0");
	ck_assert_uint_eq(st[0].nodes, st[1].nodes);
	ck_assert_uint_eq(st[0].updates, st[1].updates);
	ck_assert_uint_eq(ms[0].lookups, ms[1].lookups);
	ck_assert_uint_eq(ms[0].hits, ms[1].hits);
	ck_assert_uint_eq(zsize[0], zsize[1]);
	free(count[0]);
	free(count[1]);
}
END_TEST

/*
 * The subsumption pass of a propagating search reads the open items from
 * scan_from: on a wide problem it must read those of skipped[] too.  Item
 * A, then 8,189 single-option items, then B, D, E (8,193 primary items, so
 * the wide copies): options {A B}, {A B E}, {B D}, {D}, {E}.  The chain
 * moves the scans past A; a pass that missed A left {B D} in (A's options
 * both cover B) and took one node more than the narrow search, 8,195
 * against 8,194 (found by a review's differential runs).
 */
START_TEST(propagation_reads_skipped_items)
{
	const size_t chain = 8189, a = 0, b = chain + 1, d = chain + 2, e = chain + 3;
	dlx_problem *p = dlx_problem_new(chain + 4, 0);
	ck_assert_ptr_nonnull(p);
	size_t ab[2] = { a, b }, abe[3] = { a, b, e }, bd[2] = { b, d };
	ck_assert_int_ge(dlx_add_option(p, ab, 2), 0);
	ck_assert_int_ge(dlx_add_option(p, abe, 3), 0);
	ck_assert_int_ge(dlx_add_option(p, bd, 2), 0);
	ck_assert_int_ge(dlx_add_option(p, &d, 1), 0);
	ck_assert_int_ge(dlx_add_option(p, &e, 1), 0);
	for (size_t k = 1; k <= chain; k++)
		ck_assert_int_ge(dlx_add_option(p, &k, 1), 0);
	ck_assert_int_eq(dlx_set_propagation(p, DLX_PROPAGATE_SUBSUME), DLX_OK);
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 2);
	ck_assert_uint_eq(st.nodes, 8194);
	ck_assert_uint_eq(st.updates, 8200);
	dlx_problem_free(p);
}
END_TEST

START_TEST(covered_prefix_comes_back)
{
	/*
	 * Backtracking uncovers items below the covered prefix: the scan must
	 * start there again.  Items 0..n-1 each have two options, the second
	 * shared with a last item that only one of them may take: 2n + ...
	 * solutions are counted alike with and without the low bytes.
	 */
	size_t n = 12;
	dlx_problem *p[2];
	for (int t = 0; t < 2; t++) {
		p[t] = dlx_problem_new(n + 1, 0);
		ck_assert_ptr_nonnull(p[t]);
		for (size_t k = 0; k < n; k++) {
			size_t alone = k, shared[2] = { k, n };
			ck_assert_int_ge(dlx_add_option(p[t], &alone, 1), 0);
			ck_assert_int_ge(dlx_add_option(p[t], shared, 2), 0);
		}
		dlx__set_tracking(p[t], t);
	}
	dlx_stats a, b;
	ck_assert_int_eq(dlx_search(p[0], NULL, &a), DLX_OK);
	ck_assert_int_eq(dlx_search(p[1], NULL, &b), DLX_OK);
	/* Exactly one item takes its shared option: n solutions. */
	ck_assert_uint_eq(a.solutions, n);
	ck_assert_uint_eq(b.solutions, n);
	ck_assert_uint_eq(a.nodes, b.nodes);
	ck_assert_uint_eq(a.updates, b.updates);
	dlx_problem_free(p[0]);
	dlx_problem_free(p[1]);
}
END_TEST

/*
 * Random strips that backtrack over long covered prefixes: each item has
 * its own option and up to two over it and a few of the next items, some
 * reaching far ahead, behind items of four options each that stay open
 * along the chain (skipped[] in a wide problem).  The low bytes' searches start their scans where the
 * level's node started them when they come back up (scan_at[]), move
 * their start after 16 covered items on a node with no item of fewer than
 * two options (`calm`), and reset only when skipped[] changed below: the
 * same nodes, updates and solutions as the scan of every item, to a node
 * limit, in narrow problems and past WIDE_PRIMARY, plain and propagating.
 */
static dlx_problem *random_strip(uint64_t *rng, size_t n, int prop)
{
	dlx_problem *p = dlx_problem_new(n, 0);
	ck_assert_ptr_nonnull(p);
	/* Items ahead of the chain with four options each, to items near the end: open along it. */
	const size_t open = n > 8192 ? 24 : 4;
	for (size_t a = 0; a < open; a++)
		for (size_t o = 0; o < 4; o++) {
			*rng = *rng * 6364136223846793005u + 1442695040888963407u;
			size_t items[2] = { a, n - 1 - (size_t)(*rng >> 33) % 40 };
			ck_assert_int_ge(dlx_add_option(p, items, 2), 0);
		}
	/* Each item's own single option keeps a solution; up to two more reach a few items on. */
	for (size_t k = open; k < n; k++) {
		ck_assert_int_ge(dlx_add_option(p, &k, 1), 0);
		*rng = *rng * 6364136223846793005u + 1442695040888963407u;
		unsigned r = (unsigned)(*rng >> 33), opts = r % 3;
		for (unsigned o = 0; o < opts; o++) {
			*rng = *rng * 6364136223846793005u + 1442695040888963407u;
			r = (unsigned)(*rng >> 33);
			size_t items[5] = { k }, m = 1;
			for (size_t d = 1; d <= 3 && k + d < n; d++)
				if (r >> d & 1)
					items[m++] = k + d;
			if (r % 61 == 0 && k + 1000 < n)
				items[m++] = n - 1 - r % 7;
			ck_assert_int_ge(dlx_add_option(p, items, m), 0);
		}
	}
	if (prop)
		ck_assert_int_eq(dlx_set_propagation(p, DLX_PROPAGATE_SUBSUME), DLX_OK);
	return p;
}

START_TEST(restored_scans_choose_as_the_scan)
{
	const size_t sizes[] = { 300, 3000, 9000, 20000 };
	uint64_t rng = 12345u + (uint64_t)_i;
	unsigned trials = test_trials(24);
	for (unsigned t = 0; t < trials; t++) {
		size_t n = sizes[t % 4];
		int prop = t % 3 == 2;
		uint64_t seed = rng;
		dlx_stats st[2];
		for (int mode = 0; mode <= 1; mode++) {
			uint64_t r = seed;
			dlx_problem *p = random_strip(&r, n, prop);
			rng = r;
			dlx__set_tracking(p, mode);
			dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
			/* Without the low bytes every node of a wide one reads every open item; a pass, every item. */
			sp.node_limit = n > 8192 ? (prop ? 1000 : 5000) : 30000;
			ck_assert_int_eq(dlx_search(p, &sp, &st[mode]), DLX_OK);
			dlx_problem_free(p);
		}
		ck_assert_msg(st[0].nodes == st[1].nodes && st[0].updates == st[1].updates &&
				      st[0].solutions == st[1].solutions,
			      "trial %u (n %zu, propagation %d): nodes %llu / %llu, solutions %llu / %llu", t, n, prop,
			      (unsigned long long)st[0].nodes, (unsigned long long)st[1].nodes,
			      (unsigned long long)st[0].solutions, (unsigned long long)st[1].solutions);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("scans");
	TCase *tc = tcase_create("chains");
	tcase_add_loop_test(tc, chains_read_little_per_node, 0, (int)(sizeof chains / sizeof chains[0]));
	tcase_add_loop_test(tc, open_chain_reads_little_in_every_search, 4, 6);
	tcase_add_test(tc, propagation_reads_skipped_items);
	tcase_add_test(tc, covered_prefix_comes_back);
	tcase_add_test(tc, chain_beside_wide_options_reads_little);
	tcase_add_test(tc, bounded_chain_reads_little_per_node);
	tcase_add_test(tc, best_chain_reads_little_per_node);
	tcase_add_test(tc, best_bounded_chain_reads_little_per_node);
	tcase_add_test(tc, progress_reads_little_per_node);
	tcase_add_test(tc, sat_encoding_reads_little_per_node);
	tcase_add_loop_test(tc, memo_and_diagrams_read_little_per_node, 0, (int)(sizeof chains / sizeof chains[0]));
	tcase_add_test(tc, memo_and_diagrams_alike_with_low_bytes);
	tcase_add_loop_test(tc, estimate_reads_little_per_node, 0, (int)(sizeof chains / sizeof chains[0]));
	tcase_add_loop_test(tc, two_way_paths_read_little_per_node, 0, 2);
	tcase_add_loop_test(tc, restored_scans_choose_as_the_scan, 0, 2);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
