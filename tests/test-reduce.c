/*
 * Check suite "reduce": dlx_blocked_options() against a model of its rule
 * computed on bitmasks (the greatest set of options such that each one
 * blocked leaves a primary item whose other options all clash with it),
 * against a brute force of every solution (a blocked option is in none),
 * on small random problems with secondary items and colors; the problem
 * the same after the call; the pentominoes of data/; the errors.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core-fixtures.h"
#include "dlx-ec.h"
#include "dlx.h"

struct model {
	size_t np, ns, no;
	uint32_t mask[16];
	uint32_t color[16][4]; /* by secondary item; 0 none */
};

/* Whether options a and b cannot both be chosen: a primary item shared, or a secondary one not alike. */
static bool clash(const struct model *m, size_t a, size_t b)
{
	uint32_t primary = (1u << m->np) - 1;
	if (m->mask[a] & m->mask[b] & primary)
		return true;
	for (size_t j = 0; j < m->ns; j++)
		if (m->mask[a] >> (m->np + j) & m->mask[b] >> (m->np + j) & 1)
			if (!m->color[a][j] || m->color[a][j] != m->color[b][j])
				return true;
	return false;
}

static bool exact_cover(const struct model *m, uint32_t s)
{
	uint32_t used = 0, primary = (1u << m->np) - 1;
	for (size_t a = 0; a < m->no; a++) {
		if (!(s >> a & 1))
			continue;
		if (!(m->mask[a] & primary))
			return false;
		for (size_t b = a + 1; b < m->no; b++)
			if (s >> b & 1 && clash(m, a, b))
				return false;
		used |= m->mask[a];
	}
	return (used & primary) == primary;
}

/*
 * The rule's fixpoint, by rounds over bitmasks: an option is blocked when
 * it has no primary item, when some primary item has no option left, or
 * when some primary item it lacks has all its options left clashing with
 * it.  Blocking only removes options, which only blocks more, so the
 * fixpoint does not depend on the order of the tests.
 */
static uint32_t model_blocked(const struct model *m)
{
	uint32_t out = 0, primary = (1u << m->np) - 1;
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t i = 0; i < m->np; i++) {
			bool any = false;
			for (size_t b = 0; b < m->no; b++)
				any |= !(out >> b & 1) && m->mask[b] >> i & 1;
			if (!any)
				return m->no < 32 ? (1u << m->no) - 1 : UINT32_MAX;
		}
		for (size_t a = 0; a < m->no; a++) {
			if (out >> a & 1)
				continue;
			bool blocked = !(m->mask[a] & primary);
			for (size_t i = 0; i < m->np && !blocked; i++) {
				if (m->mask[a] >> i & 1)
					continue;
				bool all = true;
				for (size_t b = 0; b < m->no && all; b++)
					if (!(out >> b & 1) && m->mask[b] >> i & 1)
						all = clash(m, a, b);
				blocked = all;
			}
			if (blocked) {
				out |= 1u << a;
				changed = true;
			}
		}
	}
	return out;
}

/* A poll that stops after `after` calls (one per test). */
struct stopper {
	uint64_t after, calls;
};

static int stop_after(void *ctx, const dlx_stats *so_far)
{
	struct stopper *s = ctx;
	ck_assert_uint_eq(so_far->nodes, s->calls + 1);
	ck_assert(so_far->progress >= 0 && so_far->progress <= 1);
	return ++s->calls >= s->after;
}

static dlx_problem *random_problem(unsigned seed, struct model *m)
{
	rng_seed(seed * 2246822519u + 3);
	memset(m, 0, sizeof *m);
	m->np = 1 + rng() % 6;
	m->ns = rng() % 5;
	m->no = 1 + rng() % 16;
	size_t ni = m->np + m->ns;
	dlx_problem *p = dlx_problem_new(m->np, m->ns);
	ck_assert_ptr_nonnull(p);
	unsigned density = 2 + rng() % 3, n_colors = rng() % 3;
	for (size_t k = 0; k < m->no; k++) {
		size_t items[12], n = 0;
		uint32_t colors[12];
		/* Now and then a twin of an earlier option, its items in reverse order (tested once for both). */
		if (k && rng() % 4 == 0) {
			size_t t = rng() % k;
			m->mask[k] = m->mask[t];
			memcpy(m->color[k], m->color[t], sizeof m->color[k]);
			for (size_t i = ni; i-- > 0;)
				if (m->mask[k] >> i & 1) {
					items[n] = i;
					colors[n++] = i >= m->np ? m->color[k][i - m->np] : 0;
				}
			ck_assert_int_eq(dlx_add_option_colored(p, items, colors, n), (long)k);
			continue;
		}
		for (size_t i = 0; i < ni; i++)
			if (rng() % density == 0 || (n == 0 && i == ni - 1)) {
				items[n] = i;
				colors[n] = i >= m->np && n_colors ? rng() % (n_colors + 1) : 0;
				m->mask[k] |= 1u << i;
				if (i >= m->np)
					m->color[k][i - m->np] = colors[n];
				n++;
			}
		ck_assert_int_eq(dlx_add_option_colored(p, items, colors, n), (long)k);
	}
	return p;
}

START_TEST(random_vs_model)
{
	unsigned trials = 3000, div = 1;
	const char *d = getenv("DLX_TEST_TRIALS_DIVISOR");
	if (d && atoi(d) > 0)
		div = (unsigned)atoi(d);
	size_t total_blocked = 0;
	for (unsigned seed = 1; seed <= trials / div; seed++) {
		struct model m;
		dlx_problem *p = random_problem(seed, &m);
		dlx_stats before, after;
		ck_assert_int_eq(dlx_search(p, NULL, &before), DLX_OK);
		unsigned char blocked[16];
		size_t n_blocked = 99;
		dlx_stats rst;
		ck_assert_int_eq(dlx_blocked_options(p, NULL, blocked, &n_blocked, &rst), DLX_OK);
		ck_assert_int_eq(rst.stop, DLX_STOP_COMPLETE);
		uint32_t want = model_blocked(&m), got = 0;
		for (size_t k = 0; k < m.no; k++) {
			ck_assert(blocked[k] <= 1);
			got |= (uint32_t)blocked[k] << k;
		}
		ck_assert_msg(got == want, "seed %u: blocked 0x%x, the model's 0x%x", seed, got, want);
		ck_assert_uint_eq(n_blocked, (size_t)__builtin_popcount(got));
		total_blocked += n_blocked;
		/*
		 * Stopped after k tests, by the limit or by the poll: a subset of
		 * the whole answer, and the problem as it was.
		 */
		for (uint64_t k = 0; k <= rst.nodes; k++) {
			struct stopper stop = { k, 0 };
			dlx_search_params lp = DLX_SEARCH_PARAMS_INIT;
			if (k % 2) {
				lp.on_poll = stop_after;
				lp.poll_ctx = &stop;
			} else {
				lp.node_limit = k;
			}
			unsigned char part[16];
			size_t n_part;
			dlx_stats pst;
			ck_assert_int_eq(dlx_blocked_options(p, &lp, part, &n_part, &pst), DLX_OK);
			uint32_t sub = 0;
			for (size_t o = 0; o < m.no; o++)
				sub |= (uint32_t)part[o] << o;
			ck_assert_msg((sub & ~got) == 0, "seed %u, %llu tests: blocked 0x%x, the whole answer 0x%x", seed,
				      (unsigned long long)k, sub, got);
			ck_assert_uint_eq(n_part, (size_t)__builtin_popcount(sub));
			ck_assert_uint_le(pst.nodes, k ? k : rst.nodes);
			if (pst.stop == DLX_STOP_COMPLETE)
				ck_assert_uint_eq(sub, got);
			else
				ck_assert_int_eq(pst.stop, k % 2 ? DLX_STOP_POLL : DLX_STOP_NODE_LIMIT);
		}
		/* No solution has a blocked option, and the problem searches as before. */
		uint64_t solutions = 0;
		for (uint32_t s = 0; s < (1u << m.no); s++)
			if (exact_cover(&m, s)) {
				solutions++;
				ck_assert_msg(!(s & got), "seed %u: solution 0x%x has a blocked option", seed, s);
			}
		assert_sane(p);
		ck_assert_int_eq(dlx_search(p, NULL, &after), DLX_OK);
		ck_assert_uint_eq(after.solutions, solutions);
		ck_assert_uint_eq(before.solutions, solutions);
		ck_assert_uint_eq(after.nodes, before.nodes);
		ck_assert_uint_eq(after.updates, before.updates);
		dlx_problem_free(p);
	}
	/* The trials must exercise the rule, not only its empty answer. */
	ck_assert_uint_gt(total_blocked, trials / div);
}
END_TEST

/* dlx-gen-pentominoes 3x20, data/pentominoes-3x20.dlx: 150 of 1,236 options wall off a region. */
START_TEST(pentominoes)
{
	const char *dir = getenv("DLX_DATA");
	char path[4096];
	snprintf(path, sizeof path, "%s/pentominoes-3x20.dlx", dir ? dir : "data");
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	dlx_ec *ec;
	dlx_error_info err;
	ck_assert_int_eq(dlx_ec_read(f, &ec, &err), DLX_OK);
	fclose(f);
	dlx_problem *p = dlx_ec_problem(ec);
	size_t n = dlx_option_count(p), n_blocked;
	ck_assert_uint_eq(n, 1236);
	unsigned char *blocked = malloc(n);
	ck_assert_ptr_nonnull(blocked);
	ck_assert_int_eq(dlx_blocked_options(p, NULL, blocked, &n_blocked, NULL), DLX_OK);
	ck_assert_uint_eq(n_blocked, 150);
	/* Written without them and read back: the same 8 tilings, from a smaller tree. */
	FILE *t = tmpfile();
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(dlx_ec_write(t, ec, blocked), DLX_OK);
	rewind(t);
	dlx_ec *reduced;
	ck_assert_int_eq(dlx_ec_read(t, &reduced, &err), DLX_OK);
	fclose(t);
	ck_assert_uint_eq(dlx_option_count(dlx_ec_problem(reduced)), n - 150);
	/* The two counts take a minute under memcheck (DLX_TEST_TRIALS_DIVISOR): the random trials cover it there. */
	const char *d = getenv("DLX_TEST_TRIALS_DIVISOR");
	if (!d || atoi(d) <= 1) {
		dlx_stats whole, less;
		ck_assert_int_eq(dlx_search(p, NULL, &whole), DLX_OK);
		ck_assert_int_eq(dlx_search(dlx_ec_problem(reduced), NULL, &less), DLX_OK);
		ck_assert_uint_eq(whole.solutions, 8);
		ck_assert_uint_eq(less.solutions, 8);
		ck_assert_uint_lt(less.updates, whole.updates);
	}
	free(blocked);
	dlx_ec_free(reduced);
	dlx_ec_free(ec);
}
END_TEST

/*
 * Options with the same items and colors are tested once for all: n copies
 * of one option cost n tests of n hidden nodes each (7.3 s at 20,000).
 * Here m copies of {a b} are blocked (they leave c no option) and m
 * copies of {c a}, written in another order, pass, with b's own option:
 * three tests, and updates linear in m.
 */
START_TEST(twins_tested_once)
{
	size_t m = 20000;
	dlx_problem *p = dlx_problem_new(3, 0);
	ck_assert_ptr_nonnull(p);
	size_t ab[2] = { 0, 1 }, ca[2] = { 2, 0 }, b[1] = { 1 };
	for (size_t k = 0; k < m; k++) {
		ck_assert_int_ge(dlx_add_option(p, ab, 2), 0);
		ck_assert_int_ge(dlx_add_option(p, ca, 2), 0);
	}
	ck_assert_int_ge(dlx_add_option(p, b, 1), 0);
	unsigned char *blocked = malloc(2 * m + 1);
	size_t n_blocked;
	dlx_stats st;
	ck_assert_int_eq(dlx_blocked_options(p, NULL, blocked, &n_blocked, &st), DLX_OK);
	ck_assert_uint_eq(n_blocked, m);
	for (size_t k = 0; k < 2 * m; k++)
		ck_assert_int_eq(blocked[k], k % 2 == 0);
	ck_assert_int_eq(blocked[2 * m], 0);
	ck_assert_uint_eq(st.nodes, 3);
	ck_assert_uint_le(st.updates, 8 * m);
	ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
	free(blocked);
	dlx_problem_free(p);
}
END_TEST

START_TEST(errors)
{
	unsigned char blocked[4];
	size_t n;
	ck_assert_int_eq(dlx_blocked_options(NULL, NULL, blocked, &n, NULL), DLX_ERR_INVALID);
	dlx_problem *p = dlx_problem_new(2, 0);
	ck_assert_ptr_nonnull(p);
	/* No option: nothing to mark, blocked may be NULL. */
	ck_assert_int_eq(dlx_blocked_options(p, NULL, NULL, &n, NULL), DLX_OK);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(dlx_add_option(p, (size_t[]){ 0, 1 }, 2), 0);
	ck_assert_int_eq(dlx_add_option(p, (size_t[]){ 0 }, 1), 1);
	ck_assert_int_eq(dlx_blocked_options(p, NULL, NULL, &n, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_blocked_options(p, NULL, blocked, NULL, NULL), DLX_ERR_INVALID);
	/* Option 1 leaves item 1 without options. */
	ck_assert_int_eq(dlx_blocked_options(p, NULL, blocked, &n, NULL), DLX_OK);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(blocked[0], 0);
	ck_assert_uint_eq(blocked[1], 1);
	ck_assert_int_eq(dlx_force_option(p, 0), DLX_OK);
	blocked[0] = blocked[1] = 7;
	ck_assert_int_eq(dlx_blocked_options(p, NULL, blocked, &n, NULL), DLX_ERR_STATE);
	dlx_release_forced(p);
	dlx_iter *it;
	ck_assert_int_eq(dlx_iter_new(p, NULL, &it), DLX_OK);
	const size_t *opts;
	size_t k;
	ck_assert_int_eq(dlx_iter_next(it, &opts, &k), 1);
	ck_assert_int_eq(dlx_blocked_options(p, NULL, blocked, &n, NULL), DLX_ERR_STATE);
	dlx_iter_free(it);
	ck_assert_int_eq(dlx_set_item_bounds(p, 0, 1, 2), DLX_OK);
	ck_assert_int_eq(dlx_blocked_options(p, NULL, blocked, &n, NULL), DLX_ERR_STATE);
	dlx_problem_free(p);
}
END_TEST

static Suite *reduce_suite(void)
{
	Suite *s = suite_create("reduce");
	TCase *tc = tcase_create("reduce");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, random_vs_model);
	tcase_add_test(tc, pentominoes);
	tcase_add_test(tc, errors);
	tcase_add_test(tc, twins_tested_once);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(reduce_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
