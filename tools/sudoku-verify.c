/*
 * sudoku-verify PUZZLES SOLUTIONS: checks, line by line, that each solution
 * is a valid complete sudoku that keeps its puzzle's givens.  Independent of
 * the solver (it shares no code with it), so the benchmark can trust it.
 *
 * Both files hold one board per line, N² symbols.  Symbols are compared as
 * characters, so any alphabet works; in puzzles '.', '0', '-' and '_' are
 * blanks.  A solution line "no solution" is accepted only with --allow-none.
 * Exit status: 0 all good, 1 a bad solution (the first is named), 2 usage.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_blank(char c)
{
	return c == '.' || c == '0' || c == '-' || c == '_';
}

static void chomp(char *s, ssize_t *n)
{
	while (*n > 0 && (s[*n - 1] == '\n' || s[*n - 1] == '\r'))
		s[--*n] = '\0';
}

/* Returns NULL when the solution is valid for the puzzle, else why not. */
static const char *check(const char *pz, size_t plen, const char *sol, size_t slen)
{
	if (plen != slen)
		return "length differs from the puzzle's";
	size_t box = 1;
	while ((box + 1) * (box + 1) * (box + 1) * (box + 1) <= plen)
		box++;
	size_t side = box * box;
	if (box < 2 || side * side != plen)
		return "not a square board of square side";
	for (size_t k = 0; k < plen; k++) {
		if (is_blank(sol[k]))
			return "blank cell in the solution";
		if (!is_blank(pz[k]) && pz[k] != sol[k])
			return "a given was changed";
	}
	/* Every row, column and box holds side distinct symbols, and together exactly side symbols are used. */
	bool used[256] = { false };
	size_t distinct = 0;
	for (size_t k = 0; k < plen; k++)
		if (!used[(unsigned char)sol[k]]) {
			used[(unsigned char)sol[k]] = true;
			distinct++;
		}
	if (distinct != side)
		return "the board does not use exactly N symbols";
	for (size_t u = 0; u < side; u++) {
		bool row[256] = { false }, col[256] = { false }, bx[256] = { false };
		for (size_t k = 0; k < side; k++) {
			unsigned char a = (unsigned char)sol[u * side + k];
			unsigned char b = (unsigned char)sol[k * side + u];
			size_t r = (u / box) * box + k / box, c = (u % box) * box + k % box;
			unsigned char x = (unsigned char)sol[r * side + c];
			if (row[a] || col[b] || bx[x])
				return "a symbol repeats in a row, column or box";
			row[a] = col[b] = bx[x] = true;
		}
	}
	return NULL;
}

int main(int argc, char **argv)
{
	bool allow_none = false;
	int a = 1;
	if (a < argc && strcmp(argv[a], "--allow-none") == 0) {
		allow_none = true;
		a++;
	}
	if (argc - a != 2) {
		fprintf(stderr, "usage: sudoku-verify [--allow-none] PUZZLES SOLUTIONS\n");
		return 2;
	}
	FILE *fp = fopen(argv[a], "r"), *fs = fopen(argv[a + 1], "r");
	if (!fp || !fs) {
		fprintf(stderr, "sudoku-verify: cannot open %s\n", !fp ? argv[a] : argv[a + 1]);
		return 2;
	}
	char *pz = NULL, *sol = NULL;
	size_t pcap = 0, scap = 0, line = 0, good = 0, none = 0;
	ssize_t pn, sn;
	while ((pn = getline(&pz, &pcap, fp)) >= 0) {
		chomp(pz, &pn);
		if (pn == 0 || pz[0] == '#' || strcmp(pz, "end") == 0)
			continue;
		line++;
		sn = getline(&sol, &scap, fs);
		if (sn < 0) {
			fprintf(stderr, "sudoku-verify: puzzle %zu: no solution line\n", line);
			return 1;
		}
		chomp(sol, &sn);
		if (allow_none && strcmp(sol, "no solution") == 0) {
			none++;
			continue;
		}
		const char *why = check(pz, (size_t)pn, sol, (size_t)sn);
		if (why) {
			fprintf(stderr, "sudoku-verify: puzzle %zu: %s\n  puzzle   %s\n  solution %s\n", line, why, pz, sol);
			return 1;
		}
		good++;
	}
	if (getline(&sol, &scap, fs) >= 0) {
		fprintf(stderr, "sudoku-verify: more solutions than puzzles\n");
		return 1;
	}
	printf("%zu verified, %zu without solution\n", good, none);
	free(pz);
	free(sol);
	fclose(fp);
	fclose(fs);
	return 0;
}
