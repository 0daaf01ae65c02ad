/*
 * Check suite "problems": known solution counts of the instances that the
 * generators in tools/ write, read back through the text reader.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "dlx-ec.h"

/* Runs generator $env_var with arg, reads its output as a problem and counts its solutions. */
static uint64_t count_generated(const char *env_var, const char *arg, dlx_stats *st)
{
	const char *gen = getenv(env_var);
	ck_assert_msg(gen != NULL, "%s is not set (run through meson test)", env_var);
	char cmd[4096];
	snprintf(cmd, sizeof cmd, "'%s' %s", gen, arg);
	FILE *f = popen(cmd, "r");
	ck_assert_ptr_nonnull(f);
	dlx_ec *ec;
	dlx_error_info err;
	int r = dlx_ec_read(f, &ec, &err);
	ck_assert_int_eq(pclose(f), 0);
	ck_assert_msg(r == DLX_OK, "%s %s: line %zu: %s", gen, arg, err.line, err.message);
	ck_assert_int_eq(dlx_search(dlx_ec_problem(ec), NULL, st), DLX_OK);
	dlx_ec_free(ec);
	return st->solutions;
}

/* OEIS A000170. */
static const uint64_t queens[] = { 0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724 };

START_TEST(queens_1_to_10)
{
	char arg[16];
	dlx_stats st;
	snprintf(arg, sizeof arg, "%d", _i);
	ck_assert_uint_eq(count_generated("DLX_GEN_QUEENS", arg, &st), queens[_i]);
}
END_TEST

struct known {
	const char *arg;
	uint64_t count;
};

/* OEIS A014552 doubled: a sequence and its reversal are both counted. */
static const struct known langford[] = { { "3", 2 }, { "4", 2 }, { "5", 0 }, { "7", 52 }, { "8", 300 } };

START_TEST(langford_pairs)
{
	dlx_stats st;
	ck_assert_uint_eq(count_generated("DLX_GEN_LANGFORD", langford[_i].arg, &st), langford[_i].count);
}
END_TEST

/* Every tiling counted, including the board's own rotations and reflections
 * (8x8h, the 8x8 board less its central 2x2: Scott's 65 tilings, times 8). */
static const struct known pentominoes[] = {
	{ "3x20", 8 }, { "4x15", 1472 }, { "5x12", 4040 }, { "6x10", 9356 }, { "8x8h", 520 },
};

START_TEST(pentomino_boards)
{
	dlx_stats st;
	uint64_t c = count_generated("DLX_GEN_PENTOMINOES", pentominoes[_i].arg, &st);
	ck_assert_msg(c == pentominoes[_i].count, "%s: %" PRIu64 " tilings, want %" PRIu64,
		      pentominoes[_i].arg, c, pentominoes[_i].count);
}
END_TEST

static Suite *problems_suite(void)
{
	Suite *s = suite_create("problems");
	TCase *tc = tcase_create("queens");
	tcase_add_loop_test(tc, queens_1_to_10, 1, 11);
	suite_add_tcase(s, tc);
	tc = tcase_create("langford");
	tcase_add_loop_test(tc, langford_pairs, 0, (int)(sizeof langford / sizeof langford[0]));
	suite_add_tcase(s, tc);
	tc = tcase_create("pentominoes");
	tcase_add_loop_test(tc, pentomino_boards, 0, (int)(sizeof pentominoes / sizeof pentominoes[0]));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(problems_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
