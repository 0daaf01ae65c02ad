/*
 * Rates 9x9 puzzles one by one with dlx_sudoku_rate() and prints, for each,
 * its rating in tenths (a lower bound when beyond the ladder), 1 when the
 * ladder solved it (else 0), the technique name of the hardest step, and
 * the microseconds the rating took (grid set-up included),
 * for tools/rate-accuracy.sh.  The time of each puzzle alone is what the
 * program cannot tell (dlx-sudoku's --stats gives a run's total).
 *
 * The puzzles must have one solution (the uniqueness techniques are used).
 *
 * usage: sudoku-rate-time < puzzles   (81 characters a line, 0 or . blank; the rest of the line is ignored)
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>

#include "dlx-sudoku-explain.h"

int main(void)
{
	char line[1024];
	unsigned long n = 0;
	while (fgets(line, sizeof line, stdin)) {
		n++;
		uint8_t givens[81];
		for (unsigned c = 0; c < 81; c++) {
			char ch = line[c];
			if (!ch || ch == '\n') {
				fprintf(stderr, "sudoku-rate-time: line %lu: shorter than 81 cells\n", n);
				return 2;
			}
			givens[c] = ch >= '1' && ch <= '9' ? (uint8_t)(ch - '0') : 0;
		}
		struct timespec a, b;
		clock_gettime(CLOCK_MONOTONIC, &a);
		dlx_sudoku_logic g;
		dlx_sudoku_rating r;
		dlx_error_info err;
		int rc = dlx_sudoku_logic_init(givens, NULL, &g, &err);
		g.unique = 1; /* rated puzzles have one solution; SE's rating takes its uniqueness techniques */
		if (!rc)
			rc = dlx_sudoku_rate(&g, &r, NULL, NULL, &err);
		clock_gettime(CLOCK_MONOTONIC, &b);
		if (rc) {
			fprintf(stderr, "sudoku-rate-time: line %lu: %s\n", n, err.message);
			return 2;
		}
		double us = (double)(b.tv_sec - a.tv_sec) * 1e6 + (double)(b.tv_nsec - a.tv_nsec) / 1e3;
		printf("%u\t%d\t%s\t%.1f\n", r.rating, r.solved, dlx_sudoku_technique_name(r.hardest), us);
	}
	return 0;
}
