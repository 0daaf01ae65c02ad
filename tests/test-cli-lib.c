/*
 * Check suite "cli-lib": the programs' shared helpers (src/cli/cli.c) where
 * a golden case cannot see them.
 */
#define _GNU_SOURCE /* sched_setaffinity(), CPU_COUNT() */
#include <check.h>
#include <sched.h>
#include <stdlib.h>

#include "cli.h"

/*
 * The default number of threads follows the CPUs this process may run on
 * (taskset, a cpuset, a Slurm task's allocation), not the machine's cores:
 * a Slurm array task given one CPU of a 64-core node must not start 64
 * threads on it.
 */
START_TEST(cores_follow_affinity)
{
	cpu_set_t all, one;
	ck_assert_int_eq(sched_getaffinity(0, sizeof all, &all), 0);
	ck_assert_uint_eq(cli_usable_cores(), (unsigned)CPU_COUNT(&all));
	int first = 0;
	while (!CPU_ISSET(first, &all))
		first++;
	CPU_ZERO(&one);
	CPU_SET(first, &one);
	ck_assert_int_eq(sched_setaffinity(0, sizeof one, &one), 0);
	ck_assert_uint_eq(cli_usable_cores(), 1);
	ck_assert_int_eq(sched_setaffinity(0, sizeof all, &all), 0);
	ck_assert_uint_eq(cli_usable_cores(), (unsigned)CPU_COUNT(&all));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("cli-lib");
	TCase *tc = tcase_create("cores");
	tcase_add_test(tc, cores_follow_affinity);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
