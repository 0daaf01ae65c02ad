/*
 * Check suite "core": the exact-cover engine against known counts and brute
 * force.  Split and threaded searches have their own suite, test-split.c.
 */
#include <check.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core-fixtures.h"
#include "test-trials.h"
#include "dlx-internal.h"
#include "dlx-problem.h"
#include "dlx.h"

static long add(dlx_problem *p, size_t n, ...)
{
	size_t items[64];
	va_list ap;
	va_start(ap, n);
	for (size_t k = 0; k < n; k++)
		items[k] = va_arg(ap, size_t);
	va_end(ap);
	return dlx_add_option(p, items, n);
}

/* Knuth's example: items a..g = 0..6. */
static dlx_problem *knuth_example(void)
{
	dlx_problem *p = dlx_problem_new(7, 0);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(add(p, 2, (size_t)2, (size_t)4), 0);                /* c e */
	ck_assert_int_eq(add(p, 3, (size_t)0, (size_t)3, (size_t)6), 1);     /* a d g */
	ck_assert_int_eq(add(p, 3, (size_t)1, (size_t)2, (size_t)5), 2);     /* b c f */
	ck_assert_int_eq(add(p, 3, (size_t)0, (size_t)3, (size_t)5), 3);     /* a d f */
	ck_assert_int_eq(add(p, 2, (size_t)1, (size_t)6), 4);                /* b g */
	ck_assert_int_eq(add(p, 3, (size_t)3, (size_t)4, (size_t)6), 5);     /* d e g */
	return p;
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

START_TEST(knuth_paper_example)
{
	dlx_problem *p = knuth_example();
	struct collected c = { 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = collect;
	sp.solution_ctx = &c;
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 1);
	ck_assert_uint_eq(c.n_solutions, 1);
	ck_assert_uint_eq(c.len[0], 3);
	qsort(c.opts[0], 3, sizeof(size_t), cmp_size);
	/* {c e}, {a d f}, {b g} */
	ck_assert_uint_eq(c.opts[0][0], 0);
	ck_assert_uint_eq(c.opts[0][1], 3);
	ck_assert_uint_eq(c.opts[0][2], 4);
	ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
	assert_sane(p);
	/* A search leaves the problem as it found it: a second search agrees. */
	dlx_stats st2;
	ck_assert_int_eq(dlx_search(p, NULL, &st2), DLX_OK);
	ck_assert_uint_eq(st2.solutions, 1);
	ck_assert_uint_eq(st2.nodes, st.nodes);
	ck_assert_uint_eq(st2.updates, st.updates);
	/*
	 * Worked by hand: the root branches on a ({a d g} or {a d f}); below
	 * {a d g}, b is forced and {b c f} would leave e without options, so that
	 * node is a dead end; below {a d f}, b, then c, have one option each.
	 */
	ck_assert_uint_eq(st.nodes, 5);
	ck_assert_uint_eq(st.branches, 1);
	ck_assert_uint_eq(st2.branches, 1);
	dlx_problem_free(p);
}
END_TEST

static const uint64_t queens_counts[] = { 0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724 };

START_TEST(queens_counts_oeis)
{
	size_t n = (size_t)_i;
	dlx_problem *p = queens(n);
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_msg(st.solutions == queens_counts[n], "queens %zu: %llu solutions, want %llu", n,
		      (unsigned long long)st.solutions, (unsigned long long)queens_counts[n]);
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

/* Checks that a reported solution is an exact cover, by marking items. */
static int verify_cover(void *ctx, const size_t *options, size_t n)
{
	const dlx_problem *p = ctx;
	size_t ni = dlx_primary_count(p) + dlx_secondary_count(p);
	unsigned char *seen = calloc(ni, 1);
	for (size_t k = 0; k < n; k++)
		for (size_t j = 0; j < dlx_option_size(p, options[k]); j++) {
			size_t it = dlx_option_item(p, options[k], j);
			ck_assert_msg(!seen[it], "item %zu covered twice", it);
			seen[it] = 1;
		}
	for (size_t i = 0; i < dlx_primary_count(p); i++)
		ck_assert_msg(seen[i], "primary item %zu not covered", i);
	free(seen);
	return 0;
}

START_TEST(queens_solutions_are_covers)
{
	dlx_problem *p = queens(8);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = verify_cover;
	sp.solution_ctx = p;
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 92);
	dlx_problem_free(p);
}
END_TEST

/*
 * Counts exact covers by trying every subset of options: the reference.
 * Options without a primary item are left out, as the engine never branches
 * on them (documented in dlx_add_option()).
 */
static uint64_t brute_count(size_t np, size_t ni, const uint32_t *masks, size_t no)
{
	uint64_t count = 0;
	uint32_t primary = np == 32 ? UINT32_MAX : (1u << np) - 1;
	(void)ni;
	for (uint64_t s = 0; s < (1ull << no); s++) {
		uint32_t used = 0;
		bool ok = true;
		for (size_t k = 0; k < no && ok; k++) {
			if (!(s >> k & 1))
				continue;
			if (!(masks[k] & primary))
				ok = false;
			if (used & masks[k])
				ok = false;
			used |= masks[k];
		}
		if (ok && (used & primary) == primary)
			count++;
	}
	return count;
}

/*
 * The same problem searched with the subsumption rule: the same solutions
 * (sp's callback verifies each), every kind of early stop leaves the
 * problem as it was, and forcing still works on top.  Counts the trials
 * whose tree propagation made smaller, so that the caller can check the
 * rule did something.
 */
static unsigned propagation_smaller;

/*
 * The links, lengths and colors exactly: dlx__check() sees lists that are
 * consistent with len[], which an option left out of every list (and its
 * items' lengths one short) still is.
 */
struct links_copy {
	int32_t *up, *down, *len, *color;
};

static void links_take(const dlx_problem *p, struct links_copy *c)
{
	size_t nn = p->n_nodes * sizeof(int32_t), ni = (p->n_items + 1) * sizeof(int32_t);
	c->up = malloc(nn), c->down = malloc(nn), c->len = malloc(ni);
	c->color = p->color ? malloc(nn) : NULL;
	ck_assert(c->up && c->down && c->len && (!p->color || c->color));
	memcpy(c->up, p->node.up, nn), memcpy(c->down, p->node.down, nn), memcpy(c->len, p->len, ni);
	if (p->color)
		memcpy(c->color, p->color, nn);
}

static void links_assert_same(const dlx_problem *p, const struct links_copy *c, unsigned seed, const char *after)
{
	size_t nn = p->n_nodes * sizeof(int32_t), ni = (p->n_items + 1) * sizeof(int32_t);
	ck_assert_msg(!memcmp(c->up, p->node.up, nn) && !memcmp(c->down, p->node.down, nn) &&
			      !memcmp(c->len, p->len, ni) && (!p->color || !memcmp(c->color, p->color, nn)),
		      "seed %u: the links are not as before after %s", seed, after);
}

static void links_free(struct links_copy *c)
{
	free(c->up), free(c->down), free(c->len), free(c->color);
}

static int stop_at_first(void *ctx, const size_t *options, size_t n)
{
	(void)ctx, (void)options, (void)n;
	return 1;
}

static int poll_stop_after(void *ctx, const dlx_stats *st)
{
	(void)st;
	return --*(unsigned *)ctx == 0;
}

static void propagation_trial(dlx_problem *p, const dlx_search_params *sp, uint64_t want, uint64_t plain_nodes,
			      unsigned seed)
{
	ck_assert_int_eq(dlx_set_propagation(p, DLX_PROPAGATE_SUBSUME), DLX_OK);
	ck_assert_int_eq(dlx_get_propagation(p), DLX_PROPAGATE_SUBSUME);
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, sp, &st), DLX_OK);
	ck_assert_msg(st.solutions == want, "seed %u, propagating: %llu solutions, brute force %llu", seed,
		      (unsigned long long)st.solutions, (unsigned long long)want);
	propagation_smaller += st.nodes < plain_nodes;
	assert_sane(p);
	/* The passes skip items a pass above saw unchanged: the tree must be the one full passes make. */
	dlx__set_full_passes(p, true);
	dlx_stats full;
	ck_assert_int_eq(dlx_search(p, sp, &full), DLX_OK);
	dlx__set_full_passes(p, false);
	ck_assert_msg(full.nodes == st.nodes && full.updates == st.updates,
		      "seed %u: full passes %llu nodes %llu updates, skipping passes %llu %llu", seed,
		      (unsigned long long)full.nodes, (unsigned long long)full.updates, (unsigned long long)st.nodes,
		      (unsigned long long)st.updates);
	for (int forced = 0; forced <= 1; forced++) {
		if (forced && dlx_force_option(p, 0) != DLX_OK)
			continue;
		struct links_copy before;
		links_take(p, &before);
		for (uint64_t limit = 1; limit <= 4; limit++) {
			dlx_search_params early = *sp;
			early.node_limit = limit;
			ck_assert_int_eq(dlx_search(p, &early, &st), DLX_OK);
			assert_sane(p);
			links_assert_same(p, &before, seed, "a node limit");
			early.node_limit = 0;
			early.solution_limit = limit;
			ck_assert_int_eq(dlx_search(p, &early, &st), DLX_OK);
			assert_sane(p);
			links_assert_same(p, &before, seed, "a solution limit");
			unsigned polls = (unsigned)limit;
			early.solution_limit = 0;
			early.on_poll = poll_stop_after;
			early.poll_ctx = &polls;
			early.poll_interval = 1;
			ck_assert_int_eq(dlx_search(p, &early, &st), DLX_OK);
			links_assert_same(p, &before, seed, "a poll's stop");
		}
		dlx_search_params first = DLX_SEARCH_PARAMS_INIT;
		first.on_solution = stop_at_first;
		ck_assert_int_eq(dlx_search(p, &first, &st), DLX_OK);
		links_assert_same(p, &before, seed, "a callback's stop");
		/* A pull search given up after each of its first solutions. */
		for (int k = 0; k <= 3; k++) {
			dlx_iter *it;
			ck_assert_int_eq(dlx_iter_new(p, NULL, &it), DLX_OK);
			for (int j = 0; j < k && dlx_iter_next(it, NULL, NULL) == 1; j++)
				;
			dlx_iter_free(it);
			links_assert_same(p, &before, seed, "a pull search given up");
		}
		links_free(&before);
		dlx_release_forced(p);
		assert_sane(p);
	}
	ck_assert_int_eq(dlx_search(p, sp, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, want);
	ck_assert_int_eq(dlx_set_propagation(p, DLX_PROPAGATE_NONE), DLX_OK);
	ck_assert_int_eq(dlx_get_propagation(p), DLX_PROPAGATE_NONE);
	ck_assert_int_eq(dlx_search(p, sp, &st), DLX_OK);
	ck_assert_uint_eq(st.nodes, plain_nodes);
}

/* Returns the count, so callers can check the trials are not all trivial. */
static uint64_t random_trial(unsigned seed, bool with_secondary)
{
	rng_seed(seed * 2654435761u + 1);
	size_t np = 1 + rng() % 8;
	size_t ns = with_secondary ? 1 + rng() % 4 : 0;
	size_t ni = np + ns;
	size_t no = 1 + rng() % 20;
	dlx_problem *p = dlx_problem_new(np, ns);
	ck_assert_ptr_nonnull(p);
	uint32_t masks[20];
	size_t added = 0;
	/* Denser options for few items: sparse ones make almost every count 0. */
	unsigned density = 2 + rng() % 4;
	for (size_t k = 0; k < no; k++) {
		size_t items[12], n = 0;
		uint32_t m = 0;
		for (size_t i = 0; i < ni; i++)
			if (rng() % density == 0) {
				items[n++] = i;
				m |= 1u << i;
			}
		if (n == 0) {
			items[n++] = rng() % ni;
			m = 1u << items[0];
		}
		/* Shuffle so item order within options varies. */
		for (size_t i = n; i > 1; i--) {
			size_t j = rng() % i, t = items[i - 1];
			items[i - 1] = items[j];
			items[j] = t;
		}
		ck_assert_int_eq(dlx_add_option(p, items, n), (long)added);
		masks[added++] = m;
	}
	uint64_t want = brute_count(np, ni, masks, added);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = verify_cover;
	sp.solution_ctx = p;
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_msg(st.solutions == want, "seed %u: dlx counts %llu, brute force %llu", seed,
		      (unsigned long long)st.solutions, (unsigned long long)want);
	assert_sane(p);
	/* Both ways of choosing an item choose the same ones: same tree, same nodes. */
	for (int mode = 0; mode <= 1; mode++) {
		dlx__set_tracking(p, mode);
		dlx_stats st2;
		ck_assert_int_eq(dlx_search(p, &sp, &st2), DLX_OK);
		ck_assert_msg(st2.solutions == want && st2.nodes == st.nodes && st2.updates == st.updates &&
				      st2.branches == st.branches && st.branches <= st.nodes,
			      "seed %u, tracking %d: %llu solutions in %llu nodes, expected %llu in %llu", seed,
			      mode, (unsigned long long)st2.solutions, (unsigned long long)st2.nodes,
			      (unsigned long long)want, (unsigned long long)st.nodes);
		assert_sane(p);
		/*
		 * Stopped half-way, with and without an option forced: a
		 * search that keeps the low bytes does not update the item
		 * sets, so its unwinding must leave them as they were, for
		 * forcing and for the other mode's scan.
		 */
		for (int forced = 0; forced <= 1; forced++) {
			if (forced && dlx_force_option(p, 0) != DLX_OK)
				continue;
			dlx_search_params early = DLX_SEARCH_PARAMS_INIT;
			early.node_limit = 3;
			ck_assert_int_eq(dlx_search(p, &early, &st2), DLX_OK);
			assert_sane(p);
			early.node_limit = 0;
			early.solution_limit = 1;
			ck_assert_int_eq(dlx_search(p, &early, &st2), DLX_OK);
			assert_sane(p);
			dlx_release_forced(p);
			assert_sane(p);
		}
		ck_assert_int_eq(dlx_search(p, &sp, &st2), DLX_OK);
		ck_assert_uint_eq(st2.solutions, want);
	}
	/*
	 * Force each option in turn, release, repeat: after the first releases
	 * the problem restores itself from a snapshot; every search must still
	 * see the original problem.
	 */
	for (size_t k = 0; k < added; k++) {
		if (dlx_force_option(p, k) == DLX_OK) {
			dlx_release_forced(p);
			assert_sane(p);
		}
	}
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, want);
	assert_sane(p);
	propagation_trial(p, &sp, want, st.nodes, seed);
	dlx_problem_free(p);
	return want;
}

static void random_trials(unsigned first_seed, bool with_secondary)
{
	unsigned nonzero = 0, several = 0, n = test_trials(400);
	for (unsigned seed = first_seed; seed < first_seed + n; seed++) {
		uint64_t c = random_trial(seed, with_secondary);
		nonzero += c > 0;
		several += c > 1;
	}
	/* Guards the comparison itself: mostly-zero counts would prove little. */
	ck_assert_uint_gt(nonzero, n / 4);
	ck_assert_uint_gt(several, n * 3 / 40);
}

static uint64_t random_colored_trial(unsigned seed);

START_TEST(propagation_vs_brute_force)
{
	propagation_smaller = 0;
	unsigned n = test_trials(400);
	for (unsigned seed = 0; seed < n; seed++) {
		random_trial(seed + 5000, seed % 2);
		random_colored_trial(seed + 5000);
	}
	/* Guards the comparison: a rule that never fires would pass the rest (14 of these 800 trials
	 * shrink; too few of a valgrind run's eighth to require one). */
	if (n == 400)
		ck_assert_uint_gt(propagation_smaller, 5);
}
END_TEST

/* The solutions of a search as a sorted list of option bitmasks (problems of at most 64 options). */
struct sol_set {
	uint64_t mask[4096];
	size_t n;
	uint64_t first;
};

static int collect_mask(void *ctx, const size_t *options, size_t n)
{
	struct sol_set *s = ctx;
	uint64_t m = 0;
	for (size_t k = 0; k < n; k++)
		m |= (uint64_t)1 << options[k];
	if (s->n == 0)
		s->first = m;
	if (s->n < sizeof s->mask / sizeof s->mask[0])
		s->mask[s->n] = m;
	s->n++;
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

static void solutions_of(dlx_problem *p, struct sol_set *s, dlx_stats *st)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = collect_mask;
	sp.solution_ctx = s;
	s->n = 0;
	s->first = 0;
	ck_assert_int_eq(dlx_search(p, &sp, st), DLX_OK);
	ck_assert_uint_le(s->n, sizeof s->mask / sizeof s->mask[0]);
	qsort(s->mask, s->n, sizeof s->mask[0], cmp_u64);
}

/*
 * Shuffled option orders: the same set of solutions, the same search again
 * for the same seed, the input order back after unshuffling (the very same
 * tree), and on queens 8 first solutions that vary with the seed.
 */
START_TEST(shuffled_options_same_solutions)
{
	static struct sol_set plain, shuffled, again;
	for (unsigned seed = 0; seed < test_trials(300); seed++) {
		rng_seed(seed * 2654435761u + 11);
		size_t np = 1 + rng() % 8, ns = rng() % 3, no = 1 + rng() % 30;
		dlx_problem *p = dlx_problem_new(np, ns);
		for (size_t k = 0; k < no; k++) {
			size_t items[12], n = 0;
			for (size_t i = 0; i < np + ns; i++)
				if (rng() % 3 == 0)
					items[n++] = i;
			if (n == 0)
				items[n++] = rng() % np;
			ck_assert_int_ge(dlx_add_option(p, items, n), 0);
		}
		dlx_stats st0, st1, st2;
		solutions_of(p, &plain, &st0);
		ck_assert_int_eq(dlx_shuffle_options(p, seed), DLX_OK);
		assert_sane(p);
		solutions_of(p, &shuffled, &st1);
		ck_assert_uint_eq(shuffled.n, plain.n);
		ck_assert_mem_eq(shuffled.mask, plain.mask, plain.n * sizeof plain.mask[0]);
		ck_assert_int_eq(dlx_shuffle_options(p, seed + 1), DLX_OK);
		ck_assert_int_eq(dlx_shuffle_options(p, seed), DLX_OK);
		solutions_of(p, &again, &st2);
		ck_assert_msg(again.first == shuffled.first, "seed %u: first %llx then %llx (%zu solutions)", seed, (unsigned long long)shuffled.first, (unsigned long long)again.first, shuffled.n);
		ck_assert_uint_eq(st2.nodes, st1.nodes);
		ck_assert_uint_eq(st2.updates, st1.updates);
		/* Forcing and releasing on a shuffled problem, then back to input order. */
		if (dlx_force_option(p, 0) == DLX_OK) {
			ck_assert_int_eq(dlx_shuffle_options(p, 1), DLX_ERR_STATE);
			dlx_release_forced(p);
		}
		ck_assert_int_eq(dlx_unshuffle_options(p), DLX_OK);
		assert_sane(p);
		solutions_of(p, &again, &st2);
		ck_assert_uint_eq(again.first, plain.first);
		ck_assert_uint_eq(st2.nodes, st0.nodes);
		ck_assert_uint_eq(st2.updates, st0.updates);
		dlx_problem_free(p);
	}
	dlx_problem *q = queens(8);
	uint64_t firsts[20];
	size_t distinct = 0;
	for (uint64_t seed = 1; seed <= 20; seed++) {
		static struct sol_set s;
		dlx_stats st;
		ck_assert_int_eq(dlx_shuffle_options(q, seed), DLX_OK);
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		sp.on_solution = collect_mask;
		sp.solution_ctx = &s;
		sp.solution_limit = 1;
		s.n = 0;
		ck_assert_int_eq(dlx_search(q, &sp, &st), DLX_OK);
		ck_assert_uint_eq(st.solutions, 1);
		size_t k = 0;
		while (k < distinct && firsts[k] != s.first)
			k++;
		if (k == distinct)
			firsts[distinct++] = s.first;
		/* The count does not depend on the seed. */
		ck_assert_int_eq(dlx_search(q, NULL, &st), DLX_OK);
		ck_assert_uint_eq(st.solutions, 92);
	}
	ck_assert_uint_gt(distinct, 5);
	ck_assert_int_eq(dlx_shuffle_options(NULL, 1), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_unshuffle_options(NULL), DLX_ERR_INVALID);
	dlx_problem_free(q);
}
END_TEST

START_TEST(propagation_bad_arguments)
{
	dlx_problem *p = dlx_problem_new(1, 0);
	ck_assert_int_eq(dlx_set_propagation(NULL, DLX_PROPAGATE_SUBSUME), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_set_propagation(p, (dlx_propagation)7), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_get_propagation(p), DLX_PROPAGATE_NONE);
	ck_assert_int_eq(dlx_get_propagation(NULL), DLX_PROPAGATE_NONE);
	/* Options added after a propagating search: the trail grows with them. */
	ck_assert_int_eq(dlx_set_propagation(p, DLX_PROPAGATE_SUBSUME), DLX_OK);
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 0);
	for (size_t k = 0; k < 50; k++)
		ck_assert_int_eq(dlx_add_option(p, (size_t[]){ 0 }, 1), (long)k);
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 50);
	dlx_problem_free(p);
}
END_TEST

/*
 * Exact covering with colors.  A color model: each option's items as a
 * bitmask, and the color it gives each secondary item (0 none).  The brute
 * force tries every subset: primary items exactly once, and each secondary
 * item either in at most one option, or in several that all give it the
 * same color.
 */
struct color_model {
	size_t np, ns, no;
	uint32_t mask[20];
	uint32_t color[20][4]; /* by secondary item */
};

static bool color_subset_ok(const struct color_model *m, uint64_t s)
{
	uint32_t used = 0;
	int32_t state[4] = { 0, 0, 0, 0 }; /* 0 unused, -1 used without color, c > 0 used with c */
	uint32_t primary = (1u << m->np) - 1;
	for (size_t k = 0; k < m->no; k++) {
		if (!(s >> k & 1))
			continue;
		if (!(m->mask[k] & primary) || (used & m->mask[k] & primary))
			return false;
		used |= m->mask[k];
		for (size_t j = 0; j < m->ns; j++) {
			if (!(m->mask[k] >> (m->np + j) & 1))
				continue;
			int32_t c = (int32_t)m->color[k][j];
			if (state[j] == 0)
				state[j] = c ? c : -1;
			else if (state[j] == -1 || c == 0 || state[j] != c)
				return false;
		}
	}
	return (used & primary) == primary;
}

/* A solution of the colored problem must be a subset the brute force accepts. */
static int verify_colored(void *ctx, const size_t *options, size_t n)
{
	const struct color_model *m = ctx;
	uint64_t s = 0;
	for (size_t k = 0; k < n; k++) {
		ck_assert_msg(!(s >> options[k] & 1), "option %zu twice in a solution", options[k]);
		s |= (uint64_t)1 << options[k];
	}
	ck_assert_msg(color_subset_ok(m, s), "solution 0x%llx is not a colored exact cover", (unsigned long long)s);
	return 0;
}

static uint64_t random_colored_trial(unsigned seed)
{
	rng_seed(seed * 2654435761u + 7);
	struct color_model m;
	memset(&m, 0, sizeof m);
	m.np = 1 + rng() % 6;
	m.ns = 1 + rng() % 4;
	m.no = 1 + rng() % 16;
	size_t ni = m.np + m.ns;
	dlx_problem *p = dlx_problem_new(m.np, m.ns);
	ck_assert_ptr_nonnull(p);
	unsigned density = 2 + rng() % 3, n_colors = 1 + rng() % 3;
	for (size_t k = 0; k < m.no; k++) {
		size_t items[12], n = 0;
		uint32_t colors[12];
		for (size_t i = 0; i < ni; i++) {
			/* One primary item per option at least, or it could never be chosen. */
			if (rng() % density == 0 || (i == m.np - 1 && !(m.mask[k] & ((1u << m.np) - 1)))) {
				items[n] = i;
				colors[n] = i >= m.np ? rng() % (n_colors + 1) : 0;
				m.mask[k] |= 1u << i;
				if (i >= m.np)
					m.color[k][i - m.np] = colors[n];
				n++;
			}
		}
		/* Shuffled, so that a colored item often comes first: forcing commits it first. */
		for (size_t i = n; i > 1; i--) {
			size_t j = rng() % i, t = items[i - 1];
			uint32_t tc = colors[i - 1];
			items[i - 1] = items[j], colors[i - 1] = colors[j];
			items[j] = t, colors[j] = tc;
		}
		ck_assert_int_eq(dlx_add_option_colored(p, items, colors, n), (long)k);
		for (size_t j = 0; j < n; j++)
			ck_assert_uint_eq(dlx_option_color(p, k, j), colors[j]);
	}
	uint64_t want = 0;
	for (uint64_t s = 0; s < (1ull << m.no); s++)
		want += color_subset_ok(&m, s);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = verify_colored;
	sp.solution_ctx = &m;
	dlx_stats st[3];
	for (int mode = -1; mode <= 1; mode++) {
		dlx__set_tracking(p, mode);
		ck_assert_int_eq(dlx_search(p, &sp, &st[mode + 1]), DLX_OK);
		ck_assert_msg(st[mode + 1].solutions == want, "seed %u, tracking %d: dlx counts %llu, brute force %llu",
			      seed, mode, (unsigned long long)st[mode + 1].solutions, (unsigned long long)want);
		ck_assert_uint_eq(st[mode + 1].nodes, st[0].nodes);
		assert_sane(p);
	}
	/* Forcing each option alone: the count of solutions containing it. */
	for (size_t k = 0; k < m.no; k++) {
		uint64_t with = 0;
		for (uint64_t s = 0; s < (1ull << m.no); s++)
			with += (s >> k & 1) && color_subset_ok(&m, s);
		if (dlx_force_option(p, k) != DLX_OK) {
			ck_assert_msg(with == 0 || !(m.mask[k] & ((1u << m.np) - 1)), "seed %u: option %zu refused", seed, k);
			continue;
		}
		/* A second option forced on top must be refused exactly when it clashes with the first. */
		for (size_t j = 0; j < m.no; j++) {
			if (j == k)
				continue;
			uint64_t pair = (uint64_t)1 << k | (uint64_t)1 << j;
			bool compatible = !(m.mask[k] & m.mask[j] & ((1u << m.np) - 1));
			for (size_t t = 0; t < m.ns && compatible; t++)
				if (m.mask[k] >> (m.np + t) & m.mask[j] >> (m.np + t) & 1)
					compatible = m.color[k][t] && m.color[k][t] == m.color[j][t];
			(void)pair;
			int r = dlx_force_option(p, j);
			ck_assert_msg((r == DLX_OK) == compatible, "seed %u: forcing %zu after %zu gave %d", seed, j, k, r);
			if (r == DLX_OK) {
				dlx_release_forced(p);
				ck_assert_int_eq(dlx_force_option(p, k), DLX_OK);
			}
		}
		dlx_stats fst;
		ck_assert_int_eq(dlx_search(p, &sp, &fst), DLX_OK);
		ck_assert_msg(fst.solutions == with, "seed %u, option %zu forced: %llu solutions, brute force %llu", seed,
			      k, (unsigned long long)fst.solutions, (unsigned long long)with);
		dlx_release_forced(p);
		assert_sane(p);
	}
	dlx__set_tracking(p, -1);
	ck_assert_int_eq(dlx_search(p, &sp, &st[0]), DLX_OK);
	ck_assert_uint_eq(st[0].solutions, want);
	propagation_trial(p, &sp, want, st[0].nodes, seed);
	dlx_problem_free(p);
	return want;
}

START_TEST(random_colored_vs_brute_force)
{
	unsigned nonzero = 0, several = 0, n = test_trials(400);
	for (unsigned seed = 0; seed < n; seed++) {
		uint64_t c = random_colored_trial(seed);
		nonzero += c > 0;
		several += c > 1;
	}
	ck_assert_uint_gt(nonzero, n / 4);
	ck_assert_uint_gt(several, n * 3 / 40);
}
END_TEST

/* Knuth's example of exact covering with colors (TAOCP 7.2.2.1, (49)). */
START_TEST(knuth_colors_example)
{
	/* p q r | x y: items 0 1 2 | 3 4; colors A = 1, B = 2. */
	dlx_problem *p = dlx_problem_new(3, 2);
	size_t o1[] = { 0, 1, 3, 4 }, o2[] = { 0, 2, 3, 4 }, o3[] = { 0, 3 }, o4[] = { 1, 3 }, o5[] = { 2, 4 };
	uint32_t c1[] = { 0, 0, 0, 1 }, c2[] = { 0, 0, 1, 0 }, c3[] = { 0, 2 }, c4[] = { 0, 1 }, c5[] = { 0, 2 };
	ck_assert_int_eq(dlx_add_option_colored(p, o1, c1, 4), 0);
	ck_assert_int_eq(dlx_add_option_colored(p, o2, c2, 4), 1);
	ck_assert_int_eq(dlx_add_option_colored(p, o3, c3, 2), 2);
	ck_assert_int_eq(dlx_add_option_colored(p, o4, c4, 2), 3);
	ck_assert_int_eq(dlx_add_option_colored(p, o5, c5, 2), 4);
	ck_assert(dlx_has_colors(p));
	/* Colors are for secondary items only. */
	uint32_t bad[] = { 1, 0 };
	ck_assert_int_eq(dlx_add_option_colored(p, o4, bad, 2), DLX_ERR_INVALID);
	struct collected c = { 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = collect;
	sp.solution_ctx = &c;
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 1);
	qsort(c.opts[0], c.len[0], sizeof c.opts[0][0], cmp_size);
	ck_assert_uint_eq(c.len[0], 2);
	ck_assert_uint_eq(c.opts[0][0], 1);
	ck_assert_uint_eq(c.opts[0][1], 3);
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

/*
 * Word squares as exact covering with colors: rows and columns are primary
 * items, the cells secondary items colored by their letter; a row option
 * puts a word's letters in its row's cells, a column option in its
 * column's.  The count must be the number of k x k grids whose every row
 * and column is a word of the list, found here by trying every choice of
 * row words.
 */
static const char *const words3[] = {
	"ace", "act", "age", "ago", "aid", "ail", "aim", "and", "ant", "ape", "arc", "are", "art", "ate",
	"bad", "bag", "ban", "bat", "bed", "bee", "cab", "can", "cap", "car", "cat", "dab", "den", "ear",
	"eat", "era", "ere", "gap", "gas", "get", "ice", "ire", "nab", "nag", "net", "pan", "par", "pea",
	"rat", "red", "tab", "tan", "tar", "tea", "ten", "toe",
};
#define N_WORDS3 (sizeof words3 / sizeof words3[0])

static bool is_word3(const char *w)
{
	for (size_t k = 0; k < N_WORDS3; k++)
		if (memcmp(words3[k], w, 3) == 0)
			return true;
	return false;
}

START_TEST(word_squares_vs_brute_force)
{
	/* Items: r0 r1 r2 c0 c1 c2 | 9 cells.  Colors: letter - 'a' + 1. */
	dlx_problem *p = dlx_problem_new(6, 9);
	for (size_t w = 0; w < N_WORDS3; w++) {
		for (size_t line = 0; line < 3; line++) {
			size_t items[4];
			uint32_t colors[4] = { 0 };
			items[0] = line;
			for (size_t k = 0; k < 3; k++) {
				items[1 + k] = 6 + line * 3 + k;
				colors[1 + k] = (uint32_t)(words3[w][k] - 'a' + 1);
			}
			ck_assert_int_ge(dlx_add_option_colored(p, items, colors, 4), 0);
			items[0] = 3 + line;
			for (size_t k = 0; k < 3; k++)
				items[1 + k] = 6 + k * 3 + line;
			ck_assert_int_ge(dlx_add_option_colored(p, items, colors, 4), 0);
		}
	}
	uint64_t want = 0;
	for (size_t a = 0; a < N_WORDS3; a++)
		for (size_t b = 0; b < N_WORDS3; b++)
			for (size_t c = 0; c < N_WORDS3; c++) {
				const char *r[3] = { words3[a], words3[b], words3[c] };
				bool ok = true;
				for (size_t col = 0; col < 3 && ok; col++) {
					char w[3] = { r[0][col], r[1][col], r[2][col] };
					ok = is_word3(w);
				}
				want += ok;
			}
	ck_assert_uint_gt(want, 0);
	for (int mode = 0; mode <= 1; mode++) {
		dlx__set_tracking(p, mode);
		dlx_stats st;
		ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
		ck_assert_uint_eq(st.solutions, want);
	}
	/* Threads and parts split colored searches exactly too. */
	dlx_split_params split = { 2, 0, 0 };
	dlx_stats st;
	ck_assert_int_eq(dlx_search_split(p, NULL, &split, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, want);
	uint64_t sum = 0;
	for (uint32_t k = 1; k <= 5; k++) {
		dlx_split_params part = { 1, k, 5 };
		ck_assert_int_eq(dlx_search_split(p, NULL, &part, &st), DLX_OK);
		sum += st.solutions;
	}
	ck_assert_uint_eq(sum, want);
	dlx_problem_free(p);
}
END_TEST

START_TEST(random_vs_brute_force)
{
	random_trials(0, false);
}
END_TEST

START_TEST(random_vs_brute_force_secondary)
{
	random_trials(1000, true);
}
END_TEST

START_TEST(first_solution_stops_early)
{
	dlx_problem *p = queens(10);
	dlx_stats all, first, five;
	ck_assert_int_eq(dlx_search(p, NULL, &all), DLX_OK);
	ck_assert_uint_eq(all.solutions, 724);

	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = 1;
	ck_assert_int_eq(dlx_search(p, &sp, &first), DLX_OK);
	ck_assert_uint_eq(first.solutions, 1);
	ck_assert_int_eq(first.stop, DLX_STOP_LIMIT);
	ck_assert_uint_lt(first.nodes * 20, all.nodes);

	sp.solution_limit = 5;
	ck_assert_int_eq(dlx_search(p, &sp, &five), DLX_OK);
	ck_assert_uint_eq(five.solutions, 5);
	ck_assert_int_eq(five.stop, DLX_STOP_LIMIT);
	ck_assert_uint_gt(five.nodes, first.nodes);
	ck_assert_uint_lt(five.nodes, all.nodes);

	/* The limit only counts: a limit above the total finds everything. */
	sp.solution_limit = 725;
	ck_assert_int_eq(dlx_search(p, &sp, &five), DLX_OK);
	ck_assert_uint_eq(five.solutions, 724);
	ck_assert_int_eq(five.stop, DLX_STOP_COMPLETE);

	assert_sane(p);
	ck_assert_int_eq(dlx_search(p, NULL, &all), DLX_OK);
	ck_assert_uint_eq(all.solutions, 724);
	dlx_problem_free(p);
}
END_TEST

START_TEST(callback_stops_search)
{
	dlx_problem *p = queens(8);
	struct collected c = { 0 };
	c.stop_after = 3;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = collect;
	sp.solution_ctx = &c;
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_uint_eq(c.n_solutions, 3);
	ck_assert_uint_eq(st.solutions, 3);
	ck_assert_int_eq(st.stop, DLX_STOP_CALLBACK);
	assert_sane(p);
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 92);
	dlx_problem_free(p);
}
END_TEST

START_TEST(node_limit_stops_search)
{
	dlx_problem *p = queens(9);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = 100;
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
	ck_assert_uint_eq(st.nodes, 100);
	ck_assert_uint_lt(st.solutions, 352);
	assert_sane(p);
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 352);
	dlx_problem_free(p);
}
END_TEST

static int poll_count;
static int stop_on_third_poll(void *ctx, const dlx_stats *so_far)
{
	(void)ctx;
	ck_assert_uint_gt(so_far->nodes, 0);
	return ++poll_count == 3;
}

START_TEST(poll_stops_search)
{
	dlx_problem *p = queens(9);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = stop_on_third_poll;
	sp.poll_interval = 10;
	poll_count = 0;
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_POLL);
	ck_assert_int_eq(poll_count, 3);
	ck_assert_uint_eq(st.nodes, 30);
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

START_TEST(forced_options_restrict_and_release)
{
	dlx_problem *p = queens(8);
	/* A queen in a corner: 4 of the 92 solutions have one at r0c0. */
	ck_assert_int_eq(dlx_force_option(p, 0), DLX_OK);
	ck_assert_uint_eq(dlx_forced_count(p), 1);
	struct collected c = { 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = collect;
	sp.solution_ctx = &c;
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, &sp, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 4);
	/* Forced options come first in each solution. */
	for (size_t k = 0; k < 4; k++) {
		ck_assert_uint_eq(c.len[k], 8);
		ck_assert_uint_eq(c.opts[k][0], 0);
	}
	/* Same row (r0c5) and same diagonal (r1c1) as the forced queen conflict. */
	ck_assert_int_eq(dlx_force_option(p, 5), DLX_ERR_CONFLICT);
	ck_assert_int_eq(dlx_force_option(p, 9), DLX_ERR_CONFLICT);
	ck_assert_uint_eq(dlx_forced_count(p), 1);
	/* A compatible second queen: r1c2 (option 10). */
	ck_assert_int_eq(dlx_force_option(p, 10), DLX_OK);
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	uint64_t both = st.solutions;
	ck_assert_uint_le(both, 4);
	/* Options cannot be added while some are forced: the layout would change under them. */
	size_t it[1] = { 0 };
	ck_assert_int_eq(dlx_add_option(p, it, 1), DLX_ERR_STATE);
	dlx_release_forced(p);
	ck_assert_uint_eq(dlx_forced_count(p), 0);
	assert_sane(p);
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 92);
	dlx_problem_free(p);
}
END_TEST

START_TEST(forced_options_match_brute_force)
{
	/* For each queens-6 option forced alone, count = solutions containing it. */
	dlx_problem *p = queens(6);
	struct collected all = { 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = collect;
	sp.solution_ctx = &all;
	ck_assert_int_eq(dlx_search(p, &sp, NULL), DLX_OK);
	ck_assert_uint_eq(all.n_solutions, 4);
	for (size_t opt = 0; opt < 36; opt++) {
		uint64_t want = 0;
		for (size_t s = 0; s < 4; s++)
			for (size_t k = 0; k < all.len[s]; k++)
				want += all.opts[s][k] == opt;
		ck_assert_int_eq(dlx_force_option(p, opt), DLX_OK);
		dlx_stats st;
		ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
		ck_assert_uint_eq(st.solutions, want);
		dlx_release_forced(p);
		assert_sane(p);
	}
	dlx_problem_free(p);
}
END_TEST

/* Counters near 2^64 must stop the search with DLX_ERR_OVERFLOW, never wrap. */
START_TEST(counters_never_wrap)
{
	dlx_problem *p = queens(6); /* 4 solutions */
	dlx_stats base, st;
	ck_assert_int_eq(dlx_search(p, NULL, &base), DLX_OK);
	ck_assert_uint_eq(base.solutions, 4);

	dlx_stats start = { UINT64_MAX - 2, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	ck_assert_int_eq(dlx__search_from(p, NULL, &st, &start), DLX_ERR_OVERFLOW);
	ck_assert_uint_eq(st.solutions, UINT64_MAX);
	ck_assert_int_eq(st.stop, DLX_STOP_ERROR);
	assert_sane(p);

	start = (dlx_stats){ 0, UINT64_MAX - 10, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	ck_assert_int_eq(dlx__search_from(p, NULL, &st, &start), DLX_ERR_OVERFLOW);
	ck_assert_uint_eq(st.nodes, UINT64_MAX);
	assert_sane(p);

	start = (dlx_stats){ 0, 0, UINT64_MAX - 1000, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	ck_assert_int_eq(dlx__search_from(p, NULL, &st, &start), DLX_ERR_OVERFLOW);
	ck_assert_uint_ge(st.updates, UINT64_MAX - 1000);
	assert_sane(p);

	/* Just below the edge the counts come out exact. */
	start = (dlx_stats){ UINT64_MAX - 4, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	ck_assert_int_eq(dlx__search_from(p, NULL, &st, &start), DLX_OK);
	ck_assert_uint_eq(st.solutions, UINT64_MAX);
	ck_assert_uint_eq(st.nodes, base.nodes);

	/* The problem is intact: the same search again. */
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 4);
	ck_assert_uint_eq(st.nodes, base.nodes);
	dlx_problem_free(p);
}
END_TEST

/* The library's version is the headers', and DLX_VERSION's parts spell it. */
START_TEST(version_is_the_headers)
{
	ck_assert_str_eq(dlx_version(), DLX_VERSION);
	char parts[32];
	snprintf(parts, sizeof parts, "%d.%d.%d", DLX_VERSION_MAJOR, DLX_VERSION_MINOR, DLX_VERSION_PATCH);
	ck_assert_str_eq(parts, DLX_VERSION);
}
END_TEST

/* Every error code has its own message, and unknown codes a generic one. */
START_TEST(error_messages)
{
	static const int codes[] = { DLX_OK, DLX_ERR_NOMEM, DLX_ERR_INVALID, DLX_ERR_DUPLICATE, DLX_ERR_TOO_BIG,
		DLX_ERR_CONFLICT, DLX_ERR_OVERFLOW, DLX_ERR_STATE, DLX_ERR_SYNTAX, DLX_ERR_IO, DLX_ERR_UNSUPPORTED };
	size_t n = sizeof codes / sizeof codes[0];
	for (size_t a = 0; a < n; a++) {
		const char *m = dlx_strerror(codes[a]);
		ck_assert_ptr_nonnull(m);
		ck_assert_uint_gt(strlen(m), 3);
		ck_assert_str_ne(m, "unknown error");
		for (size_t b = 0; b < a; b++)
			ck_assert_str_ne(m, dlx_strerror(codes[b]));
	}
	ck_assert_str_eq(dlx_strerror(-100), "unknown error");
	ck_assert_str_eq(dlx_strerror(7), "unknown error");
}
END_TEST

/*
 * An option whose items are all colored marks its own nodes instead of
 * hiding them: forcing it a second time must still be refused.
 */
START_TEST(colored_option_forced_twice)
{
	dlx_problem *p = dlx_problem_new(1, 2);
	size_t all_colored[] = { 1, 2 }, plain[] = { 0, 1 };
	uint32_t colors[] = { 5, 6 }, plain_colors[] = { 0, 5 };
	ck_assert_int_eq(dlx_add_option_colored(p, all_colored, colors, 2), 0);
	ck_assert_int_eq(dlx_add_option_colored(p, plain, plain_colors, 2), 1);
	ck_assert_int_eq(dlx_force_option(p, 0), DLX_OK);
	ck_assert_int_eq(dlx_force_option(p, 0), DLX_ERR_CONFLICT);
	ck_assert_uint_eq(dlx_forced_count(p), 1);
	/* The other option agrees on item 1's color, so it is still possible. */
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 1);
	dlx_release_forced(p);
	assert_sane(p);
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 1);
	dlx_problem_free(p);
}
END_TEST

START_TEST(bad_arguments_are_errors)
{
	dlx_problem *p = dlx_problem_new(3, 1);
	size_t dup[2] = { 1, 1 }, out[2] = { 0, 4 }, ok[2] = { 0, 3 };
	ck_assert_int_eq(dlx_add_option(p, dup, 2), DLX_ERR_DUPLICATE);
	ck_assert_int_eq(dlx_add_option(p, out, 2), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_add_option(p, ok, 0), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_add_option(p, NULL, 1), DLX_ERR_INVALID);
	ck_assert_uint_eq(dlx_option_count(p), 0);
	ck_assert_int_eq(dlx_add_option(p, ok, 2), 0);
	ck_assert_uint_eq(dlx_option_size(p, 0), 2);
	ck_assert_uint_eq(dlx_option_item(p, 0, 1), 3);
	ck_assert_uint_eq(dlx_option_item(p, 0, 2), (size_t)-1);
	ck_assert_uint_eq(dlx_option_size(p, 1), 0);
	ck_assert_int_eq(dlx_force_option(p, 1), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_search(NULL, NULL, NULL), DLX_ERR_INVALID);
	assert_sane(p);
	dlx_problem_free(p);
	dlx_problem_free(NULL);
	ck_assert_ptr_null(dlx_problem_new(SIZE_MAX, 1));
	ck_assert_str_eq(dlx_strerror(DLX_ERR_NOMEM), "out of memory");
	ck_assert_str_eq(dlx_strerror(12345), "unknown error");
}
END_TEST

START_TEST(edge_cases)
{
	dlx_stats st;
	/* No primary items: the empty set is the one solution. */
	dlx_problem *p = dlx_problem_new(0, 2);
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 1);
	dlx_problem_free(p);
	/* A primary item no option covers: no solution, found at once. */
	p = dlx_problem_new(2, 0);
	size_t a[1] = { 0 };
	dlx_add_option(p, a, 1);
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 0);
	ck_assert_uint_le(st.nodes, 2);
	dlx_problem_free(p);
	/* Options of secondary items only are never chosen. */
	p = dlx_problem_new(1, 1);
	size_t s[1] = { 1 }, both[2] = { 0, 1 };
	dlx_add_option(p, s, 1);
	dlx_add_option(p, a, 1);
	dlx_add_option(p, both, 2);
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 2);
	/* Forcing a secondary-only option makes {0 1} impossible. */
	ck_assert_int_eq(dlx_force_option(p, 0), DLX_OK);
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 1);
	dlx_release_forced(p);
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

START_TEST(deep_search_needs_no_recursion)
{
	/* One option per item: a search 20000 levels deep (the MRV scan per level keeps it O(n^2)). */
	size_t n = 20000;
	dlx_problem *p = dlx_problem_new(n, 0);
	for (size_t i = 0; i < n; i++)
		ck_assert_int_ge(dlx_add_option(p, &i, 1), 0);
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 1);
	ck_assert_uint_eq(st.max_level, n);
	dlx_problem_free(p);
}
END_TEST

static Suite *core_suite(void)
{
	Suite *s = suite_create("core");
	TCase *tc = tcase_create("examples");
	tcase_add_test(tc, knuth_paper_example);
	tcase_add_loop_test(tc, queens_counts_oeis, 1, 11);
	tcase_add_test(tc, queens_solutions_are_covers);
	tcase_add_test(tc, edge_cases);
	tcase_add_test(tc, deep_search_needs_no_recursion);
	suite_add_tcase(s, tc);

	tc = tcase_create("brute-force");
	tcase_add_test(tc, random_vs_brute_force);
	tcase_add_test(tc, random_vs_brute_force_secondary);
	tcase_add_test(tc, random_colored_vs_brute_force);
	tcase_add_test(tc, knuth_colors_example);
	tcase_add_test(tc, word_squares_vs_brute_force);
	tcase_add_test(tc, propagation_vs_brute_force);
	tcase_add_test(tc, propagation_bad_arguments);
	tcase_add_test(tc, shuffled_options_same_solutions);
	suite_add_tcase(s, tc);

	tc = tcase_create("modes");
	tcase_add_test(tc, first_solution_stops_early);
	tcase_add_test(tc, callback_stops_search);
	tcase_add_test(tc, node_limit_stops_search);
	tcase_add_test(tc, poll_stops_search);
	suite_add_tcase(s, tc);

	tc = tcase_create("forced");
	tcase_add_test(tc, forced_options_restrict_and_release);
	tcase_add_test(tc, forced_options_match_brute_force);
	suite_add_tcase(s, tc);

	tc = tcase_create("version");
	tcase_add_test(tc, version_is_the_headers);
	suite_add_tcase(s, tc);

	tc = tcase_create("errors");
	tcase_add_test(tc, bad_arguments_are_errors);
	tcase_add_test(tc, error_messages);
	tcase_add_test(tc, colored_option_forced_twice);
	tcase_add_test(tc, counters_never_wrap);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(core_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
