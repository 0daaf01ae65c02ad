/*
 * Check suite "split": dlx_search_split(), one search spread over threads or
 * cut into parts, and dlx_problem_clone(), which the threads search on.
 * The counts, node counts and solution sets must be those of one search.
 */
#include <check.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "core-fixtures.h"
#include "test-trials.h"
#include "dlx-internal.h"
#include "dlx.h"

/* Solutions of queens 8 as bitmasks of its 64 options, to compare sets. */
struct solution_set {
	uint64_t masks[512];
	size_t n;
};

static int record_mask(void *ctx, const size_t *options, size_t n)
{
	struct solution_set *set = ctx;
	uint64_t m = 0;
	for (size_t k = 0; k < n; k++)
		m |= 1ull << options[k];
	ck_assert_uint_lt(set->n, 512);
	set->masks[set->n++] = m;
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

START_TEST(split_threads_count_exactly)
{
	dlx_problem *p = queens(10);
	dlx_stats one;
	ck_assert_int_eq(dlx_search(p, NULL, &one), DLX_OK);
	for (unsigned threads = 1; threads <= 5; threads++) {
		dlx_split_params sp = { threads, 0, 0 };
		dlx_stats st;
		ck_assert_int_eq(dlx_search_split(p, NULL, &sp, &st), DLX_OK);
		ck_assert_uint_eq(st.solutions, 724);
		/* The walk above the cut counts too: the totals are one search's. */
		ck_assert_uint_eq(st.nodes, one.nodes);
		ck_assert_uint_eq(st.updates, one.updates);
		ck_assert_uint_eq(st.branches, one.branches);
		ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
		ck_assert(st.progress == 1.0);
		assert_sane(p);
	}
	dlx_problem_free(p);
}
END_TEST

START_TEST(split_parts_are_disjoint_and_complete)
{
	static const uint32_t ms[] = { 1, 2, 3, 7, 64 };
	dlx_problem *p = queens(8);
	struct solution_set all = { { 0 }, 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = record_mask;
	sp.solution_ctx = &all;
	ck_assert_int_eq(dlx_search(p, &sp, NULL), DLX_OK);
	ck_assert_uint_eq(all.n, 92);
	qsort(all.masks, all.n, sizeof all.masks[0], cmp_u64);
	for (size_t mi = 0; mi < sizeof ms / sizeof ms[0]; mi++) {
		struct solution_set parts = { { 0 }, 0 };
		sp.solution_ctx = &parts;
		uint64_t sum = 0;
		for (uint32_t k = 1; k <= ms[mi]; k++) {
			/* Threads must not change which solutions a part holds. */
			dlx_split_params split = { 1 + k % 3, k, ms[mi] };
			dlx_stats st;
			ck_assert_int_eq(dlx_search_split(p, &sp, &split, &st), DLX_OK);
			sum += st.solutions;
		}
		ck_assert_uint_eq(sum, 92);
		ck_assert_uint_eq(parts.n, 92);
		qsort(parts.masks, parts.n, sizeof parts.masks[0], cmp_u64);
		for (size_t k = 0; k < 92; k++)
			ck_assert_msg(parts.masks[k] == all.masks[k], "M=%u: solution sets differ", ms[mi]);
		assert_sane(p);
	}
	dlx_split_params bad = { 1, 0, 3 };
	ck_assert_int_eq(dlx_search_split(p, NULL, &bad, NULL), DLX_ERR_INVALID);
	bad.part = 4;
	ck_assert_int_eq(dlx_search_split(p, NULL, &bad, NULL), DLX_ERR_INVALID);
	dlx_problem_free(p);
}
END_TEST

START_TEST(split_parts_are_deterministic)
{
	/* The same part twice, with different thread counts, gives the same count. */
	dlx_problem *p = queens(9);
	for (uint32_t k = 1; k <= 7; k++) {
		dlx_split_params a = { 1, k, 7 }, b = { 3, k, 7 };
		dlx_stats sa, sb;
		ck_assert_int_eq(dlx_search_split(p, NULL, &a, &sa), DLX_OK);
		ck_assert_int_eq(dlx_search_split(p, NULL, &b, &sb), DLX_OK);
		ck_assert_uint_eq(sa.solutions, sb.solutions);
	}
	dlx_problem_free(p);
}
END_TEST

START_TEST(split_limit_is_exact)
{
	dlx_problem *p = queens(10);
	struct collected c = { 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = 10;
	sp.on_solution = collect;
	sp.solution_ctx = &c;
	dlx_split_params split = { 4, 0, 0 };
	dlx_stats st;
	ck_assert_int_eq(dlx_search_split(p, &sp, &split, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 10);
	ck_assert_uint_eq(c.n_solutions, 10);
	ck_assert_int_eq(st.stop, DLX_STOP_LIMIT);
	/* Without a callback too. */
	sp.on_solution = NULL;
	ck_assert_int_eq(dlx_search_split(p, &sp, &split, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 10);
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

START_TEST(split_keeps_forced_options)
{
	dlx_problem *p = queens(8);
	ck_assert_int_eq(dlx_force_option(p, 0), DLX_OK);
	struct collected c = { 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = collect;
	sp.solution_ctx = &c;
	dlx_split_params split = { 2, 0, 0 };
	dlx_stats st;
	ck_assert_int_eq(dlx_search_split(p, &sp, &split, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 4);
	for (size_t k = 0; k < 4; k++) {
		ck_assert_uint_eq(c.len[k], 8);
		ck_assert_uint_eq(c.opts[k][0], 0);
	}
	ck_assert_uint_eq(dlx_forced_count(p), 1);
	dlx_release_forced(p);
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

static int stop_at_once(void *ctx, const dlx_stats *so_far)
{
	(void)ctx;
	ck_assert(so_far->progress >= 0 && so_far->progress <= 1);
	return 1;
}

START_TEST(split_poll_stops_workers)
{
	/* Queens 13 takes seconds with 2 threads: a poll that says stop must end it at once. */
	dlx_problem *p = queens(13);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = stop_at_once;
	dlx_split_params split = { 2, 0, 0 };
	dlx_stats st;
	ck_assert_int_eq(dlx_search_split(p, &sp, &split, &st), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_POLL);
	ck_assert_uint_lt(st.solutions, 73712);
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

/*
 * n items, one option covering them all and one option per item: two
 * solutions, and a tree n levels deep with one or two branches per level.
 */
static dlx_problem *chain(size_t n)
{
	dlx_problem *p = dlx_problem_new(n, 0);
	size_t *items = malloc(n * sizeof *items);
	ck_assert_ptr_nonnull(items);
	for (size_t k = 0; k < n; k++)
		items[k] = k;
	ck_assert_int_ge(dlx_add_option(p, items, n), 0);
	for (size_t k = 0; k < n; k++)
		ck_assert_int_ge(dlx_add_option(p, &items[k], 1), 0);
	free(items);
	return p;
}

static int count_polls(void *ctx, const dlx_stats *so_far)
{
	(void)so_far;
	++*(uint64_t *)ctx;
	return 0;
}

/*
 * Cutting a narrow tree into jobs walks it again one level deeper each time
 * until there are enough jobs: on a chain of 20,000 items, 20,000 walks of
 * up to 20,000 nodes, each choosing among 20,000 items (hours).  The walks
 * have a budget, and they poll: with a poll every node, the polls count the
 * nodes walked, which the budget keeps to a few thousand here.
 */
START_TEST(split_narrow_tree_cut_is_bounded)
{
	const size_t n = test_size(20000, 2000);
	dlx_problem *p = chain(n);
	uint64_t polls = 0;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = count_polls;
	sp.poll_ctx = &polls;
	sp.poll_interval = 1;
	dlx_split_params split = { 2, 0, 0 };
	dlx_stats st;
	ck_assert_int_eq(dlx_search_split(p, &sp, &split, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 2);
	ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
	ck_assert_uint_eq(st.nodes, n + 2);
	/* The workers' polls reach the caller every 10 ms at most: few, on top of the walks'. */
	ck_assert_msg(polls < 100000, "%llu polls", (unsigned long long)polls);
	/* Parts of it add up too. */
	for (uint32_t m = 1; m <= 7; m += 3) {
		uint64_t sum = 0;
		for (uint32_t k = 1; k <= m; k++) {
			dlx_split_params part = { 2, k, m };
			ck_assert_int_eq(dlx_search_split(p, NULL, &part, &st), DLX_OK);
			sum += st.solutions;
		}
		ck_assert_uint_eq(sum, 2);
	}
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

/* A poll that says stop while the tree is being cut into jobs stops the search there. */
START_TEST(split_poll_stops_the_cut)
{
	dlx_problem *p = chain(2000);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = stop_at_once;
	sp.poll_interval = 1;
	dlx_split_params split = { 2, 0, 0 };
	dlx_stats st;
	ck_assert_int_eq(dlx_search_split(p, &sp, &split, &st), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_POLL);
	ck_assert_uint_eq(st.solutions, 0);
	ck_assert_uint_le(st.nodes, 1);
	assert_sane(p);
	/* The problem is as before: a whole search still finds both solutions. */
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 2);
	dlx_problem_free(p);
}
END_TEST

/* The link updates a split search of copies(n) spends reaching its jobs; checks the counts on the way. */
static uint64_t copies_setup(size_t n, const dlx_split_params *split)
{
	dlx_problem *p = copies(n);
	dlx_stats st;
	uint64_t setup;
	ck_assert_int_eq(dlx__search_split_setup(p, NULL, split, &st, &setup), DLX_OK);
	if (split->parts > 1) {
		ck_assert_uint_le(st.solutions, n);
	} else {
		ck_assert_uint_eq(st.solutions, n);
		ck_assert_uint_eq(st.nodes, n + 1);
		ck_assert_uint_eq(st.updates, 4 * n + 1);
	}
	assert_sane(p);
	dlx_problem_free(p);
	return setup;
}

/*
 * A job used to be one child of a node, reached by forcing its path on a
 * worker's clone: covering the node's item, which hides all its options.
 * A node with n children then cost n covers of n options each: counting
 * a line repeated 30,000 times took 12 s with two threads, 0.02 s with
 * one.  The setup must grow with the problem, not with its square.
 */
START_TEST(split_setup_grows_linearly)
{
	static const dlx_split_params splits[] = { { 1, 1, 4 }, { 1, 3, 64 }, { 2, 0, 0 }, { 8, 0, 0 }, { 2, 5, 64 } };
	const size_t n = test_size(8000, 1000);
	for (size_t k = 0; k < sizeof splits / sizeof splits[0]; k++) {
		uint64_t small = copies_setup(n / 2, &splits[k]), big = copies_setup(n, &splits[k]);
		/* One worker takes the jobs in a fixed order; with more, who takes what is a race. */
		if (splits[k].threads == 1)
			ck_assert_msg(big * 10 <= small * 22, "split %zu: setup %llu for %zu options, %llu for %zu",
				      k, (unsigned long long)small, n / 2, (unsigned long long)big, n);
		/* About a cover of the item per thread, each of 2n + 1 updates: O(threads x problem size). */
		ck_assert_msg(big <= (uint64_t)2 * splits[k].threads * (2 * n + 1),
			      "split %zu: setup %llu for %zu options", k, (unsigned long long)big, n);
	}
	/* The parts still add up. */
	uint64_t sum = 0;
	for (uint32_t k = 1; k <= 64; k++) {
		dlx_problem *p = copies(n);
		dlx_split_params part = { 1 + k % 2, k, 64 };
		dlx_stats st;
		ck_assert_int_eq(dlx_search_split(p, NULL, &part, &st), DLX_OK);
		sum += st.solutions;
		dlx_problem_free(p);
	}
	ck_assert_uint_eq(sum, n);
}
END_TEST

/*
 * A bounded problem's workers each walk the tree above the cut and skip
 * the leaves they do not claim without a commit: copies(n) with its first
 * item 0:1 (the search branches on the second, covering it: 2n + 1
 * updates), threads or parts, must cost about that per worker, not per
 * leaf, and grow linearly with n.
 */
static uint64_t bounded_copies_setup(size_t n, const dlx_split_params *split)
{
	dlx_problem *p = copies(n);
	ck_assert_int_eq(dlx_set_item_bounds(p, 0, 0, 1), DLX_OK);
	dlx_stats st;
	uint64_t setup;
	ck_assert_int_eq(dlx__search_split_setup(p, NULL, split, &st, &setup), DLX_OK);
	if (split->parts > 1) {
		ck_assert_uint_le(st.solutions, n);
	} else {
		dlx_stats one;
		ck_assert_int_eq(dlx_search(p, NULL, &one), DLX_OK);
		ck_assert_uint_eq(st.solutions, n);
		ck_assert_uint_eq(st.nodes, one.nodes);
		ck_assert_uint_eq(st.updates, one.updates);
	}
	dlx_problem_free(p);
	return setup;
}

START_TEST(bounded_split_setup_grows_linearly)
{
	static const dlx_split_params splits[] = { { 1, 1, 4 }, { 1, 3, 64 }, { 2, 0, 0 }, { 8, 0, 0 }, { 2, 5, 64 } };
	const size_t n = test_size(30000, 2000), m = test_size(8000, 1000);
	for (size_t k = 0; k < sizeof splits / sizeof splits[0]; k++) {
		uint64_t small = bounded_copies_setup(n / 2, &splits[k]), big = bounded_copies_setup(n, &splits[k]);
		ck_assert_msg(big * 10 <= small * 22, "split %zu: setup %llu for %zu options, %llu for %zu", k,
			      (unsigned long long)small, n / 2, (unsigned long long)big, n);
		ck_assert_msg(big <= (uint64_t)2 * splits[k].threads * (2 * n + 1),
			      "split %zu: setup %llu for %zu options", k, (unsigned long long)big, n);
	}
	uint64_t sum = 0;
	for (uint32_t k = 1; k <= 64; k++) {
		dlx_problem *p = copies(m);
		ck_assert_int_eq(dlx_set_item_bounds(p, 0, 0, 1), DLX_OK);
		dlx_split_params part = { 1 + k % 2, k, 64 };
		dlx_stats st;
		ck_assert_int_eq(dlx_search_split(p, NULL, &part, &st), DLX_OK);
		sum += st.solutions;
		dlx_problem_free(p);
	}
	ck_assert_uint_eq(sum, m);
}
END_TEST

/*
 * Jobs too small to poll (here runs of a few dozen solutions) must still
 * count toward the node limit: they counted only at polls, so a threaded
 * search of copies(100000) limited to 1,000 nodes ran to the end.
 */
START_TEST(split_node_limit_counts_small_jobs)
{
	dlx_problem *p = copies(100000);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = 1000;
	dlx_split_params split = { 2, 0, 0 };
	dlx_stats st;
	ck_assert_int_eq(dlx_search_split(p, &sp, &split, &st), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
	/* The promise of dlx.h: an overrun of threads x poll interval at most (4096 nodes here). */
	ck_assert_uint_le(st.nodes, 1000 + 2 * 4096);
	ck_assert_uint_lt(st.solutions, 100000);
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

/* no random options over np primary and ns secondary items (each item in about a third), from rng()'s stream. */
static dlx_problem *random_matrix(size_t np, size_t ns, size_t no)
{
	dlx_problem *p = dlx_problem_new(np, ns);
	ck_assert_ptr_nonnull(p);
	for (size_t k = 0; k < no; k++) {
		size_t items[12], n = 0;
		for (size_t i = 0; i < np + ns; i++)
			if (rng() % 3 == 0)
				items[n++] = i;
		if (n == 0)
			items[n++] = rng() % np;
		ck_assert_int_ge(dlx_add_option(p, items, n), 0);
	}
	return p;
}

START_TEST(random_split_vs_brute_force)
{
	/* Reuses the random generator: each matrix counted whole, by threads and by parts. */
	for (unsigned seed = 2000; seed < 2000 + test_trials(100); seed++) {
		rng_seed(seed * 2654435761u + 1);
		size_t np = 1 + rng() % 8, ns = rng() % 3, no = 1 + rng() % 20;
		dlx_problem *p = random_matrix(np, ns, no);
		dlx_stats whole;
		ck_assert_int_eq(dlx_search(p, NULL, &whole), DLX_OK);
		/* Propagating jobs below a cut made without it: the same solutions. */
		for (int prop = 0; prop <= 1; prop++) {
			dlx_set_propagation(p, prop ? DLX_PROPAGATE_SUBSUME : DLX_PROPAGATE_NONE);
			dlx_split_params th = { 3, 0, 0 };
			dlx_stats st;
			ck_assert_int_eq(dlx_search_split(p, NULL, &th, &st), DLX_OK);
			ck_assert_uint_eq(st.solutions, whole.solutions);
			uint64_t sum = 0;
			for (uint32_t k = 1; k <= 5; k++) {
				dlx_split_params part = { 1, k, 5 };
				ck_assert_int_eq(dlx_search_split(p, NULL, &part, &st), DLX_OK);
				sum += st.solutions;
			}
			ck_assert_uint_eq(sum, whole.solutions);
			assert_sane(p);
		}
		dlx_problem_free(p);
	}
}
END_TEST

/*
 * Exact covers of a problem of at most 8 items given as how many options
 * have each set of items (cnt[mask]): the option that covers the lowest
 * primary item not yet covered, then the rest.  memo[] holds -1 for
 * states not yet counted.
 */
static uint64_t covers_count(const uint64_t *cnt, uint32_t primary, uint32_t used, int64_t *memo)
{
	if ((used & primary) == primary)
		return 1;
	if (memo[used] >= 0)
		return (uint64_t)memo[used];
	uint32_t low = primary & ~used & (uint32_t)-(int32_t)(primary & ~used);
	uint64_t sum = 0;
	for (uint32_t m = 1; m < 256; m++)
		if ((m & low) && !(m & used) && cnt[m])
			sum += cnt[m] * covers_count(cnt, primary, used | m, memo);
	memo[used] = (int64_t)sum;
	return sum;
}

/*
 * Random problems with few items and thousands of options, so that items
 * have hundreds or thousands of options each: the cut groups a node's
 * children into runs, at the root and deeper.  The counts must be the
 * known ones (colored problems: the whole search's), by threads and by
 * parts; with threads, the node and update totals too.
 */
START_TEST(random_wide_split_vs_count)
{
	unsigned ran = 0;
	for (unsigned seed = 3000; seed < 3000 + test_trials(24); seed++) {
		rng_seed(seed * 2654435761u + 7);
		rng(); /* the first draws of nearby seeds are alike */
		size_t np = 1 + rng() % 4, ns = rng() % 4, no = 300 + rng() % 3000;
		bool colored = seed % 2;
		uint32_t primary = (1u << np) - 1;
		uint64_t cnt[256] = { 0 };
		dlx_problem *p = dlx_problem_new(np, ns);
		ck_assert_ptr_nonnull(p);
		for (size_t k = 0; k < no; k++) {
			/* Mostly options that cover every primary item: few solutions have many options. */
			uint32_t m = rng() % 16 ? primary : 1 + rng() % primary;
			for (size_t i = 0; i < ns; i++)
				m |= (rng() % 3 == 0) << (np + i);
			size_t items[8], n = 0;
			uint32_t colors[8];
			for (size_t i = 0; i < np + ns; i++)
				if (m >> i & 1) {
					colors[n] = colored && i >= np ? rng() % 3 : 0;
					items[n++] = i;
				}
			ck_assert_int_ge(dlx_add_option_colored(p, items, colors, n), 0);
			cnt[m]++;
		}
		int64_t memo[256];
		for (size_t k = 0; k < 256; k++)
			memo[k] = -1;
		dlx_stats whole;
		ck_assert_int_eq(dlx_search(p, NULL, &whole), DLX_OK);
		uint64_t want = colored ? whole.solutions : covers_count(cnt, primary, 0, memo);
		ck_assert_uint_eq(whole.solutions, want);
		for (unsigned threads = 2; threads <= 3; threads++) {
			dlx_split_params th = { threads, 0, 0 };
			dlx_stats st;
			ck_assert_int_eq(dlx_search_split(p, NULL, &th, &st), DLX_OK);
			ck_assert_msg(st.solutions == want && st.nodes == whole.nodes && st.updates == whole.updates &&
					      st.branches == whole.branches,
				      "seed %u, %u threads: %llu solutions in %llu nodes, expected %llu in %llu", seed,
				      threads, (unsigned long long)st.solutions, (unsigned long long)st.nodes,
				      (unsigned long long)want, (unsigned long long)whole.nodes);
		}
		for (uint32_t m = 3; m <= 7; m += 4) {
			uint64_t sum = 0;
			for (uint32_t k = 1; k <= m; k++) {
				dlx_split_params part = { 1 + k % 2, k, m };
				dlx_stats st;
				ck_assert_int_eq(dlx_search_split(p, NULL, &part, &st), DLX_OK);
				sum += st.solutions;
			}
			ck_assert_msg(sum == want, "seed %u, %u parts: %llu solutions, expected %llu", seed, m,
				      (unsigned long long)sum, (unsigned long long)want);
		}
		ran += want > no;
		assert_sane(p);
		dlx_problem_free(p);
	}
	/* Guards the test: some problems must have solutions of several options. */
	ck_assert_uint_gt(ran * 6, test_trials(24)); /* more than 4 of 24 */
}
END_TEST

START_TEST(clone_is_independent)
{
	dlx_problem *p = queens(6);
	ck_assert_int_eq(dlx_force_option(p, 1), DLX_OK);
	dlx_problem *c = dlx_problem_clone(p);
	ck_assert_ptr_nonnull(c);
	ck_assert_uint_eq(dlx_forced_count(c), 1);
	dlx_release_forced(p);
	dlx_stats sp, sc;
	ck_assert_int_eq(dlx_search(p, NULL, &sp), DLX_OK);
	ck_assert_int_eq(dlx_search(c, NULL, &sc), DLX_OK);
	ck_assert_uint_eq(sp.solutions, 4);
	ck_assert_uint_eq(sc.solutions, 1); /* queens 6 has one solution with a queen at r0c1 */
	dlx_release_forced(c);
	ck_assert_int_eq(dlx_search(c, NULL, &sc), DLX_OK);
	ck_assert_uint_eq(sc.solutions, 4);
	assert_sane(c);
	dlx_problem_free(c);
	dlx_problem_free(p);
}
END_TEST

/* The solutions of a piece (path, depth) of queens 8, appended to set. */
static uint64_t piece_solutions(dlx_problem *p, const dlx_part *path, size_t depth, unsigned threads,
				struct solution_set *set)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = record_mask;
	sp.solution_ctx = set;
	dlx_stats st;
	ck_assert_int_eq(dlx_search_parts(p, &sp, threads, path, depth, &st), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
	return st.solutions;
}

static void assert_same_set(struct solution_set *a, struct solution_set *b, const char *what)
{
	ck_assert_msg(a->n == b->n, "%s: %zu solutions against %zu", what, a->n, b->n);
	qsort(a->masks, a->n, sizeof a->masks[0], cmp_u64);
	qsort(b->masks, b->n, sizeof b->masks[0], cmp_u64);
	for (size_t k = 0; k < a->n; k++)
		ck_assert_msg(a->masks[k] == b->masks[k], "%s: solution sets differ", what);
}

START_TEST(nested_parts_are_disjoint_and_complete)
{
	static const uint32_t ms[] = { 1, 3, 7 }, ns[] = { 1, 2, 5, 40 };
	dlx_problem *p = queens(8);
	for (size_t mi = 0; mi < sizeof ms / sizeof *ms; mi++)
		for (uint32_t k = 1; k <= ms[mi]; k++) {
			struct solution_set part = { { 0 }, 0 };
			dlx_part path[3] = { { k, ms[mi] } };
			piece_solutions(p, path, 1, 1, &part);
			for (size_t ni = 0; ni < sizeof ns / sizeof *ns; ni++) {
				struct solution_set pieces = { { 0 }, 0 };
				for (uint32_t j = 1; j <= ns[ni]; j++) {
					path[1] = (dlx_part){ j, ns[ni] };
					piece_solutions(p, path, 2, 1 + j % 3, &pieces);
				}
				char what[64];
				snprintf(what, sizeof what, "part %u/%u in %u pieces", k, ms[mi], ns[ni]);
				assert_same_set(&part, &pieces, what);
			}
			/* A piece of a piece: part k's pieces 2/3, cut in 4 again. */
			struct solution_set piece = { { 0 }, 0 }, deeper = { { 0 }, 0 };
			path[1] = (dlx_part){ 2, 3 };
			piece_solutions(p, path, 2, 1, &piece);
			for (uint32_t i = 1; i <= 4; i++) {
				path[2] = (dlx_part){ i, 4 };
				piece_solutions(p, path, 3, 2, &deeper);
			}
			assert_same_set(&piece, &deeper, "three levels");
			assert_sane(p);
		}
	dlx_part bad[DLX_MAX_PART_DEPTH + 1] = { { 1, 2 }, { 0, 3 } };
	ck_assert_int_eq(dlx_search_parts(p, NULL, 1, bad, 2, NULL), DLX_ERR_INVALID);
	bad[1] = (dlx_part){ 4, 3 };
	ck_assert_int_eq(dlx_search_parts(p, NULL, 1, bad, 2, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_search_parts(p, NULL, 1, bad, 0, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_search_parts(p, NULL, 1, NULL, 1, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_search_parts(NULL, NULL, 1, bad, 1, NULL), DLX_ERR_INVALID);
	for (size_t d = 0; d <= DLX_MAX_PART_DEPTH; d++)
		bad[d] = (dlx_part){ 1, 1 };
	ck_assert_int_eq(dlx_search_parts(p, NULL, 1, bad, DLX_MAX_PART_DEPTH + 1, NULL), DLX_ERR_INVALID);
	dlx_stats st;
	ck_assert_int_eq(dlx_search_parts(p, NULL, 1, bad, DLX_MAX_PART_DEPTH, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 92);
	dlx_problem_free(p);
}
END_TEST

START_TEST(random_nested_parts)
{
	for (unsigned seed = 3000; seed < 3000 + test_trials(300); seed++) {
		rng_seed(seed * 2654435761u + 5);
		size_t np = 2 + rng() % 8, ns = rng() % 3, no = 2 + rng() % 30;
		dlx_problem *p = random_matrix(np, ns, no);
		uint32_t m = 1 + rng() % 4, n = 2 + rng() % 6;
		for (uint32_t k = 1; k <= m; k++) {
			dlx_part path[2] = { { k, m } };
			dlx_stats part, st;
			ck_assert_int_eq(dlx_search_parts(p, NULL, 1, path, 1, &part), DLX_OK);
			uint64_t sum = 0;
			for (uint32_t j = 1; j <= n; j++) {
				path[1] = (dlx_part){ j, n };
				ck_assert_int_eq(dlx_search_parts(p, NULL, 1 + j % 2, path, 2, &st), DLX_OK);
				sum += st.solutions;
				/* The estimate's probes see the piece's tree as its search counts it. */
				uint64_t nodes, sols;
				ck_assert_int_eq(dlx__estimate_exact(p, path, 2, &nodes, &sols), DLX_OK);
				ck_assert_msg(nodes == st.nodes && sols == st.solutions,
					      "seed %u, piece %u/%u.%u/%u: probes see %llu nodes, %llu solutions; the search %llu, %llu",
					      seed, k, m, j, n, (unsigned long long)nodes, (unsigned long long)sols,
					      (unsigned long long)st.nodes, (unsigned long long)st.solutions);
			}
			ck_assert_msg(sum == part.solutions, "seed %u, part %u/%u: pieces %llu, part %llu", seed, k, m,
				      (unsigned long long)sum, (unsigned long long)part.solutions);
		}
		assert_sane(p);
		dlx_problem_free(p);
	}
}
END_TEST

/* A part that is one long run of the root's children is cut into shorter runs, not child by child. */
START_TEST(nested_parts_of_a_wide_node)
{
	dlx_problem *p = copies(test_size(100000, 2000));
	dlx_part path[2] = { { 2, 3 } };
	dlx_stats part, st;
	ck_assert_int_eq(dlx_search_parts(p, NULL, 1, path, 1, &part), DLX_OK);
	uint64_t sum = 0;
	for (uint32_t j = 1; j <= 7; j++) {
		path[1] = (dlx_part){ j, 7 };
		ck_assert_int_eq(dlx_search_parts(p, NULL, 2, path, 2, &st), DLX_OK);
		ck_assert_uint_gt(st.solutions, 0);
		sum += st.solutions;
	}
	ck_assert_uint_eq(sum, part.solutions);
	dlx_problem_free(p);
}
END_TEST

static Suite *split_suite(void)
{
	Suite *s = suite_create("split");
	TCase *tc = tcase_create("split");
	tcase_add_test(tc, clone_is_independent);
	tcase_add_test(tc, split_threads_count_exactly);
	tcase_add_test(tc, split_parts_are_disjoint_and_complete);
	tcase_add_test(tc, split_parts_are_deterministic);
	tcase_add_test(tc, split_limit_is_exact);
	tcase_add_test(tc, split_keeps_forced_options);
	tcase_add_test(tc, split_poll_stops_workers);
	tcase_add_test(tc, split_narrow_tree_cut_is_bounded);
	tcase_add_test(tc, split_poll_stops_the_cut);
	tcase_add_test(tc, random_split_vs_brute_force);
	tcase_add_test(tc, split_setup_grows_linearly);
	tcase_add_test(tc, bounded_split_setup_grows_linearly);
	tcase_add_test(tc, random_wide_split_vs_count);
	tcase_add_test(tc, split_node_limit_counts_small_jobs);
	tcase_add_test(tc, nested_parts_are_disjoint_and_complete);
	tcase_add_test(tc, random_nested_parts);
	tcase_add_test(tc, nested_parts_of_a_wide_node);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(split_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
