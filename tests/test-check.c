/*
 * Check suite "check": dlx__check(), the sanity checker every other suite
 * trusts, must notice each kind of broken link.  A white-box test: it sees
 * the problem's layout (src/core/dlx-problem.h) so that it can break a
 * problem's fields one at a time and restore them.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "dlx-internal.h"
#include "dlx-problem.h"
#include "dlx.h"

static dlx_problem *queens4(void)
{
	/* Rows 0-3 and columns 4-7 primary, 14 diagonals secondary. */
	dlx_problem *p = dlx_problem_new(8, 14);
	ck_assert_ptr_nonnull(p);
	for (size_t r = 0; r < 4; r++) {
		for (size_t c = 0; c < 4; c++) {
			size_t items[4] = { r, 4 + c, 8 + r + c, 8 + 7 + (r + 3 - c) };
			ck_assert_int_ge(dlx_add_option(p, items, 4), 0);
		}
	}
	return p;
}

static void expect_broken(const dlx_problem *p, const char *message)
{
	const char *what;
	ck_assert_int_eq(dlx__check(p, &what), -1);
	ck_assert_ptr_nonnull(what);
	ck_assert_str_eq(what, message);
}

static void expect_sane(const dlx_problem *p)
{
	const char *what;
	ck_assert_msg(dlx__check(p, &what) == 0, "%s", what ? what : "?");
}

START_TEST(every_breakage_is_noticed)
{
	dlx_problem *p = queens4();
	expect_sane(p);
	/* A node of row 0's list: item 1 internally. */
	int32_t x = p->node.down[1];
	int32_t saved;

	saved = p->n_act_p;
	p->n_act_p = p->np + 1;
	expect_broken(p, "active counts out of range");
	p->n_act_p = saved;

	saved = p->pos[2];
	p->pos[2] = p->pos[3];
	expect_broken(p, "item sets are not consistent");
	p->pos[2] = saved;

	saved = p->node.up[x];
	p->node.up[x] = x;
	expect_broken(p, "vertical list is not doubly linked");
	p->node.up[x] = saved;

	saved = p->node.top[x];
	p->node.top[x] = 2;
	expect_broken(p, "node in the wrong vertical list");
	p->node.top[x] = saved;

	saved = p->node.down[x];
	p->node.down[x] = (int32_t)p->n_nodes + 5;
	expect_broken(p, "link out of range");
	p->node.down[x] = saved;

	saved = p->len[1];
	p->len[1]++;
	expect_broken(p, "item length does not match its list");
	p->len[1] = saved;

	/* A list that never comes back to its head: a cycle among its nodes. */
	int32_t y = p->node.down[x];
	int32_t saved_down = p->node.down[y], saved_up = p->node.up[x];
	p->node.down[y] = x;
	p->node.up[x] = y;
	expect_broken(p, "vertical list does not close");
	p->node.down[y] = saved_down;
	p->node.up[x] = saved_up;

	expect_sane(p);
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 2);
	dlx_problem_free(p);
}
END_TEST

static Suite *check_suite(void)
{
	Suite *s = suite_create("check");
	TCase *tc = tcase_create("checker");
	tcase_add_test(tc, every_breakage_is_noticed);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(check_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
