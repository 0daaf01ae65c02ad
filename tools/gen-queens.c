/* gen-queens: write the N-queens problem as an exact-cover instance. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static void usage(void)
{
    fprintf(stderr, "usage: dlx-gen-queens N   (1 <= N <= 64)\n");
    exit(2);
}

static int parse_n(const char *s)
{
    char *end;
    /* strtol would otherwise accept leading blanks and signs. */
    if (*s < '0' || *s > '9')
        usage();
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < 1 || v > 64)
        usage();
    return (int)v;
}

int main(int argc, char **argv)
{
    if (argc != 2)
        usage();
    int n = parse_n(argv[1]);

    printf("| %d-queens: rows R and columns C primary, diagonals A (r+c) and B (r-c+N-1) secondary\n", n);
    /*
     * Rows and columns in "organ-pipe" order, middle first, as in Knuth's
     * queens generator: the MRV heuristic breaks ties by item order, and
     * central lines are the most constrained, so the tree gets much smaller.
     */
    for (int k = 0; k < n; k++) {
        int i = (n - 1) / 2 + (k % 2 ? (k + 1) / 2 : -(k / 2));
        if (n % 2 == 0)
            i = n / 2 + (k % 2 ? -(k + 1) / 2 : k / 2);
        printf("R%d C%d%s", i, i, k + 1 < n ? " " : "");
    }
    /* Diagonals are secondary: a queen need not sit on every diagonal. */
    printf(" |");
    for (int i = 0; i < 2 * n - 1; i++)
        printf(" A%d", i);
    for (int i = 0; i < 2 * n - 1; i++)
        printf(" B%d", i);
    printf("\n");

    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            printf("R%d C%d A%d B%d\n", r, c, r + c, r - c + n - 1);

    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
